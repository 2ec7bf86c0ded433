/**
 * Next.js's proxy (proxy.ts) on a page post: it compares the Origin with the host Next.js will
 * compare it with, the forwarded host behind the trusted proxy (an ingress sets Host to the pod's
 * address), else Host; hosts in any spelling (case, trailing dot, default port) are one host.
 * Called in process with Next.js's own NextRequest, as Next.js calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';

let proxy: (request: NextRequest) => Promise<Response>;

beforeAll(async () => {
  process.env.CHECKOUT_URL = 'https://pay.example.com';
  ({ proxy } = await import('@/proxy'));
});

afterAll(() => {
  for (const name of ['CHECKOUT_URL', 'TRUSTED_PROXY_HOPS']) delete process.env[name];
});

/** A fetch action posted to the home page (no payment of the service is looked up) with `headers`. */
const action = (headers: Record<string, string>) =>
  proxy(
    new NextRequest('http://10.1.2.3:3000/', {
      method: 'POST',
      headers: { 'next-action': '7f'.repeat(21), 'content-type': 'text/plain;charset=UTF-8', 'content-length': '2', ...headers },
    }),
  );

describe('the proxy’s page-post check', () => {
  it('behind the trusted proxy, an action from the public page passes whatever the pod’s Host (before: 403 for every one)', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    for (const forwardedHost of ['pay.example.com', 'PAY.EXAMPLE.COM', 'pay.example.com.', 'pay.example.com:443']) {
      const answer = await action({ host: '10.1.2.3:3000', 'x-forwarded-host': forwardedHost, origin: 'https://pay.example.com' });
      expect(answer.status, forwardedHost).toBe(200);
      expect(answer.headers.get('x-middleware-next'), forwardedHost).toBe('1');
      // Handed on canonical: Next.js compares the Origin's host with the forwarded host byte for byte.
      expect(answer.headers.get('x-middleware-request-x-forwarded-host'), forwardedHost).toBe('pay.example.com');
      expect(answer.headers.get('x-middleware-request-origin'), forwardedHost).toBe('https://pay.example.com');
    }
    const foreign = await action({ host: '10.1.2.3:3000', 'x-forwarded-host': 'pay.example.com', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('without a proxy, Host is compared in any spelling; a forwarded host that is not Host is 400', async () => {
    process.env.TRUSTED_PROXY_HOPS = '0';
    // Next.js sets X-Forwarded-Host to Host before the proxy runs.
    const own = await action({ host: 'PAY.EXAMPLE.COM.', 'x-forwarded-host': 'PAY.EXAMPLE.COM.', origin: 'https://pay.example.com' });
    expect(own.status).toBe(200);
    const forged = await action({ host: 'pay.example.com', 'x-forwarded-host': 'evil.example', origin: 'https://pay.example.com' });
    expect(forged.status).toBe(400);
    const foreign = await action({ host: 'pay.example.com', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });
});
