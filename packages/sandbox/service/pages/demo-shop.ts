/**
 * The demo shop of the home page's "Open the withdrawal widget" (try-it.ts): a merchant's site on
 * the checkout's twin origin (localhost ↔ 127.0.0.1) that embeds the widget as
 * docs/integration.md tells merchants to. Its page (/sandbox/shop) never holds a launch address:
 * it frames its own launch redirect (/sandbox/shop/launch), which answers 303 to a fresh launch
 * address (the typed client's `launchRedirect`) only for the shop's logged-in customer, so no
 * script of the shop's page ever reads a secret it could spend (docs/design.md, E22).
 *
 * The shop's login is an HttpOnly cookie set when the home page's button creates the customer's
 * cashier session: the session id and an HMAC of it, keyed from the sandbox's card-hash key (the
 * same on every instance), so the redirect serves the session of that cookie and no other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { checkoutUrl, twinOrigin } from '@hosted-checkout/runtime/config';
import { SESSION_ID } from '@hosted-checkout/contract/ids';
import { launchRedirect } from '@hosted-checkout/client';
import { cardHashKey } from '../core/card-hash-key';
import { sandboxDb } from '../core/store';
import { api } from './console-form';

/** The shop's account page: it frames SHOP_LAUNCH_PATH. */
export const SHOP_PATH = '/sandbox/shop';
/** The shop's launch redirect, the `src` of its frame. */
export const SHOP_LAUNCH_PATH = '/sandbox/shop/launch';
/** The merchant the shop is (the casino: limits, fees, safer gambling). */
export const SHOP_MERCHANT_TOKEN = 'sbx_casino_merchant';

/** The shop's login cookie: `<sessionId>.<HMAC>`, sent to the shop's paths only. */
const COOKIE = 'sandbox-shop-login';
/** How long the shop's login lasts (seconds). */
const LOGIN_SECONDS = 3600;

/** The shop's origin: the checkout's twin, or the checkout's own where it has none. */
export function shopOrigin(): string {
  const origin = new URL(checkoutUrl()).origin;
  return twinOrigin(origin) ?? origin;
}

const keyRef = Symbol.for('hosted-checkout.demo-shop-key');
const g = globalThis as typeof globalThis & { [keyRef]?: Promise<Buffer> };

/** The login key, derived once per process from the card-hash key. */
function loginKey(): Promise<Buffer> {
  g[keyRef] ??= (async () =>
    createHmac('sha256', await cardHashKey(await sandboxDb()))
      .update('demo-shop-login')
      .digest())();
  g[keyRef].catch(() => delete g[keyRef]);
  return g[keyRef];
}

const mac = async (sessionId: string): Promise<Buffer> =>
  createHmac('sha256', await loginKey())
    .update(`session:${sessionId}`)
    .digest()
    .subarray(0, 16);

/** The Set-Cookie value that logs the shop's customer of cashier session `sessionId` in (HttpOnly, SameSite=Lax, the shop's paths only). */
export async function shopLoginCookie(sessionId: string): Promise<string> {
  const secure = new URL(shopOrigin()).protocol === 'https:' ? '; Secure' : '';
  const value = `${sessionId}.${(await mac(sessionId)).toString('base64url')}`;
  return `${COOKIE}=${value}; Path=${SHOP_PATH}; Max-Age=${LOGIN_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The cashier session of the shop's logged-in customer, from a Cookie header; null without a login this server signed. */
export async function shopCustomerSession(cookieHeader: string | null | undefined): Promise<string | null> {
  const value = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const sessionId = value.slice(0, dot);
  if (!SESSION_ID.test(sessionId)) return null;
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = await mac(sessionId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * GET /sandbox/shop/launch: the shop's launch redirect. For the logged-in customer, 303 to a new
 * launch address of their session's widget (no-store, no Referer); 401 without the shop's login;
 * 502 when the service refuses (an expired session).
 */
export async function shopLaunch(request: Request): Promise<Response> {
  const sessionId = await shopCustomerSession(request.headers.get('cookie'));
  if (!sessionId) return plain(401, 'Log in to the shop first: the home page’s “Open the withdrawal widget”.');
  try {
    return await launchRedirect(api(SHOP_MERCHANT_TOKEN), { sessionId, page: 'widget' });
  } catch (error) {
    return plain(502, error instanceof Error ? error.message : 'The sandbox did not answer');
  }
}
