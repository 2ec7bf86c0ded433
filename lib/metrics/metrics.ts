/**
 * The checkout's recorders into the process's Prometheus metrics: requests of the app's port by
 * route pattern, payment outcomes, proof-of-work, live-balance streams, calls to the payments
 * service and the framed pages' own timings. The registry and the metric objects (one per
 * process, however many bundles load these modules) and the runtime's own recorders (velocity
 * limits, database pools) are the runtime's: packages/runtime/src/metrics/registry.ts, re-exported
 * here for the checkout's modules. What the metrics are: packages/runtime/src/metrics/metric-families.ts;
 * they are served on a port of their own (lib/net/metrics-listener.ts, `METRICS_PORT`), never on
 * the customer-facing one. Callers in the layers above record through the functions below; this
 * module imports nothing of theirs.
 */
import { metrics } from '@hosted-checkout/runtime/metrics/registry';
import type { VitalsReportOutcome } from '@hosted-checkout/runtime/metrics/metric-families';
import { routeLabel } from './http-routes';

export {
  countVelocityRefusal,
  countVelocityStoreFailure,
  metrics,
  metricsRegistry,
  watchDbPool,
  zeroVelocitySeries,
  type PoolCounts,
} from '@hosted-checkout/runtime/metrics/registry';

/** How a call to the payments service ended (`outcome` label). */
export type ServiceCallOutcome = 'ok' | 'client_error' | 'server_error' | 'timeout' | 'network' | 'invalid_response';

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
