/**
 * What the checkout measures: the Prometheus metric families of the process (prom-client), with
 * their names, help, labels and buckets, made on a registry. Names follow Prometheus'
 * conventions: a `checkout_` prefix, base units (`_seconds`), `_total` on counters; every label
 * takes values from a short fixed list (route patterns, never ids: lib/metrics/http-routes.ts).
 * The process makes them once (registry.ts) and records through it and lib/metrics/metrics.ts.
 *
 * The metrics (README, "Metrics"):
 * - `checkout_http_request_duration_seconds{route,method,status_class}` (histogram): every request
 *   of the app's port, refused ones included, from its head to the end of its answer;
 * - `checkout_payment_outcomes_total{type,status}`: a result status the checkout learned for a
 *   pay-in or payout (each decline, and each final status, once per payment on this instance);
 * - `checkout_velocity_refusals_total{limit}` and `checkout_velocity_store_failures_total{policy}`;
 * - `checkout_pow_challenges_issued_total` and `checkout_pow_verifications_total{result}`
 *   (`solved`, `failed`);
 * - `checkout_live_balance_open_streams` (gauge);
 * - `checkout_payments_service_call_duration_seconds{operation,outcome}` (histogram);
 * - `checkout_db_pool_total_connections`, `checkout_db_pool_idle_connections`,
 *   `checkout_db_pool_waiting_clients` `{pool}` (gauges of each node-postgres pool);
 * - what the framed pages measure in the customer's browser (app/api/vitals/route.ts):
 *   `checkout_frame_vitals_seconds{page,locale,metric}` and
 *   `checkout_frame_cumulative_layout_shift{page,locale}` (histograms; CLS is unitless), and
 *   `checkout_frame_client_errors_total{page,kind}`, and the reports by what became of them,
 *   `checkout_frame_vitals_reports_total{outcome}` (`recorded`, `invalid`, `address_limit`,
 *   `page_view_limit`, `ceiling`);
 * - `checkout_sandbox_payouts_past_deadline{status}` (gauge): the embedded sandbox's cashier
 *   withdrawals past their payout deadline and not final (SPA/MF's 120 minutes), by status, as its
 *   worker last counted them (packages/sandbox/service/cashier/payout-deadline.ts);
 * - Node.js's defaults (`process_*`, `nodejs_*`: prom-client's collectDefaultMetrics).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool gauges read of a node-postgres Pool. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The process's metric objects, the registry they are in, and the pools the pool gauges read. */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'route' | 'method' | 'status_class'>;
  paymentOutcomes: Counter<'type' | 'status'>;
  velocityRefusals: Counter<'limit'>;
  velocityStoreFailures: Counter<'policy'>;
  powIssued: Counter;
  powVerifications: Counter<'result'>;
  liveBalanceStreams: Gauge;
  serviceCalls: Histogram<'operation' | 'outcome'>;
  frameVitals: Histogram<'page' | 'locale' | 'metric'>;
  frameLayoutShift: Histogram<'page' | 'locale'>;
  frameClientErrors: Counter<'page' | 'kind'>;
  frameVitalsReports: Counter<'outcome'>;
  payoutsPastDeadline: Gauge<'status'>;
  /** The node-postgres pools watched, by name (`sandbox`, `rate_limits`). */
  pools: Map<string, PoolCounts>;
}

/** Buckets of the request histogram, in seconds: from a cached asset to a slow server action. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Buckets of the service-call histogram, in seconds (PAYMENTS_API_TIMEOUT_MS is 15 s by default; a long poll waits 25 s). */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];
/**
 * Buckets of the frame's timings, in seconds: the web vitals' thresholds (INP 0.2/0.5, TTFB
 * 0.8/1.8, FCP 1.8/3, LCP 2.5/4) and the 3-D Secure steps (the Method gives up at 10 s; a
 * challenge takes the customer a minute or more).
 */
const FRAME_VITAL_BUCKETS = [0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10, 30, 60, 180];
/** Buckets of the frame's cumulative layout shift (unitless; good ≤ 0.1, poor > 0.25). */
const LAYOUT_SHIFT_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

/** A registry with every metric of the process on it (the pool gauges read `pools` at each scrape). */
export function makeMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const pools = new Map<string, PoolCounts>();
  const poolGauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        for (const [pool, counts] of pools) this.set({ pool }, read(counts));
      },
    });
  poolGauge('checkout_db_pool_total_connections', 'Connections a node-postgres pool holds, idle or in use.', (p) => p.totalCount);
  poolGauge('checkout_db_pool_idle_connections', 'Connections of a node-postgres pool that are idle.', (p) => p.idleCount);
  poolGauge('checkout_db_pool_waiting_clients', 'Queries waiting for a connection of a node-postgres pool.', (p) => p.waitingCount);
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    pools,
    httpDuration: new Histogram({
      name: 'checkout_http_request_duration_seconds',
      help: 'Requests of the app port, from the head read to the answer sent, by route pattern, method and status class.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    paymentOutcomes: new Counter({
      name: 'checkout_payment_outcomes_total',
      help: 'Result statuses the checkout learned: each decline, and each final status once per payment on this instance.',
      labelNames: ['type', 'status'],
      registers,
    }),
    velocityRefusals: new Counter({
      name: 'checkout_velocity_refusals_total',
      help: 'Attempts refused by a velocity limit, by limit.',
      labelNames: ['limit'],
      registers,
    }),
    velocityStoreFailures: new Counter({
      name: 'checkout_velocity_store_failures_total',
      help: 'Checks of the velocity limits whose store failed, by VELOCITY_STORE_FAILURE policy (closed: refused; open: let through).',
      labelNames: ['policy'],
      registers,
    }),
    powIssued: new Counter({
      name: 'checkout_pow_challenges_issued_total',
      help: 'Proof-of-work challenges handed to browsers.',
      registers,
    }),
    powVerifications: new Counter({
      name: 'checkout_pow_verifications_total',
      help: 'Proof-of-work solutions checked with a card attempt: solved, or failed (missing, malformed, reused, wrong or expired).',
      labelNames: ['result'],
      registers,
    }),
    liveBalanceStreams: new Gauge({
      name: 'checkout_live_balance_open_streams',
      help: 'Live-balance event streams (withdrawal widgets) open on this instance, as LIVE_STREAMS_MAX counts them.',
      registers,
    }),
    serviceCalls: new Histogram({
      name: 'checkout_payments_service_call_duration_seconds',
      help: 'Calls to the payments service on the wire, by operation and outcome.',
      labelNames: ['operation', 'outcome'],
      buckets: CALL_BUCKETS,
      registers,
    }),
    ...makeFrameMetrics(registers),
    frameVitalsReports: makeVitalsReportsCounter(registers),
    payoutsPastDeadline: makePayoutsPastDeadlineGauge(registers),
  };
}

/** The statuses of a withdrawal not final (the `status` label of the payout deadline's gauge). */
export const OPEN_PAYOUT_STATUSES = ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING'] as const;
export type OpenPayoutStatus = (typeof OPEN_PAYOUT_STATUSES)[number];

/**
 * The gauge of the sandbox's withdrawals past their payout deadline, by status, each at 0 until
 * counted (its own maker, so that a registry made by an older copy of these modules gains it:
 * registry.ts's `metrics`).
 */
export function makePayoutsPastDeadlineGauge(registers: Registry[]): Gauge<'status'> {
  const gauge = new Gauge({
    name: 'checkout_sandbox_payouts_past_deadline',
    help: 'Cashier withdrawals of the embedded sandbox past their payout deadline (SPA/MF: 120 minutes) and not final, by status, as its worker last counted them.',
    labelNames: ['status'],
    registers,
  });
  for (const status of OPEN_PAYOUT_STATUSES) gauge.set({ status }, 0);
  return gauge;
}

/** What became of a timing report of the framed pages (the `outcome` label; lib/security/vitals-budgets.ts). */
export const VITALS_REPORT_OUTCOMES = ['recorded', 'invalid', 'address_limit', 'page_view_limit', 'ceiling'] as const;
export type VitalsReportOutcome = (typeof VITALS_REPORT_OUTCOMES)[number];

/** The counter of the timing reports by outcome (its own, so that a registry made by an older copy of these modules gains it: registry.ts's `metrics`). */
export function makeVitalsReportsCounter(registers: Registry[]): Counter<'outcome'> {
  const counter = new Counter({
    name: 'checkout_frame_vitals_reports_total',
    help: 'Timing reports of the framed pages (POST /api/vitals) by outcome: recorded, invalid, or refused by a budget (address_limit, page_view_limit, ceiling).',
    labelNames: ['outcome'],
    registers,
  });
  for (const outcome of VITALS_REPORT_OUTCOMES) counter.inc({ outcome }, 0);
  return counter;
}

/** The frame's own measurements' metrics (separate, so that a registry made by an older copy of these modules gains them: registry.ts's `metrics`). */
export function makeFrameMetrics(registers: Registry[]): Pick<Metrics, 'frameVitals' | 'frameLayoutShift' | 'frameClientErrors'> {
  return {
    frameVitals: new Histogram({
      name: 'checkout_frame_vitals_seconds',
      help: 'Timings the framed pages measured in the customer’s browser (ready, ttfb, fcp, lcp, inp, threeds_method, threeds_challenge), by page and locale.',
      labelNames: ['page', 'locale', 'metric'],
      buckets: FRAME_VITAL_BUCKETS,
      registers,
    }),
    frameLayoutShift: new Histogram({
      name: 'checkout_frame_cumulative_layout_shift',
      help: 'Cumulative layout shift (unitless) the framed pages measured in the customer’s browser, by page and locale.',
      labelNames: ['page', 'locale'],
      buckets: LAYOUT_SHIFT_BUCKETS,
      registers,
    }),
    frameClientErrors: new Counter({
      name: 'checkout_frame_client_errors_total',
      help: 'Uncaught errors and unhandled rejections in the framed pages, by page and kind (the error’s type, never its message).',
      labelNames: ['page', 'kind'],
      registers,
    }),
  };
}

/** `made` with the series of fixed label sets at 0 (a rate over them is 0, not missing, before the first event). */
export function startedAtZero(made: Metrics): Metrics {
  for (const result of ['solved', 'failed']) made.powVerifications.inc({ result }, 0);
  for (const policy of ['closed', 'open']) made.velocityStoreFailures.inc({ policy }, 0);
  return made;
}
