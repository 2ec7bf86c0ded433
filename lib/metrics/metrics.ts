/**
 * The process's Prometheus metrics (prom-client; what they are: lib/metrics/metric-families.ts),
 * served in the text format on a port of their own (lib/net/metrics-listener.ts, `METRICS_PORT`),
 * never on the customer-facing one, and the functions that record into them.
 *
 * Next.js bundles server code per route, so this module can be loaded several times in one
 * process: the registry and every metric object live on globalThis (`Symbol.for`), made once by
 * whichever copy comes first, and prom-client itself is required once from node_modules
 * (next.config.mjs, serverExternalPackages). Callers in the layers above record through the
 * functions below; this module imports nothing of theirs.
 */
import type { Registry } from 'prom-client';
import { routeLabel } from './http-routes';
import {
  makeFrameMetrics,
  makeMetrics,
  makeVitalsReportsCounter,
  startedAtZero,
  type Metrics,
  type PoolCounts,
  type VitalsReportOutcome,
} from './metric-families';

/** What the pool gauges read of a node-postgres Pool (defined with the gauges, in metric-families.ts). */
export type { PoolCounts } from './metric-families';

/** How a call to the payments service ended (`outcome` label). */
export type ServiceCallOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'network' | 'invalid_response';

const key = Symbol.for('hosted-checkout.metrics');
type WithMetrics = typeof globalThis & { [key]?: Metrics };

/** The process's metrics, made once (by whichever bundle's copy of this module comes first). */
export function metrics(): Metrics {
  const g = globalThis as WithMetrics;
  const made = (g[key] ??= startedAtZero(makeMetrics()));
  // A registry made by an earlier copy of this module in the same process (a dev server's reload) gains the frame's metrics.
  if (!(made as Partial<Metrics>).frameVitals) Object.assign(made, makeFrameMetrics([made.registry]));
  if (!(made as Partial<Metrics>).frameVitalsReports) made.frameVitalsReports = makeVitalsReportsCounter([made.registry]);
  return made;
}

/** The registry every metric of the process is in. */
export const metricsRegistry = (): Registry => metrics().registry;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** `2xx`…`5xx` (anything else, such as a 101: `other`). */
export function statusClass(status: number): string {
  return status >= 200 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** Records a request of the app's port: its target (labelled by route pattern), method, status and duration. */
export function observeHttpRequest(method: string | undefined, url: string | undefined, status: number, seconds: number): void {
  metrics().httpDuration.observe(
    { route: routeLabel(url), method: method !== undefined && METHODS.has(method) ? method : 'other', status_class: statusClass(status) },
    seconds,
  );
}

/** Counts a result status the checkout learned (the caller decides which statuses are results, and counts each once). */
export function countPaymentOutcome(type: 'payin' | 'payout', status: string): void {
  metrics().paymentOutcomes.inc({ type, status });
}

/**
 * Starts the velocity counters of `limits` at 0, so
 * that a rate over them is 0 rather than no series before the first refusal (an alert's
 * expression, a dashboard's panel). Idempotent; called when the limits are first loaded.
 */
export function zeroVelocitySeries(limits: readonly string[]): void {
  const made = metrics();
  for (const limit of limits) made.velocityRefusals.inc({ limit }, 0);
}

/** Counts an attempt refused by velocity limit `limit` (a name of lib/security/velocity.ts's LIMITS). */
export function countVelocityRefusal(limit: string): void {
  metrics().velocityRefusals.inc({ limit });
}

/** Counts a check of the velocity limits whose store failed, under the configured policy. */
export function countVelocityStoreFailure(policy: 'closed' | 'open'): void {
  metrics().velocityStoreFailures.inc({ policy });
}

/** Counts a proof-of-work challenge handed out. */
export function countPowChallengeIssued(): void {
  metrics().powIssued.inc();
}

/** Counts a proof-of-work solution checked: solved, or failed. */
export function countPowVerification(result: 'solved' | 'failed'): void {
  metrics().powVerifications.inc({ result });
}

/** One more (+1) or one fewer (-1) live-balance stream open. */
export function changeLiveBalanceStreams(by: 1 | -1): void {
  if (by === 1) metrics().liveBalanceStreams.inc();
  else metrics().liveBalanceStreams.dec();
}

/** Records a call to the payments service: its operation (an id of the operations table), outcome and duration. */
export function observeServiceCall(operation: string, outcome: ServiceCallOutcome, seconds: number): void {
  metrics().serviceCalls.observe({ operation, outcome }, seconds);
}

/**
 * Records a timing a framed page measured: `page`, `locale` and `metric` from the fixed sets of
 * lib/framing/frame-vitals-labels.ts (the caller checks them), `seconds` its value in seconds.
 */
export function observeFrameVital(page: string, locale: string, metric: string, seconds: number): void {
  metrics().frameVitals.observe({ page, locale, metric }, seconds);
}

/** Records a framed page's cumulative layout shift (unitless), by page and locale (fixed sets). */
export function observeFrameLayoutShift(page: string, locale: string, value: number): void {
  metrics().frameLayoutShift.observe({ page, locale }, value);
}

/** Counts client errors of a framed page: `count` of kind `kind` (a fixed set) on page `page`. */
export function countFrameClientErrors(page: string, kind: string, count = 1): void {
  metrics().frameClientErrors.inc({ page, kind }, count);
}

/** Counts a timing report of the framed pages by what became of it. */
export function countVitalsReport(outcome: VitalsReportOutcome): void {
  metrics().frameVitalsReports.inc({ outcome });
}

/** Reads `pool`'s counts at every scrape under `name` (a later pool of the same name replaces it). */
export function watchDbPool(name: string, pool: PoolCounts): void {
  metrics().pools.set(name, pool);
}
