/**
 * The Prometheus metrics of the running server (lib/metrics/): on their own port
 * (METRICS_PORT, set by playwright.config.ts), never on the customer-facing one, and only to a
 * scrape with the bearer token (METRICS_TOKEN, set there too; the server's start-up wires it
 * in). A card pay-in paid through the embedded card page moves the payment outcome counter, the
 * request histogram of the card route (by its pattern, never the payment's id) and the histogram
 * of the calls to the payments service. Scrapes are parsed with a strict parser of the text format.
 */
import { expect, test } from './fixtures';
import { familyNamed, hasLabels, histogramSeries, type MetricFamily } from '../lib/testing/prometheus-text';
import { createPayin, fetchPayin, fillCard, MERCHANT_ORIGIN, openEmbedded } from './support';
import { METRICS_URL, observations as observationsOf, scrapeMetrics } from './support-metrics';

const CARD_ROUTE = '/payments/[transactionType]/[paymentId]/card';

/** A scrape, its content type checked too. */
const scrape = () => scrapeMetrics(true);

/** The sum of a counter's samples with `labels`. */
function counter(families: MetricFamily[], name: string, labels: Record<string, string>): number {
  const family = familyNamed(families, name);
  expect(family?.type, name).toBe('counter');
  return family!.samples.filter((s) => hasLabels(s.labels, labels)).reduce((sum, s) => sum + s.value, 0);
}

/** The observations of a histogram's series with `labels`, added up; the histogram must be in the scrape. */
const observations = (families: MetricFamily[], name: string, labels: Record<string, string>) =>
  observationsOf(families, name, labels, true);

test('the customer-facing origin has no /metrics', async ({ request }) => {
  const answer = await request.get('/metrics');
  expect(answer.status()).toBe(404);
  expect(await answer.text()).not.toContain('# TYPE');
});

test('the metrics port refuses a scrape without the token, or with another', async () => {
  for (const headers of [{}, { Authorization: 'Bearer not-the-metrics-token-0123' }] as Record<string, string>[]) {
    const answer = await fetch(METRICS_URL, { headers });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(await answer.text()).not.toContain('# TYPE');
  }
});

test('a paid pay-in moves the outcome counter, the card route’s histogram and the service-call histogram', async ({ page, request }) => {
  const before = await scrape();
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4242424242424242' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');

  const after = await scrape();
  const outcome = { type: 'payin', status: 'SUCCESS' };
  expect(counter(after, 'checkout_payment_outcomes_total', outcome)).toBe(counter(before, 'checkout_payment_outcomes_total', outcome) + 1);
  // The page itself (GET, 200) and its server action (POST: 200 or a 303), under the route's pattern.
  const cardSeries: Record<string, string>[] = [
    { route: CARD_ROUTE, method: 'GET', status_class: '2xx' },
    { route: CARD_ROUTE, method: 'POST' },
  ];
  for (const series of cardSeries) {
    expect(observations(after, 'checkout_http_request_duration_seconds', series), series.method).toBeGreaterThan(
      observations(before, 'checkout_http_request_duration_seconds', series),
    );
  }
  const call = { operation: 'processCard', outcome: 'ok' };
  expect(observations(after, 'checkout_payments_service_call_duration_seconds', call)).toBeGreaterThan(
    observations(before, 'checkout_payments_service_call_duration_seconds', call),
  );
  expect(observations(after, 'checkout_payments_service_call_duration_seconds', { operation: 'getPayin' })).toBeGreaterThan(0);

  // No label carries an id: the route is a pattern, and every label value comes from a short list.
  const labelValues = after.flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));
  expect(labelValues.filter((value) => value.includes(payin.paymentId))).toEqual([]);
  const routes = new Set(histogramSeries(familyNamed(after, 'checkout_http_request_duration_seconds')!).map((s) => s.labels.route));
  expect([...routes].every((route) => route === 'other' || route!.startsWith('/'))).toBe(true);
  // Node's own metrics come along.
  expect(familyNamed(after, 'process_cpu_user_seconds_total')?.type).toBe('counter');
  expect(familyNamed(after, 'nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
});
