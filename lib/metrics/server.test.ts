/**
 * The metrics listener on a free loopback port (port 0), scraped as Prometheus scrapes it and
 * parsed with a parser of the text format: the request histogram of an app server (hooked as
 * `next start` is: request log and guard) by route pattern, the service-call histogram and the
 * counters. The app's request hooks leave the listener alone: a scrape is neither guarded nor
 * counted as an app request. Only /metrics answers, to GET and HEAD.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyNamed as family, histogramSeries, parsePrometheusText, type MetricFamily } from '@/lib/testing/prometheus-text';
import { appendPeerToForwardedFor } from '@/lib/net/client-ip';
import { guardRequests } from '@/lib/net/request-guard';
import { logRequests } from '@/lib/net/request-log';
import { countPaymentOutcome, observeServiceCall } from './metrics';
import { startMetricsServer, type MetricsServer } from './server';

let listener: MetricsServer;
let app: http.Server;
let appOrigin = '';
let metricsUrl = '';

beforeAll(async () => {
  // As lib/startup.ts installs them on every server of the process.
  logRequests();
  appendPeerToForwardedFor();
  guardRequests();
  app = http.createServer((_request, response) => response.end('page'));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  listener = await startMetricsServer(0, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${listener.port}/metrics`;
});
afterAll(async () => {
  await listener.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

const scrape = async (): Promise<MetricFamily[]> => {
  const answer = await fetch(metricsUrl);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await answer.text());
};

describe('the metrics listener', () => {
  it('serves the histograms and counters in the text format', async () => {
    expect(listener.port).toBeGreaterThan(0);
    await (await fetch(`${appOrigin}/payments/payin/pi_0123456789abcdef/card`)).text();
    observeServiceCall('createPayin', 'ok', 0.05);
    countPaymentOutcome('payout', 'PROCESSED');

    const families = await scrape();
    const requests = histogramSeries(family(families, 'checkout_http_request_duration_seconds')!);
    const card = requests.find((s) => s.labels.route === '/payments/[transactionType]/[paymentId]/card');
    expect(card?.labels).toEqual({ route: '/payments/[transactionType]/[paymentId]/card', method: 'GET', status_class: '2xx' });
    expect(card?.count).toBe(1);
    expect(JSON.stringify(requests)).not.toContain('pi_0123456789abcdef');

    const calls = histogramSeries(family(families, 'checkout_payments_service_call_duration_seconds')!);
    expect(calls.find((s) => s.labels.operation === 'createPayin')).toMatchObject({
      labels: { operation: 'createPayin', outcome: 'ok' },
      count: 1,
      sum: 0.05,
    });
    expect(family(families, 'checkout_payment_outcomes_total')?.samples).toContainEqual({
      name: 'checkout_payment_outcomes_total',
      labels: { type: 'payout', status: 'PROCESSED' },
      value: 1,
    });
    for (const name of [
      'checkout_velocity_refusals_total',
      'checkout_pow_challenges_issued_total',
      'checkout_pow_verifications_total',
      'checkout_live_balance_open_streams',
      'checkout_db_pool_total_connections',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(family(families, name), name).toBeDefined();
    }
  });

  it('is left alone by the app’s request hooks: not guarded, not counted as an app request', async () => {
    // The guard refuses this header on the app's port (400); the listener is not the app.
    const refused = await fetch(`${appOrigin}/api/health`, { headers: { 'X-Forwarded-Host': 'evil.example' } });
    expect(refused.status).toBe(400);
    const scraped = await fetch(metricsUrl, { headers: { 'X-Forwarded-Host': 'evil.example' } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('x-request-id')).toBeNull();
    await scraped.text();
    const requests = histogramSeries(family(await scrape(), 'checkout_http_request_duration_seconds')!).map((s) => s.labels);
    // The app's refusal is counted; no scrape is (it would be `other`, a GET with a 2xx).
    expect(requests).toContainEqual({ route: '/api/health', method: 'GET', status_class: '4xx' });
    expect(requests).not.toContainEqual({ route: 'other', method: 'GET', status_class: '2xx' });
  });

  it('answers /metrics only, to GET and HEAD', async () => {
    const root = new URL('/', metricsUrl).href;
    expect((await fetch(root)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/x`)).status).toBe(404);
    const post = await fetch(metricsUrl, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(metricsUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('says when its port is taken', async () => {
    await expect(startMetricsServer(listener.port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
