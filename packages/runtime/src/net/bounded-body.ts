/**
 * Reads a request body as text, stopping as soon as it passes `maxBytes` (a declared
 * Content-Length above it is refused before reading; a chunked body is counted as it comes).
 * Answers null when the body is too large, so that nothing unbounded is ever held in memory.
 * The caller then answers (413) before the body has all come: on a Node server the request
 * guard's early-answer watch makes that answer say `Connection: close` and drains the rest before
 * closing (lib/net/body-watch.ts), so the connection is never reused with the body's tail in it.
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string | null> {
  const bytes = await readBoundedBytes(request, maxBytes);
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** The body's bytes, read as `readBoundedText` reads it (a multipart form, a file): null past `maxBytes`. */
export async function readBoundedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
