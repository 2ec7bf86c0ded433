/**
 * The request hook: the client's X-Request-Id is kept when it is a plain token, but the request
 * key that per-request caches use is always made by the server, whatever the client sends, so
 * two requests never share one (lib/payments-api/request-memo.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRequests, REQUEST_ID_HEADER, REQUEST_KEY_HEADER, requestIdFrom } from './request-log';

let server: http.Server;
let origin = '';
beforeAll(async () => {
  logRequests();
  server = http.createServer((request, response) =>
    response.end(JSON.stringify({ id: request.headers[REQUEST_ID_HEADER], key: request.headers[REQUEST_KEY_HEADER] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('request id and request key', () => {
  it('keeps a plain client id, replaces any other', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('x'.repeat(65))).not.toBe('x'.repeat(65));
    expect(requestIdFrom('a b')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes a new key for every request, whatever the client sends', async () => {
    const send = async () =>
      (await (await fetch(origin, { headers: { 'X-Request-Id': 'same-id', [REQUEST_KEY_HEADER]: 'forged-key' } })).json()) as {
        id: string;
        key: string;
      };
    const [a, b] = [await send(), await send()];
    expect(a.id).toBe('same-id');
    expect(b.id).toBe('same-id');
    expect(a.key).not.toBe('forged-key');
    expect(b.key).not.toBe('forged-key');
    expect(a.key).not.toBe(b.key);
  });
});
