/**
 * What POST /api/vitals (app/api/vitals/route.ts) takes, so that a flood neither fills the
 * frame's histograms nor crowds out a customer's report (docs/operations.md, "The frame's own
 * timings"). Three budgets, in memory per instance (the metrics are per instance too, so a store
 * shared by the instances would buy nothing but a database write per page view):
 *
 * - per client address: LIMIT_VITALS_PER_IP (`points/seconds`) reports, an IPv6 client by its /64
 *   (`addressKey`, packages/runtime/src/net/client-ip.ts), checked before the body is read;
 * - per page view: a report names its page view (`view`, a random id the page makes:
 *   lib/framing/frame-vitals.ts); one page view is taken VITALS_REPORTS_PER_VIEW reports, each
 *   metric name once (a repeat is dropped), and VITALS_ERRORS_PER_VIEW client errors;
 * - over all addresses, the last resort: VITALS_CEILING_PER_MINUTE reports a minute beyond the
 *   addresses' shares. An address's first VITALS_ADDRESS_SHARE reports in its window never meet
 *   the ceiling, so addresses that flood it leave a new customer's report standing.
 *
 * The page-view id is a key here only: never a label, never logged, forgotten an hour after its
 * last report (or earlier, the oldest first, past VIEWS_KEPT page views).
 */
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { appConfig } from '@/lib/config';
import type { ErrorKind } from '@/lib/framing/frame-vitals-labels';
import { addressKey } from '@hosted-checkout/runtime/net/client-ip';
import { parseLimit } from '@hosted-checkout/runtime/security/velocity';
import type { VitalsRecord } from './vitals-reports';

/** Reports one page view may send: it sends one to three (when hidden, left, or on the card page's answer); a few more for a customer who switches tabs. */
export const VITALS_REPORTS_PER_VIEW = 6;
/** Client errors one page view may report (a page sends at most 10). */
export const VITALS_ERRORS_PER_VIEW = 10;
/** Reports of an address in its LIMIT_VITALS_PER_IP window that the ceiling never refuses: a page view's worth. */
export const VITALS_ADDRESS_SHARE = 6;
/**
 * Reports a minute over all addresses, beyond their shares, on one instance: customers behind one
 * NAT past their share, and floods. A busy instance's customers each stay within their share.
 */
export const VITALS_CEILING_PER_MINUTE = 1200;
/** Page views remembered at most (each a few dozen bytes); the least recent is forgotten first. */
const VIEWS_KEPT = 100_000;
/** How long a page view is remembered after its last report (ms): a 3-D Secure challenge may stay open an hour. */
const VIEW_TTL_MS = 3_600_000;

/** Why a report was refused (the `outcome` label of `checkout_frame_vitals_reports_total`). */
export type VitalsRefusal = 'address_limit' | 'page_view_limit' | 'ceiling';

/** What one page view has reported so far. */
interface ViewState {
  reports: number;
  /** Metric names recorded (timings and `cls`). */
  metrics: Set<string>;
  errors: number;
}

interface Budgets {
  spec: string;
  perAddress: RateLimiterMemory;
  ceiling: RateLimiterMemory;
  views: LRUCache<string, ViewState>;
}

const budgetsKey = Symbol.for('hosted-checkout.vitals-budgets');
const g = globalThis as typeof globalThis & { [budgetsKey]?: Budgets };

/** The budgets, made once per process (a new LIMIT_VITALS_PER_IP makes a new per-address limiter). */
function budgets(): Budgets {
  const spec = appConfig().LIMIT_VITALS_PER_IP;
  const made = g[budgetsKey];
  if (made?.spec === spec) return made;
  const { points, duration } = parseLimit(spec);
  g[budgetsKey] = {
    spec,
    perAddress: new RateLimiterMemory({ keyPrefix: 'vitals', points, duration }),
    ceiling: made?.ceiling ?? new RateLimiterMemory({ keyPrefix: 'vitals-ceiling', points: VITALS_CEILING_PER_MINUTE, duration: 60 }),
    views: made?.views ?? new LRUCache<string, ViewState>({ max: VIEWS_KEPT, ttl: VIEW_TTL_MS }),
  };
  return g[budgetsKey];
}

/**
 * Takes one report from `ip`'s budget (LIMIT_VITALS_PER_IP, by `addressKey`). Answers how many
 * reports the address has sent in its window, this one included, or null when it is past its
 * limit or there is no address (a refusal: `address_limit`).
 */
export async function takeVitalsAddressBudget(ip: string | undefined): Promise<number | null> {
  if (!ip) return null;
  try {
    return (await budgets().perAddress.consume(addressKey(ip))).consumedPoints;
  } catch {
    return null;
  }
}

/**
 * Admits a parsed report of an address that has sent `sentByAddress` reports in its window (from
 * `takeVitalsAddressBudget`): refused past its page view's VITALS_REPORTS_PER_VIEW
 * (`page_view_limit`), or, once the address is past its share, when the ceiling is spent
 * (`ceiling`). An admitted report keeps only the metrics its page view had not reported and the
 * errors within VITALS_ERRORS_PER_VIEW; the page view counts it.
 */
export async function admitVitalsReport(
  report: VitalsRecord,
  sentByAddress: number,
): Promise<{ admitted: VitalsRecord } | { refused: Exclude<VitalsRefusal, 'address_limit'> }> {
  const { views, ceiling } = budgets();
  const view = views.get(report.view) ?? { reports: 0, metrics: new Set<string>(), errors: 0 };
  if (view.reports >= VITALS_REPORTS_PER_VIEW) return { refused: 'page_view_limit' };
  // Held before the ceiling's await, so that two reports of one page view at once count twice.
  view.reports += 1;
  views.set(report.view, view);
  if (sentByAddress > VITALS_ADDRESS_SHARE) {
    try {
      await ceiling.consume('all');
    } catch {
      view.reports -= 1;
      return { refused: 'ceiling' };
    }
  }
  const timings = report.timings.filter(([name]) => !view.metrics.has(name));
  for (const [name] of timings) view.metrics.add(name);
  const cls = report.cls !== undefined && !view.metrics.has('cls') ? report.cls : undefined;
  if (cls !== undefined) view.metrics.add('cls');
  const errors = new Map<ErrorKind, number>();
  for (const [kind, count] of report.errors) {
    const kept = Math.min(count, VITALS_ERRORS_PER_VIEW - view.errors);
    if (kept <= 0) break;
    errors.set(kind, kept);
    view.errors += kept;
  }
  return { admitted: { ...report, timings, cls, errors } };
}
