/** The withdrawal widgets of the failover test (failover-test.mjs): their sessions, and each one's event stream, kept as the widget keeps it. */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { launch } from '../support/launch.mjs';
import { readServerSentEvents, snapshotOf } from '../support/server-sent-events.mjs';
import { customer, returnUrls } from './failover-customers.mjs';
import { json, saw, send, sleep } from './failover-requests.mjs';

/**
 * One widget's stream as the widget keeps it (components/cashier/live-balance/live-balance.tsx): EventSource
 * reconnects a broken or ended stream after `retry` (3 s, the server's); a refused one (an answer
 * other than 200) it closes for good, and the widget polls, then asks for the stream again after
 * 10 to 30 s. `lb`: the checkouts' origin; `cookie`: the holder's. Answers the widget's state
 * ({ sessionId, state, balance, opens, breaks, refusals, retryMs }), kept up to date, and `close()`.
 */
export function openWidget(lb, sessionId, cookie) {
  const widget = { sessionId, state: 'connecting', balance: null, opens: 0, breaks: 0, refusals: 0, retryMs: 3000, request: null };
  let timer;
  const connect = () => {
    if (widget.state === 'closed') return;
    widget.state = 'connecting';
    const request = http.get(
      `${lb}/api/cashier/${sessionId}/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          widget.state = 'refused';
          widget.refusals += 1;
          saw(`widget stream: refused ${response.statusCode} (the widget polls, asks again in 10 to 30 s)`);
          response.resume();
          timer = setTimeout(connect, 20_000 * (0.5 + Math.random()));
          return;
        }
        widget.state = 'open';
        widget.opens += 1;
        readServerSentEvents(response, (event) => {
          const retry = /^retry: (\d+)$/m.exec(event);
          if (retry) widget.retryMs = Number(retry[1]);
          const snapshot = snapshotOf(event);
          if (snapshot) widget.balance = snapshot.balance;
        });
        response.on('end', () => broken('ended'));
        response.on('error', () => broken('broken'));
      },
    );
    request.on('error', () => broken('no answer'));
    widget.request = request;
  };
  const broken = (how) => {
    if (widget.state === 'closed' || widget.state === 'reconnecting' || widget.state === 'refused') return;
    widget.state = 'reconnecting';
    widget.breaks += 1;
    saw(`widget stream: ${how} (reconnects)`);
    timer = setTimeout(connect, widget.retryMs);
  };
  widget.close = () => {
    clearTimeout(timer);
    widget.state = 'closed';
    widget.request?.destroy();
  };
  connect();
  return widget;
}

/**
 * Opens `count` withdrawal widgets: their cashier sessions created through the merchant API
 * (`api`, `merchantAuth`: its base and Authorization header; balance 100 EUR), each launch
 * address opened by a browser of its own (a spend gives its browser a new secret), each stream
 * opened on `lb` with its browser's cookie.
 * Answers `widgets` and `changeBalances(balance, withinMs)`: sets every session's balance (major
 * units), answers how many widgets showed it within `withinMs`.
 */
export async function openWidgets({ count, api, lb, merchantAuth }) {
  const sessions = [];
  for (let i = 0; i < count; i += 20) {
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - i) }, async () => {
          const answer = await send(
            'widget setup',
            `${api}/public/cashier/session`,
            json(
              {
                customer: { ...customer, externalUserId: `widget-${randomUUID()}` },
                returnUrls,
                currency: 'EUR',
                kycVerified: false,
                previousTransactionCount: 0,
                balance: 100,
              },
              { ...merchantAuth, 'Idempotency-Key': randomUUID() },
            ),
            Date.now() + 60_000,
          );
          return JSON.parse(answer.text);
        }),
      )),
    );
  }
  const cookies = [];
  for (const session of sessions) cookies.push((await launch(session.widgetUrl, { checkoutOrigin: lb })).cookie);
  const widgets = sessions.map((s, i) => openWidget(lb, s.sessionId, cookies[i]));
  /** Changes every widget's balance through the merchant API; answers how many widgets showed it within `withinMs`. */
  const changeBalances = async (balance, withinMs) => {
    for (let i = 0; i < widgets.length; i += 20)
      await Promise.all(
        widgets
          .slice(i, i + 20)
          .map((w) =>
            send(
              'balance change',
              `${api}/public/cashier/session/${w.sessionId}/balance`,
              { method: 'PUT', headers: { 'Content-Type': 'application/json', ...merchantAuth }, body: JSON.stringify({ balance }) },
              Date.now() + 60_000,
            ),
          ),
      );
    const changedAt = performance.now();
    while (widgets.some((w) => w.balance !== balance) && performance.now() - changedAt < withinMs) await sleep(100);
    return widgets.filter((w) => w.balance === balance).length;
  };
  return { widgets, changeBalances };
}
