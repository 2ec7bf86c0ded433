/**
 * What the payments-service client keeps between requests, per process: checkout settings and
 * BIN facts for a short while, and the merchant of each pay-in, payout and session seen. On
 * globalThis, so the proxy's and the pages' module instances share them. Ids and reference
 * data only: no card or customer data.
 */
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import type { BinLookup } from '@hosted-checkout/contract/bin';

/**
 * Checkout settings change rarely and every page view needs them twice (proxy.ts for
 * frame-ancestors, then the page): kept per merchant for SETTINGS_TTL_MS. A merchant's edit
 * shows within that time on every instance.
 */
export const SETTINGS_TTL_MS = 5_000;

/**
 * BIN facts (GET /public/bin/{bin}) are the issuers' reference data: a BIN's brands and funding type change with
 * the scheme's tables, not per request. Kept BIN_TTL_MS per BIN (6 to 8 digits: PCI DSS allows
 * the BIN to be shown and kept; it is not the PAN), so the card page's lookups as a customer
 * types, and the no-JavaScript post's co-badge check, cost the service one call per BIN.
 */
export const BIN_TTL_MS = 10 * 60_000;

/**
 * A cache of answers read from the service: lru-cache's `fetch` shares one call among the
 * requests that want the same key while it runs, keeps the answer itself once it has come (a
 * failed call is not kept), and the call to make is the fetch's `context`. An answer, not its
 * promise, is kept: a promise holds the async context it was made in, the framework's whole
 * request (about 100 KB), for as long as it is kept.
 */
type AnswerCache<V extends object> = LRUCache<string, V, () => Promise<V>>;

interface Caches {
  settings: AnswerCache<CheckoutSettings>;
  /** BIN → its facts, or `facts: null` for a BIN of no known brand (404). */
  bins: AnswerCache<{ facts: BinLookup | null }>;
  /** The merchant of each pay-in, payout and session seen (`payin:<id>`, …): ids only; it never changes. */
  merchantOf: LRUCache<string, string>;
}
const cachesKey = Symbol.for('hosted-checkout.payments-api-caches');

/** The process's caches, made on first use. */
export function caches(): Caches {
  const g = globalThis as typeof globalThis & { [cachesKey]?: Caches };
  g[cachesKey] ??= {
    settings: new LRUCache({ max: 1000, ttl: SETTINGS_TTL_MS, fetchMethod: (_key, _stale, { context }) => context() }),
    bins: new LRUCache({ max: 20_000, ttl: BIN_TTL_MS, fetchMethod: (_key, _stale, { context }) => context() }),
    merchantOf: new LRUCache({ max: 10_000 }),
  };
  return g[cachesKey];
}

/**
 * The answer kept under `key`, or `call`'s (shared with concurrent askers, then kept). Throws
 * what `call` throws; nothing is kept then.
 */
export async function cachedAnswer<V extends object>(cache: AnswerCache<V>, key: string, call: () => Promise<V>): Promise<V> {
  // `fetch` answers undefined only for a fetch aborted by a later `set` or `delete` of the key.
  return (await cache.fetch(key, { context: call })) ?? call();
}
