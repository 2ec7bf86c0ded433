/**
 * POST /api/launch from outside (app/api/launch/route.ts): the spend goes out with the client's
 * address and User-Agent (the merchant's `launch.spent`; the latter bounded, without control
 * characters), each spend gets a new holder secret
 * (a planted cookie never comes to hold), posts past LIMIT_LAUNCHES_PER_IP from one address are
 * refused (429, nothing spent), and a plain-http checkout outside loopback sets no cookie at all.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const spent: { scope: unknown; launch: string; client: unknown }[] = [];
vi.mock('@/lib/checkout/shared/holding', async (actual) => ({
  ...(await actual<typeof import('@/lib/checkout/shared/holding')>()),
  spendLaunch: vi.fn(async (scope: unknown, launch: string, client: unknown) => {
    spent.push({ scope, launch, client });
    return { setCookie: 'checkout-binding=new; Path=/', outcome: 'held' as const };
  }),
}));
const { POST } = await import('@/app/api/launch/route');

const TOKEN = 'A'.repeat(43);
const env = { ...process.env };
const post = (from: string, body = `path=%2Fcashier%2Fcs_1%2Fwidget&launch=${TOKEN}&locale=de`) =>
  POST(
    new Request('https://checkout.test/api/launch', {
      method: 'POST',
      headers: {
        Origin: 'https://checkout.test',
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': `Mozilla/5.0 <b>\t\u001b[31m\u007f ${'x'.repeat(600)}`,
        'X-Forwarded-For': from,
      },
      body,
    }),
  );

/** A form post of TOKEN for /cashier/cs_1 to `url` with the `Origin` header `origin`, from the client address `from`. */
const launchFrom = (origin: string, from: string, url = 'https://checkout.test/api/launch') =>
  POST(
    new Request(url, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from },
      body: `path=%2Fcashier%2Fcs_1&launch=${TOKEN}`,
    }),
  );

describe('POST /api/launch', () => {
  beforeEach(() => {
    spent.length = 0;
    Object.assign(process.env, { CHECKOUT_URL: 'https://checkout.test', TRUSTED_PROXY_HOPS: '0', LIMIT_LAUNCHES_PER_IP: '3/60' });
  });
  afterAll(() => {
    process.env = env;
  });

  it('spends for the client it saw, with a new secret, and sends it on without the secret', async () => {
    const answer = await post('203.0.113.7');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/cashier/cs_1/widget?locale=de');
    expect(answer.headers.get('set-cookie')).toContain('checkout-binding=new');
    expect(spent).toHaveLength(1);
    const client = spent[0]!.client as { ipAddress: string; userAgent: string };
    expect(client.ipAddress).toBe('203.0.113.7');
    // Untrusted text for the merchant: control characters out, cut to 256 characters.
    expect(client.userAgent).toHaveLength(256);
    expect(client.userAgent.startsWith('Mozilla/5.0 <b>[31m xxx')).toBe(true);
  });

  it('refuses posts past the limit from one address (429, Retry-After, nothing spent), not from another', async () => {
    for (let i = 0; i < 3; i += 1) expect((await post('198.51.100.9')).status).toBe(303);
    const refused = await post('198.51.100.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(spent).toHaveLength(3);
    expect((await post('198.51.100.10')).status).toBe(303);
  });

  it('takes its own origin in any spelling of the host (case, trailing dot, default port), and no look-alike', async () => {
    let client = 0;
    const from = (origin: string) => launchFrom(origin, `192.0.2.${(client += 1)}`);
    for (const own of ['https://CHECKOUT.TEST', 'https://checkout.test.', 'https://checkout.test:443', 'HTTPS://Checkout.Test.:443'])
      expect((await from(own)).status, own).toBe(303);
    for (const other of [
      'https://checkout.test.evil',
      'https://checkout.test:8443',
      'https://xcheckout.test',
      'null',
      'https://checkout.test/',
    ])
      expect((await from(other)).status, other).toBe(403);
  });

  it('refuses a post forged from another origin, and any launch on a plain-http checkout outside loopback', async () => {
    const forged = await launchFrom('https://attacker.example', '192.0.2.1');
    expect(forged.status).toBe(403);
    process.env.CHECKOUT_URL = 'http://checkout.test';
    const plain = await launchFrom('http://checkout.test', '192.0.2.1', 'http://checkout.test/api/launch');
    expect(plain.status).toBe(403);
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(spent).toHaveLength(0);
  });
});
