/**
 * The metrics module: one registry per process however many bundles load it (Next.js loads a
 * module once per route bundle, here imitated with vi.resetModules), the names and units of the
 * metrics, the labels of the request histogram (route patterns, never ids), and the pool gauges
 * read at each scrape. Scrapes are parsed with a strict parser of the text format
 * (lib/testing/prometheus-text.ts), never a regex.
 */
import { describe, expect, it, vi } from 'vitest';
import { familyNamed as family, histogramSeries, parsePrometheusText, type MetricFamily } from '@/lib/testing/prometheus-text';

type MetricsModule = typeof import('./metrics');

const load = async (): Promise<MetricsModule> => {
  vi.resetModules();
  return import('./metrics');
};

const scrape = async (m: MetricsModule): Promise<MetricFamily[]> => parsePrometheusText(await m.metricsRegistry().metrics());

describe('the metrics registry', () => {
  it('is one per process: two bundles of the module share it and each metric', async () => {
    const first = await load();
    const second = await load();
    // Two evaluations of the module (as two route bundles have)...
    expect(second).not.toBe(first);
    // ...and one registry, where what either records shows, with each name registered once.
    expect(second.metricsRegistry()).toBe(first.metricsRegistry());
    expect(second.metrics()).toBe(first.metrics());
    first.metrics().velocityRefusals.reset();
    first.countVelocityRefusal('cardAttemptsPerIp');
    second.countVelocityRefusal('cardAttemptsPerIp');
    const refusals = family(await scrape(first), 'checkout_velocity_refusals_total');
    expect(refusals?.samples).toEqual([expect.objectContaining({ labels: { limit: 'cardAttemptsPerIp' }, value: 2 })]);
    const names = first
      .metricsRegistry()
      .getMetricsAsArray()
      .map((metric) => metric.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names every metric by the conventions: checkout_ prefix, base units, _total counters; and Node’s defaults', async () => {
    const m = await load();
    const families = await scrape(m);
    const ours = families.filter((f) => f.name.startsWith('checkout_'));
    expect(ours.map((f) => [f.name, f.type]).sort()).toEqual(
      [
        ['checkout_db_pool_idle_connections', 'gauge'],
        ['checkout_db_pool_total_connections', 'gauge'],
        ['checkout_db_pool_waiting_clients', 'gauge'],
        ['checkout_frame_client_errors_total', 'counter'],
        ['checkout_frame_cumulative_layout_shift', 'histogram'],
        ['checkout_frame_vitals_reports_total', 'counter'],
        ['checkout_frame_vitals_seconds', 'histogram'],
        ['checkout_http_request_duration_seconds', 'histogram'],
        ['checkout_live_balance_open_streams', 'gauge'],
        ['checkout_payment_outcomes_total', 'counter'],
        ['checkout_payments_service_call_duration_seconds', 'histogram'],
        ['checkout_pow_challenges_issued_total', 'counter'],
        ['checkout_pow_verifications_total', 'counter'],
        ['checkout_sandbox_payouts_past_deadline', 'gauge'],
        ['checkout_velocity_refusals_total', 'counter'],
        ['checkout_velocity_store_failures_total', 'counter'],
      ].sort(),
    );
    for (const f of ours) {
      expect(f.help, f.name).not.toBe('');
      if (f.type === 'counter') expect(f.name).toMatch(/_total$/);
      // Every histogram is of seconds but the layout shift, which has no unit.
      if (f.type === 'histogram' && f.name !== 'checkout_frame_cumulative_layout_shift') expect(f.name).toMatch(/_seconds$/);
    }
    const names = families.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']),
    );
  });

  it('labels requests with the route pattern, method and status class: never an id, unknown paths as `other`', async () => {
    const m = await load();
    m.metrics().httpDuration.reset();
    m.observeHttpRequest('GET', '/payments/payin/pi_0123456789abcdef/card?locale=ar', 200, 0.12);
    m.observeHttpRequest('POST', '/payments/payin/pi_fedcba9876543210/card', 303, 0.3);
    m.observeHttpRequest('GET', '/no/such/page', 404, 0.01);
    m.observeHttpRequest('PROPFIND', '/wp-admin/', 405, 0.001);
    const histogram = histogramSeries(family(await scrape(m), 'checkout_http_request_duration_seconds')!);
    const series = histogram.map((s) => s.labels);
    expect(series).toEqual(
      expect.arrayContaining([
        { route: '/payments/[transactionType]/[paymentId]/card', method: 'GET', status_class: '2xx' },
        { route: '/payments/[transactionType]/[paymentId]/card', method: 'POST', status_class: '3xx' },
        { route: 'other', method: 'GET', status_class: '4xx' },
        { route: 'other', method: 'other', status_class: '4xx' },
      ]),
    );
    expect(series).toHaveLength(4);
    expect(JSON.stringify(series)).not.toMatch(/pi_/);
    const card = histogram.find((s) => s.labels.method === 'GET' && s.labels.route!.endsWith('/card'));
    expect(card).toMatchObject({ count: 1, sum: 0.12 });
    expect(card?.buckets.find((b) => b.le === 0.25)?.count).toBe(1);
    expect(card?.buckets.find((b) => b.le === 0.1)?.count).toBe(0);
    expect(m.statusClass(101)).toBe('other');
  });

  it('records service calls by operation and outcome, and counts the rest', async () => {
    const m = await load();
    m.observeServiceCall('getPayin', 'ok', 0.02);
    m.observeServiceCall('getPayin', 'timeout', 15);
    m.countPaymentOutcome('payin', 'SUCCESS');
    m.countPowChallengeIssued();
    m.countPowVerification('failed');
    m.countVelocityStoreFailure('closed');
    m.changeLiveBalanceStreams(1);
    m.changeLiveBalanceStreams(1);
    m.changeLiveBalanceStreams(-1);
    const families = await scrape(m);
    const calls = histogramSeries(family(families, 'checkout_payments_service_call_duration_seconds')!);
    expect(calls.map((s) => s.labels)).toEqual(
      expect.arrayContaining([
        { operation: 'getPayin', outcome: 'ok' },
        { operation: 'getPayin', outcome: 'timeout' },
      ]),
    );
    expect(family(families, 'checkout_payment_outcomes_total')?.samples).toEqual(
      expect.arrayContaining([expect.objectContaining({ labels: { type: 'payin', status: 'SUCCESS' } })]),
    );
    expect(family(families, 'checkout_live_balance_open_streams')?.samples).toEqual([expect.objectContaining({ value: 1 })]);
    expect(family(families, 'checkout_pow_verifications_total')?.samples).toEqual(
      expect.arrayContaining([expect.objectContaining({ labels: { result: 'failed' } })]),
    );
  });

  it('records the frame’s timings in seconds, its layout shift unitless, its client errors by kind', async () => {
    const m = await load();
    m.metrics().frameVitals.reset();
    m.metrics().frameLayoutShift.reset();
    m.metrics().frameClientErrors.reset();
    m.observeFrameVital('card', 'de', 'lcp', 1.2);
    m.observeFrameVital('card', 'de', 'lcp', 3.5);
    m.observeFrameVital('card', 'other', 'threeds_challenge', 95);
    m.observeFrameLayoutShift('card', 'de', 0.12);
    m.countFrameClientErrors('widget', 'TypeError', 2);
    const families = await scrape(m);
    const vitals = histogramSeries(family(families, 'checkout_frame_vitals_seconds')!);
    const lcp = vitals.find((s) => s.labels.metric === 'lcp');
    expect(lcp).toMatchObject({ labels: { page: 'card', locale: 'de', metric: 'lcp' }, count: 2, sum: 4.7 });
    // The web vitals' thresholds are bucket bounds: LCP good ≤ 2.5 s, poor > 4 s.
    expect(lcp?.buckets.find((b) => b.le === 2.5)?.count).toBe(1);
    expect(lcp?.buckets.find((b) => b.le === 4)?.count).toBe(2);
    const challenge = vitals.find((s) => s.labels.metric === 'threeds_challenge');
    expect(challenge?.buckets.find((b) => b.le === 60)?.count).toBe(0);
    expect(challenge?.buckets.find((b) => b.le === 180)?.count).toBe(1);
    const cls = histogramSeries(family(families, 'checkout_frame_cumulative_layout_shift')!);
    expect(cls).toHaveLength(1);
    expect(cls[0]).toMatchObject({ labels: { page: 'card', locale: 'de' }, count: 1 });
    expect(cls[0]!.buckets.find((b) => b.le === 0.1)?.count).toBe(0);
    expect(cls[0]!.buckets.find((b) => b.le === 0.15)?.count).toBe(1);
    expect(family(families, 'checkout_frame_client_errors_total')?.samples).toEqual([
      expect.objectContaining({ labels: { page: 'widget', kind: 'TypeError' }, value: 2 }),
    ]);
  });

  it('reads each watched database pool at the scrape', async () => {
    const m = await load();
    const pool = { totalCount: 3, idleCount: 1, waitingCount: 0 };
    m.watchDbPool('sandbox', pool);
    pool.waitingCount = 5;
    const families = await scrape(m);
    const only = (name: string) => family(families, name)?.samples.map(({ labels, value }) => ({ labels, value }));
    expect(only('checkout_db_pool_total_connections')).toEqual([{ labels: { pool: 'sandbox' }, value: 3 }]);
    expect(only('checkout_db_pool_idle_connections')).toEqual([{ labels: { pool: 'sandbox' }, value: 1 }]);
    expect(only('checkout_db_pool_waiting_clients')).toEqual([{ labels: { pool: 'sandbox' }, value: 5 }]);
  });

  it('keeps the sandbox’s withdrawals past their payout deadline by status, each status at 0 until counted', async () => {
    const m = await load();
    const { setPayoutsPastDeadline } = await import('@hosted-checkout/runtime/metrics/registry');
    const read = async () =>
      family(await scrape(m), 'checkout_sandbox_payouts_past_deadline')?.samples.map(({ labels, value }) => [labels.status, value]);
    setPayoutsPastDeadline({});
    expect(await read()).toEqual([
      ['CREATED', 0],
      ['WAITING_FOR_CONFIRMATION', 0],
      ['PENDING', 0],
    ]);
    setPayoutsPastDeadline({ WAITING_FOR_CONFIRMATION: 2 });
    setPayoutsPastDeadline({ PENDING: 1 });
    // A count replaces the last one whole: a status it does not name is back at 0.
    expect(await read()).toEqual([
      ['CREATED', 0],
      ['WAITING_FOR_CONFIRMATION', 0],
      ['PENDING', 1],
    ]);
  });
});
