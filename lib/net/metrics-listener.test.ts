/**
 * The metrics listener on a free loopback port (port 0), scraped as Prometheus scrapes it and
 * parsed with a parser of the text format: the request histogram of an app server (hooked as
 * `next start` is: request log and guard) by route pattern, the service-call histogram and the
 * counters. The app's request hooks leave the listener alone: a scrape is neither guarded nor
 * counted as an app request. Only /metrics answers, to GET and HEAD. Without a token it answers
 * any scrape; with one (METRICS_TOKEN), only a scrape that sends it as a bearer token, and 401 with
 * `WWW-Authenticate: Bearer` to any other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyNamed as family, histogramSeries, parsePrometheusText, type MetricFamily } from '@/lib/testing/prometheus-text';
import { appendPeerToForwardedFor } from '@hosted-checkout/runtime/net/client-ip';
import { guardRequests } from '@/lib/net/request-guard';
import { logRequests } from '@/lib/net/request-log';
import { countPaymentOutcome, observeServiceCall } from '../metrics/metrics';
import { startMetricsServer, type MetricsServer } from './metrics-listener';

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

  it('answers any scrape when no token is set, whatever Authorization it sends', async () => {
    const answer = await fetch(metricsUrl, { headers: { Authorization: 'Bearer anything-at-all-0123' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(await answer.text()).toContain('# TYPE checkout_http_request_duration_seconds histogram');
  });
});

describe('the metrics listener with a token', () => {
  const TOKEN = 'c0ffee0ddba11f00dfeedfacecafebeef0123456789abcdef';
  let guarded: MetricsServer;
  let url = '';

  beforeAll(async () => {
    guarded = await startMetricsServer(0, '127.0.0.1', { token: TOKEN });
    url = `http://127.0.0.1:${guarded.port}/metrics`;
  });
  afterAll(() => guarded.close());

  /** A scrape's status, challenge and body. */
  const scrapeWith = async (authorization?: string, method = 'GET') => {
    const answer = await fetch(url, { method, headers: authorization === undefined ? {} : { Authorization: authorization } });
    return { status: answer.status, challenge: answer.headers.get('www-authenticate'), body: await answer.text() };
  };

  it('refuses a scrape without the token: 401 with a Bearer challenge, and no metrics', async () => {
    const answer = await scrapeWith();
    expect(answer.status).toBe(401);
    expect(answer.challenge).toMatch(/^Bearer\b/);
    expect(answer.body).not.toContain('# TYPE');
    expect(answer.body).not.toContain(TOKEN);
    const head = await scrapeWith(undefined, 'HEAD');
    expect(head).toMatchObject({ status: 401, body: '' });
  });

  it('refuses a wrong token, a longer or shorter one, and another scheme', async () => {
    for (const authorization of [
      'Bearer wrong-token-0123456789',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
      'Bearer',
      'Bearer ',
    ]) {
      const answer = await scrapeWith(authorization);
      expect(answer.status, authorization).toBe(401);
      expect(answer.challenge, authorization).toMatch(/^Bearer\b/);
      expect(answer.body).not.toContain('# TYPE');
      expect(answer.body).not.toContain(TOKEN);
    }
  });

  it('serves the text format to the right token, as Prometheus sends it', async () => {
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusText(await answer.text());
    expect(family(families, 'checkout_http_request_duration_seconds')?.type).toBe('histogram');
    expect(family(families, 'process_cpu_user_seconds_total')?.type).toBe('counter');
    // The scheme in any case (RFC 9110), as some scrapers write it.
    expect((await scrapeWith(`bearer ${TOKEN}`)).status).toBe(200);
    expect((await scrapeWith(`Bearer ${TOKEN}`, 'HEAD')).status).toBe(200);
  });

  it('keeps 404 for other paths and 405 for other methods once authorized', async () => {
    expect((await fetch(new URL('/', url), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    const post = await fetch(url, { method: 'POST', body: 'x', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(post.status).toBe(405);
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(401);
  });
});
