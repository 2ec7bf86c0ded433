/**
 * The process's Prometheus registry and metric objects (prom-client; what they are:
 * metric-families.ts), and the recorders of the runtime's own modules: the velocity limits'
 * refusals and store failures, and the gauges of each PostgreSQL pool. The checkout records the
 * rest through lib/metrics/metrics.ts and serves them all on a port of their own
 * (lib/net/metrics-listener.ts, `METRICS_PORT`).
 *
 * Next.js bundles server code per route, so this module can be loaded several times in one
 * process: the registry and every metric object live on globalThis (`Symbol.for`), made once by
 * whichever copy comes first, and prom-client itself is required once from node_modules
 * (next.config.mjs, serverExternalPackages).
 */
import type { Registry } from 'prom-client';
import {
  makeFrameMetrics,
  makeMetrics,
  makePayoutsPastDeadlineGauge,
  makeVitalsReportsCounter,
  OPEN_PAYOUT_STATUSES,
  startedAtZero,
  type Metrics,
  type OpenPayoutStatus,
  type PoolCounts,
} from './metric-families';

/** What the pool gauges read of a node-postgres Pool (defined with the gauges, in metric-families.ts). */
export type { PoolCounts } from './metric-families';

const key = Symbol.for('hosted-checkout.metrics');
type WithMetrics = typeof globalThis & { [key]?: Metrics };

/** The process's metrics, made once (by whichever bundle's copy of this module comes first). */
export function metrics(): Metrics {
  const g = globalThis as WithMetrics;
  const made = (g[key] ??= startedAtZero(makeMetrics()));
  // A registry made by an earlier copy of this module in the same process (a dev server's reload) gains the frame's metrics.
  if (!(made as Partial<Metrics>).frameVitals) Object.assign(made, makeFrameMetrics([made.registry]));
  if (!(made as Partial<Metrics>).frameVitalsReports) made.frameVitalsReports = makeVitalsReportsCounter([made.registry]);
  if (!(made as Partial<Metrics>).payoutsPastDeadline) made.payoutsPastDeadline = makePayoutsPastDeadlineGauge([made.registry]);
  return made;
}

/** The registry every metric of the process is in. */
export const metricsRegistry = (): Registry => metrics().registry;

/**
 * Starts the velocity counters of `limits` at 0, so
 * that a rate over them is 0 rather than no series before the first refusal (an alert's
 * expression, a dashboard's panel). Idempotent; called when the limits are first loaded.
 */
export function zeroVelocitySeries(limits: readonly string[]): void {
  const made = metrics();
  for (const limit of limits) made.velocityRefusals.inc({ limit }, 0);
}

/** Counts an attempt refused by velocity limit `limit` (a name of security/velocity.ts's LIMITS). */
export function countVelocityRefusal(limit: string): void {
  metrics().velocityRefusals.inc({ limit });
}

/** Counts a check of the velocity limits whose store failed, under the configured policy. */
export function countVelocityStoreFailure(policy: 'closed' | 'open'): void {
  metrics().velocityStoreFailures.inc({ policy });
}

/** Reads `pool`'s counts at every scrape under `name` (a later pool of the same name replaces it). */
export function watchDbPool(name: string, pool: PoolCounts): void {
  metrics().pools.set(name, pool);
}

/**
 * Sets the gauge of the sandbox's withdrawals past their payout deadline and not final: `counts`
 * by status, a status absent from it at 0 (packages/sandbox/service/cashier/payout-deadline.ts).
 */
export function setPayoutsPastDeadline(counts: Partial<Record<OpenPayoutStatus, number>>): void {
  const gauge = metrics().payoutsPastDeadline;
  for (const status of OPEN_PAYOUT_STATUSES) gauge.set({ status }, counts[status] ?? 0);
}
