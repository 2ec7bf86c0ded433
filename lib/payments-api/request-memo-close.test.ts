/**
 * A request's memoized answers live while the request is open: forgotten when its response
 * finishes, and when the client goes away before it does, so finished requests (and the async
 * context each kept promise holds) are not kept by the process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRequests, REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { forgetAnswersOnClose } from './request-memo-close';
import { heldRequests, memoized } from './request-memo';

let server: http.Server;
let origin = '';
/** Held while the request is being served, read by the test before the response ends. */
let heldDuring = -1;
const release: Array<() => void> = [];

beforeAll(async () => {
  logRequests();
  forgetAnswersOnClose();
  server = http.createServer(async (request, response) => {
    const key = request.headers[REQUEST_KEY_HEADER] as string;
    await memoized(key, 'GET', 'getPayin /p/1', () => Promise.resolve({ big: 'x'.repeat(1000) }));
    heldDuring = heldRequests();
    if (request.url === '/slow') await new Promise<void>((resolve) => release.push(resolve));
    if (!response.destroyed) response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('request memo over a request’s life', () => {
  it('holds a request’s answers while it is served and forgets them when its response ends', async () => {
    const before = heldRequests();
    for (let i = 0; i < 20; i += 1) expect(await (await fetch(origin)).text()).toBe('ok');
    await settle();
    expect(heldDuring).toBe(before + 1);
    expect(heldRequests()).toBe(before);
  });

  it('forgets them when the client goes away before the answer', async () => {
    const before = heldRequests();
    const aborted = new AbortController();
    const sent = fetch(`${origin}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
    while (release.length === 0) await settle();
    expect(heldRequests()).toBe(before + 1);
    aborted.abort();
    expect(await sent).toBe('aborted');
    await settle();
    expect(heldRequests()).toBe(before);
    release.shift()!();
  });
});
