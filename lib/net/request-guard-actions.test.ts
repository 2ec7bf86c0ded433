/**
 * What Next.js would answer with a 500, attacked from outside over raw sockets on loopback: a
 * real http.Server with the request guard installed, and a handler standing for Next.js that
 * fails as Next.js fails (500) on what the guard must stop first: a TRACE, an X-Forwarded-Host,
 * a server action whose Origin is not its Host (Next.js compares the origin's host with
 * X-Forwarded-Host, else Host), and a server action's body that does not parse (Next.js hands a
 * fetch action's text to React's JSON reader, a multipart body to a form parser). A body that
 * parses reaches the handler byte for byte.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPeerToForwardedFor } from '@hosted-checkout/runtime/net/client-ip';
import { checkActionBody } from './action-body-check';
import { guardRequests } from './request-guard';

let server: http.Server;
let port = 0;
let handled = 0;
const ORIGIN = 'http://localhost:3000';
const HOST = 'localhost:3000';

/** Next.js's outcome for what the guard lets through: 500 where Next.js throws, else the body's length and hash. */
function standInForNext(request: http.IncomingMessage, body: Buffer): number {
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(request.method ?? '')) return 500;
  const forwardedHost = request.headers['x-forwarded-host'];
  const host = typeof forwardedHost === 'string' ? forwardedHost.split(',')[0]!.trim() : request.headers.host;
  const action = request.headers['next-action'] !== undefined;
  const multipart = (request.headers['content-type'] ?? '').startsWith('multipart/form-data');
  if (request.method === 'POST' && (action || multipart)) {
    const origin = request.headers.origin;
    if (origin && new URL(origin).host !== host) return 500;
    if (action && !multipart) {
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        return 500;
      }
    }
  }
  return 200;
}

beforeAll(async () => {
  process.env.CHECKOUT_URL = ORIGIN;
  appendPeerToForwardedFor();
  guardRequests();
  server = http.createServer((request, response) => {
    handled += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      response.statusCode = standInForNext(request, body);
      response.end(`${body.length} ${createHash('sha256').update(body).digest('hex')}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.CHECKOUT_URL;
});

/** Sends raw bytes on a new socket; answers what the server wrote until it closed (or 5 s). */
function raw(bytes: string | Buffer): Promise<{ text: string; status: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const done = () => {
      clearTimeout(timer);
      resolve({ text, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0) });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, 5000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(bytes);
  });
}

/** A fetch action as the browser posts it: `Next-Action`, Origin, text body. */
const action = (body: string | Buffer, headers: Record<string, string | null> = {}) => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const all = {
    Host: HOST,
    Origin: ORIGIN,
    'Next-Action': '7f'.repeat(21),
    'Content-Type': 'text/plain;charset=UTF-8',
    'Content-Length': String(bytes.length),
    Connection: 'close',
    ...headers,
  };
  const lines = Object.entries(all).flatMap(([k, v]) => (v === null ? [] : [`${k}: ${v}\r\n`]));
  return Buffer.concat([Buffer.from(`POST /payments/payin/p1/card HTTP/1.1\r\n${lines.join('')}\r\n`, 'latin1'), bytes]);
};

const multipart = (fields: [string, string][], boundary = '----formBoundaryAbCdEf') =>
  `${fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;

describe('server action bodies that do not parse: 400 before Next.js', () => {
  it.each([
    ['{{{', '{{{'],
    ['5,000 [', '['.repeat(5_000)],
    ['JSON nested 20,000 deep (valid, but deeper than React’s reader can go)', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['not an array', '{"a":1}'],
    ['empty', ''],
    ['not UTF-8', Buffer.from([0x5b, 0xff, 0xfe, 0x5d])],
  ])('%s', async (_, body) => {
    const before = handled;
    const { status, text } = await raw(action(body));
    expect(status).toBe(400);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(handled).toBe(before);
  });

  it('a multipart action whose form or rows do not parse', async () => {
    const boundary = '----formBoundaryAbCdEf';
    const type = `multipart/form-data; boundary=${boundary}`;
    for (const body of [
      'garbage without a boundary',
      multipart([['0', '{{{']]),
      multipart([
        ['0', '["$K1"]'],
        ['1', '['.repeat(5000)],
      ]),
      multipart([
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', '{"id":'],
      ]).replace(/--\r\n$/, ''),
    ]) {
      const before = handled;
      expect((await raw(action(body, { 'Content-Type': type }))).status, body.slice(0, 40)).toBe(400);
      expect(handled).toBe(before);
    }
    // Without the boundary parameter the form cannot be read at all.
    expect((await raw(action(multipart([['0', '[]']]), { 'Content-Type': 'multipart/form-data' }))).status).toBe(400);
  });

  it('passes a body that parses to Next.js byte for byte (held, then handed on)', async () => {
    const body = JSON.stringify([{ card: 'x'.repeat(60_000), nested: [[[1]]] }, '$undefined']);
    const { status, text } = await raw(action(body));
    expect(status).toBe(200);
    expect(text.endsWith(`${Buffer.byteLength(body)} ${createHash('sha256').update(body).digest('hex')}`)).toBe(true);
    const form = multipart([
      ['0', '["$K1"]'],
      ['1_name', 'Ada'],
    ]);
    expect((await raw(action(form, { 'Content-Type': 'multipart/form-data; boundary=----formBoundaryAbCdEf' }))).status).toBe(200);
    // A no-JS form post (urlencoded, no Next-Action) is not an action for Next.js: not held.
    expect((await raw(action('a=1', { 'Content-Type': 'application/x-www-form-urlencoded', 'Next-Action': null }))).status).toBe(200);
  });

  it('decides in linear time: a 100 KB body of brackets in milliseconds', async () => {
    const started = performance.now();
    expect(await checkActionBody({ nextAction: true, contentType: 'text/plain' }, Buffer.from('['.repeat(100 * 1024)))).toMatchObject({
      status: 400,
    });
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('methods, hosts and origins Next.js fails on: 4xx before Next.js', () => {
  it('TRACE on any route is 405 with Allow; CONNECT is 405 too; TRACK is Node’s 400', async () => {
    for (const path of ['/', '/payments/payin/p1/card', '/api/health', '/sandbox/api/public/payin']) {
      const before = handled;
      const { status, text } = await raw(`TRACE ${path} HTTP/1.1\r\nHost: ${HOST}\r\nCookie: secret\r\n\r\n`);
      expect(status, path).toBe(405);
      expect(text).toMatch(/\r\nAllow: GET, HEAD, POST/);
      expect(text).not.toContain('secret');
      expect(handled).toBe(before);
    }
    expect((await raw(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`)).status).toBe(405);
    expect((await raw(`TRACK / HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`)).status).toBe(400);
    // A page takes no PUT or OPTIONS (a route handler may).
    expect((await raw(`OPTIONS /payments/payin/p1/card HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`)).status).toBe(405);
    expect((await raw(`OPTIONS /api/health HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
  });

  it('without a trusted proxy any X-Forwarded-Host is 400, whatever its value (a card number in it is never logged)', async () => {
    for (const value of ['evil.example', HOST, '4242 4242 4242 4242', '']) {
      const before = handled;
      expect((await raw(`GET / HTTP/1.1\r\nHost: ${HOST}\r\nX-Forwarded-Host: ${value}\r\n\r\n`)).status, value).toBe(400);
      expect((await raw(action('[]', { 'X-Forwarded-Host': value }))).status, value).toBe(400);
      expect(handled).toBe(before);
    }
  });

  it('behind the trusted proxy (ingress-nginx sets X-Forwarded-Host on every request) the public host passes, a server action from it too; any other is 400', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    process.env.FORWARDED_HOSTS = 'pay.shop.example';
    try {
      // The ingress's headers: the customer's Host, and the pod's own address as Host upstream.
      const ingress = (host: string) => ({
        Host: '10.1.2.3:3000',
        'X-Forwarded-Host': host,
        'X-Forwarded-Proto': 'http',
        'X-Forwarded-Port': '80',
        'X-Real-IP': '203.0.113.5',
        'X-Forwarded-For': '203.0.113.5',
      });
      for (const host of [HOST, 'LOCALHOST:3000', 'pay.shop.example', 'pay.shop.example:443']) {
        const before = handled;
        const headers = Object.entries(ingress(host))
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        expect((await raw(`GET / HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`)).status, host).toBe(200);
        expect(handled, host).toBe(before + 1);
      }
      // A server action from the public page, its Host the pod's: Next.js compares Origin with the forwarded host.
      expect((await raw(action('[]', ingress(HOST)))).status).toBe(200);
      for (const value of ['evil.example', 'localhost:3001', 'localhost:3000.', 'localhost:3000, evil.example', '4242 4242 4242 4242']) {
        const before = handled;
        expect((await raw(action('[]', ingress(value)))).status, value).toBe(400);
        expect(handled).toBe(before);
      }
      // A server action whose Origin is not the forwarded host's: 403 (Next.js would 500).
      expect((await raw(action('[]', { ...ingress('pay.shop.example') }))).status).toBe(403);
      // The public host in another spelling (case, trailing dot, default port) is that host: the
      // action passes, and Next.js is handed the canonical spelling it compares with the Origin's
      // host byte for byte. Before: 500 for the case (Next.js's own check), 400 for the dot, 403 for the port.
      for (const [host, origin, proto] of [
        ['LOCALHOST:3000', ORIGIN, 'http'],
        ['localhost.:3000', ORIGIN, 'http'],
        ['Localhost.:3000', ORIGIN, 'http'],
        ['PAY.SHOP.EXAMPLE', 'https://pay.shop.example', 'https'],
        ['pay.shop.example.', 'https://pay.shop.example', 'https'],
        ['pay.shop.example:443', 'https://pay.shop.example', 'https'],
        ['pay.shop.example', 'https://PAY.shop.example.:443', 'https'],
      ]) {
        const headers = { ...ingress(host!), Origin: origin!, 'X-Forwarded-Proto': proto! };
        expect((await raw(action('[]', headers))).status, `${host} ${origin}`).toBe(200);
        const form = multipart([['$ACTION_ID_ab', '']]);
        const formHeaders = { ...headers, 'Next-Action': null, 'Content-Type': 'multipart/form-data; boundary=----formBoundaryAbCdEf' };
        expect((await raw(action(form, formHeaders))).status, `form ${host} ${origin}`).toBe(200);
      }
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
      delete process.env.FORWARDED_HOSTS;
    }
  });

  it('a server action with an allowed Origin but another Host is 403 (Next.js would 500); with its own Host, in any spelling, it passes', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost:80', 'localhost', 'evil.example', 'localhost:3000, evil.example']) {
      const before = handled;
      expect((await raw(action('[]', { Host: host }))).status, host).toBe(403);
      expect(handled).toBe(before);
    }
    expect((await raw(action('[]'))).status).toBe(200);
    // Its own host in another spelling: Next.js is handed the canonical one (before: 403).
    for (const host of ['LOCALHOST:3000', 'localhost.:3000', 'LocalHost.:3000'])
      expect((await raw(action('[]', { Host: host }))).status, host).toBe(200);
    // A multipart form without Next-Action (a no-JS action) is checked alike.
    const form = multipart([['$ACTION_ID_ab', '']]);
    expect(
      (
        await raw(
          action(form, {
            Host: '127.0.0.1:3000',
            'Next-Action': null,
            'Content-Type': 'multipart/form-data; boundary=----formBoundaryAbCdEf',
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (await raw(action(form, { 'Next-Action': null, 'Content-Type': 'multipart/form-data; boundary=----formBoundaryAbCdEf' }))).status,
    ).toBe(200);
  });
});
