import 'server-only';
/**
 * Who may move a cashier session's money (issue 20, finding 3; extension E22): the session id is
 * a locator, readable off the merchant's page (the widget's iframe src), never a credential
 * (OWASP ASVS V4.2.1, V3.1.1). The first browser to open the cashier, the widget or a payout's
 * destination page holds it; only the holder may withdraw, cancel, give a destination, or read
 * the live balance and pending withdrawals.
 *
 * - The browser keeps a random 256-bit secret in one HttpOnly cookie (`__Host-checkout-binding`
 *   on https), `Secure; SameSite=None; Partitioned` (CHIPS: the widget in a merchant's cross-site
 *   frame keeps it where third-party cookies are blocked; a top-level cashier is another
 *   partition, so another holder). A plain-http origin other than loopback gets `SameSite=Lax`.
 * - The service stores only `bindingHash` = HMAC-SHA256(secret, "merchant:" + merchantId): per
 *   merchant, so it cannot follow one browser across merchants, and the same for a session and
 *   its withdrawals (a cashier payout is held through its session).
 * - Claims are the service's (first writer wins, 409 ALREADY_BOUND for others); a holder's
 *   answer is remembered for a minute per instance, so the widget's polling does not call it each
 *   time. The secret and its hash are never logged.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { checkoutUrl } from '@/lib/config';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { errorAnswer, unavailableAnswer } from '@/lib/checkout/route-answers';

/** held: this browser holds it; elsewhere: another does; none: no secret; unknown: no such session or payout; unavailable: the service did not answer. */
type Holding = 'held' | 'elsewhere' | 'none' | 'unknown' | 'unavailable';
type BindingScope = { of: 'session' | 'payout'; id: string; merchantId: string };

/** Request header by which proxy.ts tells the page what it found (any client-sent copy is removed). */
export const HOLDING_HEADER = 'x-checkout-holding';

const secure = (): boolean => {
  const url = new URL(checkoutUrl());
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/** The cookie's name: `__Host-` on https (no Domain, Path=/, Secure are then enforced by browsers). */
export const bindingCookieName = (): string => (new URL(checkoutUrl()).protocol === 'https:' ? '__Host-checkout-binding' : 'checkout-binding');

/** A new secret: 32 random bytes, base64url. */
export const newBindingSecret = (): string => randomBytes(32).toString('base64url');

/** A well-formed secret from a cookie value, else undefined. */
export function bindingSecretOf(value: string | undefined | null): string | undefined {
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** The Set-Cookie value keeping `secret` for 30 days. */
export function bindingCookie(secret: string): string {
  const attributes = secure() ? 'Secure; SameSite=None; Partitioned' : 'SameSite=Lax';
  return `${bindingCookieName()}=${secret}; Path=/; Max-Age=2592000; HttpOnly; ${attributes}`;
}

/** What the service stores for `secret` and a merchant: HMAC-SHA256, lower-case hex. */
export function bindingHash(secret: string, merchantId: string): string {
  return createHmac('sha256', secret).update(`merchant:${merchantId}`).digest('hex');
}

const held = new LRUCache<string, true>({ max: 50_000, ttl: 60_000 });

/**
 * Whether the browser of `secret` holds `scope`, claiming it when nobody does. Never throws:
 * a service that does not answer is `unavailable` (the caller refuses, fail closed).
 */
export async function holdingOf(secret: string | undefined, scope: BindingScope): Promise<Holding> {
  if (!secret) return 'none';
  const hash = bindingHash(secret, scope.merchantId);
  const key = `${scope.of}:${scope.id}:${hash}`;
  if (held.get(key)) return 'held';
  try {
    if (scope.of === 'session') await paymentsApi.bindSession(scope.id, hash);
    else await paymentsApi.bindPayout(scope.id, hash);
    held.set(key, true);
    return 'held';
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 409) return 'elsewhere';
    if (PaymentsApiError.is(error) && error.status === 404) return 'unknown';
    return 'unavailable';
  }
}

/** Whether the browser of the current request (server actions, pages) holds `scope`. */
export async function requestHolding(scope: Omit<BindingScope, 'merchantId'> & { merchantId?: string }): Promise<Holding> {
  const { cookies } = await import('next/headers');
  const secret = bindingSecretOf((await cookies()).get(bindingCookieName())?.value);
  try {
    // An unknown id is told apart first (404 for it, whoever asks).
    const merchantId = scope.merchantId ?? (await paymentsApi.merchantOf(scope.of, scope.id));
    if (!secret) return 'none';
    return await holdingOf(secret, { ...scope, merchantId });
  } catch (error) {
    return PaymentsApiError.is(error) && error.status === 404 ? 'unknown' : 'unavailable';
  }
}

/** What the page may show: the proxy's finding (HOLDING_HEADER) when it made one, else the request's cookie. */
export async function pageHolding(scope: BindingScope): Promise<Holding> {
  const { headers } = await import('next/headers');
  const found = (await headers()).get(HOLDING_HEADER);
  if (found === 'held' || found === 'elsewhere' || found === 'none' || found === 'unknown' || found === 'unavailable') return found;
  return requestHolding(scope);
}

/** The page a holding scope belongs to: the cashier, the widget, a payout's card or APM page; null for others. */
export function bindingScopeOfPath(pathname: string): Omit<BindingScope, 'merchantId'> | null {
  const cashier = /^\/cashier\/([A-Za-z0-9_-]{1,128})(?:\/widget)?\/?$/.exec(pathname);
  if (cashier) return { of: 'session', id: cashier[1]! };
  const payout = /^\/payments\/payout\/([A-Za-z0-9_-]{1,128})\/(?:card|apm)\/?$/.exec(pathname);
  return payout ? { of: 'payout', id: payout[1]! } : null;
}

/**
 * A route's answer for a browser that does not hold the session (E22): 403 (another holds it or
 * none), 404 (no such session), 502 (the service did not answer); null for the holder.
 */
export async function refuseUnlessHolder(sessionId: string): Promise<Response | null> {
  const holding = await requestHolding({ of: 'session', id: sessionId });
  if (holding === 'held') return null;
  if (holding === 'unavailable') return unavailableAnswer();
  if (holding === 'unknown') return errorAnswer('NOT_FOUND', 'Unknown session');
  return errorAnswer('FORBIDDEN', 'Only the browser that opened this cashier may read it');
}
