/**
 * The request guard attacked from outside, over real sockets on loopback:
 * a real http.Server with the guard installed, and a handler standing for Next.js
 * that runs Next's own bot regex on the User-Agent, as every page render does.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPeerToForwardedFor } from '@hosted-checkout/runtime/net/client-ip';
import { checkPagePost, checkRequestHead, isPagePost } from './request-checks';
import { guardRequests, MAX_ACTION_BODY_BYTES } from './request-guard';

// The regex Next.js runs on every page request's User-Agent (quadratic on a long one).
const { HTML_LIMITED_BOT_UA_RE } = (await import('next/dist/shared/lib/router/utils/html-bots.js')) as { HTML_LIMITED_BOT_UA_RE: RegExp };

let server: http.Server;
let port = 0;
let handled = 0;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  process.env.HEADERS_TIMEOUT_MS = '1000';
  process.env.REQUEST_TIMEOUT_MS = '2000';
  process.env.CONNECTIONS_PER_IP = '20';
  process.env.CHECKOUT_URL = ORIGIN;
  appendPeerToForwardedFor();
  guardRequests();
  server = http.createServer((request, response) => {
    handled += 1;
    HTML_LIMITED_BOT_UA_RE.test(String(request.headers['user-agent'] ?? ''));
    request.resume();
    request.on('end', () => response.end(`ok ${request.headers['x-forwarded-for']}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  for (const name of ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'CONNECTIONS_PER_IP', 'CHECKOUT_URL']) delete process.env[name];
});

/** Sends raw bytes on a new socket; answers everything the server wrote until it closed (or `waitMs`). */
function raw(bytes: string | Buffer, waitMs = 3000): Promise<{ text: string; closed: boolean; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, error });
    }, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, error });
    });
    socket.write(bytes);
  });
}

const get = (headers: Record<string, string>, path = '/payments/payin/p1/card') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('header sizes', () => {
  it('answers 431 to a 15 KB User-Agent before the handler runs its regex, in milliseconds', async () => {
    const before = handled;
    const started = performance.now();
    const { text } = await raw(get({ 'User-Agent': `Mozilla/5.0 ${'a-'.repeat(7_500)}` }));
    const ms = performance.now() - started;
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(handled).toBe(before);
    expect(ms).toBeLessThan(500);
  });

  it('answers 431 to a long Accept-Language and to a header block over 8 KB (Node’s parser)', async () => {
    expect((await raw(get({ 'Accept-Language': 'en;q=0.9,'.repeat(80) }))).text).toMatch(/^HTTP\/1\.1 431 /);
    expect((await raw(get({ 'X-Padding': 'x'.repeat(9000) }))).text).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('serves an ordinary browser’s headers', async () => {
    const { text } = await raw(
      get({
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
        Connection: 'close',
      }),
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('the client address', () => {
  it('a padded X-Forwarded-For picks nothing: the server sees the socket as the client', async () => {
    const { text } = await raw(get({ 'X-Forwarded-For': `${'6.6.6.6, '.repeat(600)}6.6.6.6`, Connection: 'close' }));
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/, 127\.0\.0\.1$/);
  });

  it('with a trusted hop that is not a valid address, refuses (400) instead of serving without a limit', () => {
    expect(checkRequestHead('GET', '/', { 'x-forwarded-for': 'not-an-ip, 127.0.0.1' }, 1)).toMatchObject({ status: 400 });
    expect(checkRequestHead('GET', '/', { 'x-forwarded-for': '198.51.100.4, 127.0.0.1' }, 1)).toBeNull();
  });
});

describe('page posts', () => {
  const origins = () => new Set([ORIGIN]);
  it('refuses no, null, malformed and foreign origins with 403, whatever the prefetch headers', () => {
    for (const origin of [null, 'null', 'http://[', 'https://evil.example', `${ORIGIN}.evil.example`, ' '.repeat(3) + ORIGIN]) {
      expect(checkPagePost('POST', '/payments/payin/p1/card', origin, '10', origins)).toMatchObject({ status: 403 });
    }
    expect(checkPagePost('POST', '/payments/payin/p1/card', ORIGIN, '10', origins)).toBeNull();
    // The very host it was sent to (one instance behind a balancer, posted to directly) is same-origin.
    expect(checkPagePost('POST', '/payments/payin/p1/card', 'http://127.0.0.1:3401', '10', origins, '127.0.0.1:3401')).toBeNull();
    expect(checkPagePost('POST', '/payments/payin/p1/card', 'http://127.0.0.1:3401', '10', origins, '127.0.0.1:3402')).toMatchObject({
      status: 403,
    });
    expect(checkPagePost('POST', '/payments/payin/p1/card', 'http://127.0.0.1:3401/x', '10', origins, '127.0.0.1:3401')).toMatchObject({
      status: 403,
    });
    // Dot segments are resolved as Next.js resolves them: not a way round the check.
    expect(checkPagePost('POST', '/api/../payments/payin/p1/card', 'https://evil.example', '10', origins)).toMatchObject({ status: 403 });
    expect(checkPagePost('POST', '/api/%2e%2e/payments/payin/p1/card', 'https://evil.example', '10', origins)).toMatchObject({
      status: 403,
    });
    // Route handlers keep their own checks.
    expect(checkPagePost('POST', '/api/csp-report', null, '10', origins)).toBeNull();
    expect(checkPagePost('POST', '/sandbox/api/public/payin', null, '10', origins)).toBeNull();
    // The SRC system's browser API checks its callers' Origin itself, and takes a chunked body and a CORS preflight.
    expect(checkPagePost('POST', '/sandbox/src/api/recognize', 'https://merchant.example', null, origins)).toBeNull();
    expect(isPagePost('POST', '/sandbox/src/api/checkout')).toBe(false);
    expect(checkRequestHead('OPTIONS', '/sandbox/src/api/recognize', { 'x-forwarded-for': '127.0.0.1' }, 0)).toBeNull();
    expect(checkPagePost('POST', '/sandbox/src/../payments/payin/p1/card', null, '10', origins)).toMatchObject({ status: 403 });
  });

  it('answers a prefetch-flagged post without Origin with 403 over the wire, and never calls the handler', async () => {
    const before = handled;
    const { text } = await raw(
      `POST /payments/payin/p1/card HTTP/1.1\r\nHost: localhost\r\nNext-Router-Prefetch: 1\r\nPurpose: prefetch\r\nContent-Length: 2\r\n\r\nab`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 403 /);
    expect(handled).toBe(before);
  });
});

describe('an early answer closes its connection', () => {
  it('413 says Connection: close, the client reads it whole, and its next request on a kept-alive agent succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (body: Buffer | null) =>
      new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        const r = http.request(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: body ? 'POST' : 'GET',
            path: '/payments/payin/p1/card',
            headers: body ? { Origin: ORIGIN, 'Content-Length': body.length } : {},
          },
          (response) => {
            let text = '';
            response.on('data', (c) => (text += c));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }));
          },
        );
        r.on('error', reject);
        r.end(body ?? undefined);
      });
    // A page first, so that the agent has a kept-alive connection to reuse.
    expect((await request(null)).status).toBe(200);
    const refused = await request(Buffer.alloc(MAX_ACTION_BODY_BYTES + 1, 97));
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    expect(refused.text).toMatch(/too large/);
    for (let i = 0; i < 5; i += 1) expect((await request(null)).status).toBe(200);
    agent.destroy();
  });

  it('a declared body of many megabytes is answered at once, without reading it', async () => {
    const started = performance.now();
    const { text } = await raw(
      `POST /payments/payin/p1/card HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nContent-Length: 50000000\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('time and connections', () => {
  it('closes a connection that sends no request head in time (slowloris)', async () => {
    const started = performance.now();
    const { closed, text } = await raw('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 5000);
    expect(closed).toBe(true);
    expect(text).toBe('');
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('closes a request whose body does not come in time', async () => {
    const { closed } = await raw(
      `POST /payments/payin/p1/card HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nContent-Length: 1000\r\n\r\nabc`,
      5000,
    );
    expect(closed).toBe(true);
  });

  it('refuses connections past the per-address cap, and takes new ones when they close', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    const { closed, text } = await raw(get({ Connection: 'close' }), 2000);
    expect(closed).toBe(true);
    expect(text).toBe('');
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await raw(get({ Connection: 'close' }))).text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
