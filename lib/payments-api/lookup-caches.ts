/**
 * What the payments-service client keeps between requests, per process: checkout settings and
 * BIN facts for a short while, and the merchant of each pay-in, payout and session seen. On
 * globalThis, so the proxy's and the pages' module instances share them. Ids and reference
 * data only: no card or customer data.
 */
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import type { BinLookup } from '@/lib/contract/bin';

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

interface Caches {
  settings: LRUCache<string, Promise<CheckoutSettings>>;
  /** BIN → its facts, or null for a BIN of no known brand (404). */
  bins: LRUCache<string, Promise<BinLookup | null>>;
  /** The merchant of each pay-in, payout and session seen (`payin:<id>`, …): ids only; it never changes. */
  merchantOf: LRUCache<string, string>;
}
const cachesKey = Symbol.for('hosted-checkout.payments-api-caches');

/** The process's caches, made on first use. */
export function caches(): Caches {
  const g = globalThis as typeof globalThis & { [cachesKey]?: Caches };
  g[cachesKey] ??= {
    settings: new LRUCache({ max: 1000, ttl: SETTINGS_TTL_MS }),
    bins: new LRUCache({ max: 20_000, ttl: BIN_TTL_MS }),
    merchantOf: new LRUCache({ max: 10_000 }),
  };
  return g[cachesKey];
}
