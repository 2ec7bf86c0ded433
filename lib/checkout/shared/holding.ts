import 'server-only';
/**
 * Who may see and move a cashier session's money, or give a payout's destination (docs/design.md,
 * E22): the session or payout id is a locator, readable off the merchant's page, never a
 * credential (OWASP ASVS V4.2.1, V3.1.1).
 *
 * - The merchant's addresses carry a one-time launch secret (`?launch=`). A GET of such an
 *   address shows a page that spends it by a POST (`/api/launch`, `spendLaunch` below): a link
 *   scanner's or a chat preview's fetch spends nothing; the page posts by itself with JavaScript
 *   and by its button without. The secret never stays in the address bar, a log or a Referer.
 * - The browser that spends it becomes the holder of that page: its proof (HMAC of a secret in
 *   its HttpOnly cookie, lib/payments-api/holder-proof.ts) goes with every call of the service
 *   that reads or moves what it holds, and the service checks it. The browser that held the page
 *   before holds it no more; the merchant launches again for the customer's way back.
 * - A holder's answer is remembered HOLDING_TTL_MS per instance, so the widget's polling does not
 *   ask the service each time; every service call still carries the proof.
 */
import { LRUCache } from 'lru-cache';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import type { LaunchClient } from '@hosted-checkout/contract/cashier';
import { holderCookie, holderProof, newHolderSecret, requestHolderSecret } from '@/lib/payments-api/holder-proof';
import { errorAnswer, unavailableAnswer } from './route-answers';

/** held: this browser holds it; elsewhere: another does, or nobody; none: no secret; unknown: no such session or payout; unavailable: the service did not answer. */
export type Holding = 'held' | 'elsewhere' | 'none' | 'unknown' | 'unavailable';
type HoldingScope = { of: 'session' | 'payout'; id: string };

/** How long an instance remembers that a browser holds a page (ms): a launch elsewhere ends its reads within this time, and its moves at once. */
const HOLDING_TTL_MS = 10_000;
const held = new LRUCache<string, true>({ max: 50_000, ttl: HOLDING_TTL_MS });

/** Whether the browser of the current request (pages, actions, routes) holds `scope`. Never throws. */
export async function requestHolding(scope: HoldingScope): Promise<Holding> {
  const secret = await requestHolderSecret();
  try {
    // An unknown id is told apart first (404 for it, whoever asks).
    const merchantId = await paymentsApi.merchantOf(scope.of, scope.id);
    if (!secret) return 'none';
    const proof = holderProof(secret, merchantId);
    const key = `${scope.of}:${scope.id}:${proof}`;
    if (held.get(key)) return 'held';
    const located = await paymentsApi.locate(scope.of, scope.id, proof);
    if (!located.held) return 'elsewhere';
    held.set(key, true);
    return 'held';
  } catch (error) {
    return PaymentsApiError.is(error) && error.status === 404 ? 'unknown' : 'unavailable';
  }
}

/**
 * A route's answer for a browser that does not hold the session: 403 (another holds it or
 * none), 404 (no such session), 502 (the service did not answer); null for the holder.
 */
export async function refuseUnlessHolder(sessionId: string): Promise<Response | null> {
  const holding = await requestHolding({ of: 'session', id: sessionId });
  if (holding === 'held') return null;
  if (holding === 'unavailable') return unavailableAnswer();
  if (holding === 'unknown') return errorAnswer('NOT_FOUND', 'Unknown session');
  return errorAnswer('FORBIDDEN', 'Only the browser that opened this cashier may read it');
}

/** The proof of the request's browser for a merchant's pages, or null without a cookie (a saved card's removal). */
export async function requestProof(merchantId: string): Promise<string | null> {
  const secret = await requestHolderSecret();
  return secret ? holderProof(secret, merchantId) : null;
}

/** The proof of the request's browser for a session (its merchant from the locator), or null. Throws PaymentsApiError. */
export async function requestSessionProof(sessionId: string): Promise<string | null> {
  return requestProof(await paymentsApi.merchantOf('session', sessionId));
}

/** A launch secret's shape: 32 bytes, base64url. */
export const LAUNCH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Spends a launch secret for a new browser secret (always new: a secret planted in the browser
 * before, by someone who knows it, never comes to hold a page; OWASP ASVS V3.2.1, session
 * fixation). The browser then holds the page; pages it held under its former secret are out.
 * `client` (the browser's address and User-Agent) goes to the merchant in `launch.spent`.
 * Answers the Set-Cookie to send (only when the service took it: a refused spend leaves the
 * browser's secret, and what it holds, as they were) and whether the service took it ('held'),
 * refused it ('refused': spent, replaced, expired or unknown), found no such page ('unknown'), or
 * did not answer ('unavailable'). Never throws.
 */
export async function spendLaunch(
  scope: HoldingScope,
  launchToken: string,
  client: LaunchClient,
): Promise<{ setCookie: string | null; outcome: 'held' | 'refused' | 'unknown' | 'unavailable' }> {
  const mine = newHolderSecret();
  try {
    const merchantId = await paymentsApi.merchantOf(scope.of, scope.id);
    const proof = holderProof(mine, merchantId);
    if (scope.of === 'session') await paymentsApi.bindSession(scope.id, launchToken, proof, client);
    else await paymentsApi.bindPayout(scope.id, launchToken, proof, client);
    held.set(`${scope.of}:${scope.id}:${proof}`, true);
    return { setCookie: holderCookie(mine), outcome: 'held' };
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 403) return { setCookie: null, outcome: 'refused' };
    if (PaymentsApiError.is(error) && error.status === 404) return { setCookie: null, outcome: 'unknown' };
    return { setCookie: null, outcome: 'unavailable' };
  }
}
