/**
 * The home page's "Open the withdrawal widget" (try-it.ts, demo-shop.ts) embeds the widget as
 * docs/integration.md tells merchants to: the press logs the demo shop's customer in and leads to
 * the shop's page, whose frame is the shop's own launch redirect; no launch address is ever in
 * the shop's page. The redirect answers a fresh launch address to the shop's customer only. The
 * service is called in process, through the sandbox's router.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentsClient } from '@hosted-checkout/client';
import { handleSandboxRequest } from '@sandbox/service/http';
import { sandboxDb } from '../core/store';

vi.mock('./console-form', async (actual) => ({
  ...(await actual<typeof import('./console-form')>()),
  api: (token: string) =>
    createPaymentsClient({ baseUrl: 'http://localhost/sandbox/api', token, fetch: (request) => handleSandboxRequest(request as Request) }),
}));
const { tryIt } = await import('./try-it');
const { SHOP_LAUNCH_PATH, SHOP_PATH, shopCustomerSession, shopLaunch, shopLoginCookie } = await import('./demo-shop');

beforeAll(async () => {
  await sandboxDb();
});

/** The shop's login cookie as a browser sends it back (`name=value`). */
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const launch = (cookie?: string) =>
  shopLaunch(new Request(`http://127.0.0.1:3000${SHOP_LAUNCH_PATH}`, { headers: cookie ? { Cookie: cookie } : {} }));

describe('the home page’s widget demo', () => {
  it('logs the shop’s customer in and leads to the shop’s page: no launch address in the page’s address', async () => {
    const { location, setCookie } = await tryIt('widget');
    expect(location).toBe(SHOP_PATH);
    expect(location).not.toMatch(/launch/);
    expect(setCookie).toMatch(
      /^sandbox-shop-login=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}; Path=\/sandbox\/shop; Max-Age=3600; HttpOnly; SameSite=Lax/,
    );
    expect(await shopCustomerSession(cookieOf(setCookie!))).toMatch(/^cs_/);
  });

  it('answers the shop’s customer a fresh launch address of the widget each time (303, no-store, no Referer)', async () => {
    const { setCookie } = await tryIt('widget');
    const cookie = cookieOf(setCookie!);
    const sessionId = (await shopCustomerSession(cookie))!;
    const first = await launch(`other=1; ${cookie}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const address = new URL(first.headers.get('location')!);
    expect(address.pathname).toBe(`/cashier/${sessionId}/widget`);
    expect(address.searchParams.get('launch')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = new URL((await launch(cookie)).headers.get('location')!);
    expect(second.searchParams.get('launch')).not.toBe(address.searchParams.get('launch'));
  });

  it('answers 401 and no address without the shop’s login, or with one it did not sign', async () => {
    const { setCookie } = await tryIt('widget');
    const [, value] = cookieOf(setCookie!).split('=');
    const [sessionId, mac] = value!.split('.');
    const other = cookieOf(await shopLoginCookie('cs_someone_else'));
    for (const cookie of [
      undefined,
      'sandbox-shop-login=',
      `sandbox-shop-login=${sessionId}`,
      `sandbox-shop-login=${sessionId}.${'A'.repeat(22)}`,
      `sandbox-shop-login=cs_someone_else.${mac}`,
      `sandbox-shop-login=${sessionId}.${other.split('.')[1]}`,
      `sandbox-shop-login=../${sessionId}.${mac}`,
    ]) {
      const answer = await launch(cookie);
      expect(answer.status, cookie).toBe(401);
      expect(answer.headers.get('location'), cookie).toBeNull();
    }
  });
});
