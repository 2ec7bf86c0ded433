/**
 * Reading the cashier's live balance stream (/api/cashier/{sessionId}/events, text/event-stream)
 * in the scripts that hold many widgets open without a browser (the widget benchmark, the
 * failover test's widgets).
 */

/**
 * Reads the server-sent events of `response` (a Node http.IncomingMessage) as they arrive:
 * calls `onEvent(text)` with each whole event's text (its lines, without the blank line that
 * ends it); a partial event waits for its next chunk.
 */
export function readServerSentEvents(response, onEvent) {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onEvent(event);
    }
  });
}

/** The parsed JSON `data:` of a `snapshot` event's text (the widget's balance and transactions), else undefined. */
export function snapshotOf(event) {
  const data = event.split('\n').find((line) => line.startsWith('data: '));
  return event.includes('event: snapshot') && data ? JSON.parse(data.slice(6)) : undefined;
}
