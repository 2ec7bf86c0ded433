/**
 * The reference merchant's cashier session of a player: two pages opened at once (the cashier and
 * the widget in two tabs) share one session, so the balance the site sends reaches the session
 * both show. The service is a stand-in `fetch` that answers a new session per call.
 */
import { expect, it, vi } from 'vitest';

let created = 0;
vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  if (request.method !== 'POST' || !request.url.endsWith('/public/cashier/session')) return new Response(null, { status: 404 });
  created += 1;
  await new Promise((resolve) => setTimeout(resolve, 20));
  const answer = {
    sessionId: `cs_${created}`,
    checkoutUrl: 'http://checkout.test/c',
    launchExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
  return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
});
const { playerOf } = await import('../src/ledger.mjs');
const { sessionOf } = await import('../src/payments.mjs');

it('creates one session for two pages opened at once, and keeps it while it lasts', async () => {
  const player = playerOf('two-tabs', 'Two', 'Tabs');
  const [a, b] = await Promise.all([sessionOf(player), sessionOf(player)]);
  expect([a, b]).toEqual(['cs_1', 'cs_1']);
  expect(await sessionOf(player)).toBe('cs_1');
  expect(created).toBe(1);
});
