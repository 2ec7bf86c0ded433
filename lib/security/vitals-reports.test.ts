/**
 * POST /api/vitals (app/api/vitals/route.ts, lib/security/vitals-reports.ts): a framed page's
 * beacon becomes the frame's histograms, in seconds, with labels only from the fixed sets; the
 * body is bounded, typed and checked; floods are refused per address and over all addresses.
 * Scrapes are parsed with the strict parser of the text format.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_KINDS, FRAME_PAGES, FRAME_TIMINGS } from '@/lib/framing/frame-vitals-labels';
import { LOCALES } from '@/lib/i18n/locales';
import { metricsRegistry } from '@/lib/metrics/metrics';
import { familyNamed, hasLabels, histogramSeries, parsePrometheusText, type MetricFamily } from '@/lib/testing/prometheus-text';
import { parseVitalsReport, VITALS_PER_MINUTE, withinVitalsBudget } from './vitals-reports';

const { POST } = await import('@/app/api/vitals/route');

let address = 0;
/** A client address of its own for each call unless told (the per-address limit is tested on its own). */
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;

const post = (body: unknown, options: { type?: string; ip?: string | null } = {}) => {
  const headers: Record<string, string> = { 'Content-Type': options.type ?? 'text/plain;charset=UTF-8' };
  const ip = options.ip === undefined ? nextAddress() : options.ip;
  if (ip) headers['X-Forwarded-For'] = ip;
  return POST(
    new Request('http://checkout.test/api/vitals', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
};

const scrape = async (): Promise<MetricFamily[]> => parsePrometheusText(await metricsRegistry().metrics());

/** Observations of a histogram's series with `labels`, added up: count and sum. */
function observed(families: MetricFamily[], name: string, labels: Record<string, string>): { count: number; sum: number } {
  const family = familyNamed(families, name);
  const series = family ? histogramSeries(family).filter((s) => hasLabels(s.labels, labels)) : [];
  return { count: series.reduce((n, s) => n + s.count, 0), sum: series.reduce((n, s) => n + s.sum, 0) };
}

const errorsCounted = (families: MetricFamily[], labels: Record<string, string>) =>
  (familyNamed(families, 'checkout_frame_client_errors_total')?.samples ?? [])
    .filter((s) => hasLabels(s.labels, labels))
    .reduce((n, s) => n + s.value, 0);

afterEach(() => {
  delete process.env.LIMIT_VITALS_PER_IP;
});

describe('POST /api/vitals', () => {
  it('records a beacon’s timings in seconds, its CLS and its error kinds, by page and locale (204)', async () => {
    const before = await scrape();
    const answer = await post({
      page: 'card',
      locale: 'pt-BR',
      metrics: { ready: 420, ttfb: 80, fcp: 650, lcp: 1250, inp: 48, cls: 0.03, threeds_method: 1800, threeds_challenge: 42_000 },
      errors: ['TypeError', 'TypeError', 'rejection'],
    });
    expect(answer.status).toBe(204);
    const after = await scrape();
    const delta = (metric: string) => {
      const labels = { page: 'card', locale: 'pt-BR', metric };
      const [was, is] = [
        observed(before, 'checkout_frame_vitals_seconds', labels),
        observed(after, 'checkout_frame_vitals_seconds', labels),
      ];
      return { count: is.count - was.count, sum: Math.round((is.sum - was.sum) * 1000) / 1000 };
    };
    expect(delta('ready')).toEqual({ count: 1, sum: 0.42 });
    expect(delta('lcp')).toEqual({ count: 1, sum: 1.25 });
    expect(delta('inp')).toEqual({ count: 1, sum: 0.048 });
    expect(delta('threeds_challenge')).toEqual({ count: 1, sum: 42 });
    for (const metric of FRAME_TIMINGS) expect(delta(metric).count, metric).toBe(1);
    const shift = (families: MetricFamily[]) =>
      observed(families, 'checkout_frame_cumulative_layout_shift', { page: 'card', locale: 'pt-BR' });
    expect(shift(after).count - shift(before).count).toBe(1);
    expect(shift(after).sum - shift(before).sum).toBeCloseTo(0.03, 6);
    expect(errorsCounted(after, { page: 'card', kind: 'TypeError' }) - errorsCounted(before, { page: 'card', kind: 'TypeError' })).toBe(2);
    expect(errorsCounted(after, { page: 'card', kind: 'rejection' }) - errorsCounted(before, { page: 'card', kind: 'rejection' })).toBe(1);
  });

  it('takes application/json too, and a report with nothing in it; refuses other content types (415)', async () => {
    expect((await post({ page: 'widget', locale: 'en', metrics: { fcp: 300 } }, { type: 'application/json' })).status).toBe(204);
    expect((await post({ page: 'status' })).status).toBe(204);
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plainx', 'application/csp-report']) {
      expect((await post({ page: 'card' }, { type })).status, type).toBe(415);
    }
  });

  it('labels only from the fixed sets: another locale is `other`, an unknown metric is ignored, an unknown error kind is `other`, ids are dropped', async () => {
    const answer = await post({
      page: 'apm',
      locale: 'pi_0123456789abcdef',
      metrics: { lcp: 900, fid: 12, 'https://shop.example/pay?card=4242': 1, paymentId: 5 },
      errors: ['Error: card 4242424242424242 declined', 'TypeError'],
      paymentId: 'pi_0123456789abcdef',
      url: 'https://checkout.example/payments/payin/pi_0123456789abcdef/apm',
    });
    expect(answer.status).toBe(204);
    const families = await scrape();
    expect(observed(families, 'checkout_frame_vitals_seconds', { page: 'apm', locale: 'other', metric: 'lcp' }).count).toBeGreaterThan(0);
    expect(errorsCounted(families, { page: 'apm', kind: 'other' })).toBeGreaterThan(0);
    const pages = new Set<string>(FRAME_PAGES);
    const locales = new Set<string>([...LOCALES, 'other']);
    const metrics = new Set<string>(FRAME_TIMINGS);
    const kinds = new Set<string>(ERROR_KINDS);
    for (const name of ['checkout_frame_vitals_seconds', 'checkout_frame_cumulative_layout_shift', 'checkout_frame_client_errors_total']) {
      for (const sample of familyNamed(families, name)?.samples ?? []) {
        const { page, locale, metric, kind, le, ...rest } = sample.labels;
        expect(rest, name).toEqual({});
        expect(le === undefined || /^(?:[\d.]+|\+Inf)$/.test(le)).toBe(true);
        expect(pages.has(page!), `${name} page ${page}`).toBe(true);
        if (locale !== undefined) expect(locales.has(locale), `${name} locale ${locale}`).toBe(true);
        if (metric !== undefined) expect(metrics.has(metric), `${name} metric ${metric}`).toBe(true);
        if (kind !== undefined) expect(kinds.has(kind), `${name} kind ${kind}`).toBe(true);
      }
    }
    const text = await metricsRegistry().metrics();
    expect(text).not.toMatch(/pi_0123|4242|shop\.example|fid/);
  });

  it('refuses a body above 4 KB (413), one that is not JSON (400), and one that is not a report (400)', async () => {
    const big = JSON.stringify({ page: 'card', metrics: { lcp: 1 }, pad: 'x'.repeat(5000) });
    expect((await post(big)).status).toBe(413);
    expect((await post('{"page":"card",')).status).toBe(400);
    expect((await post('')).status).toBe(400);
    for (const body of [
      null,
      [],
      'card',
      { page: 'checkout' },
      { page: 'pi_0123456789abcdef' },
      { metrics: { lcp: 1 } },
      { page: 'card', metrics: { lcp: -1 } },
      { page: 'card', metrics: { lcp: 'slow' } },
      { page: 'card', metrics: { lcp: 3_600_001 } },
      { page: 'card', metrics: { cls: 1000 } },
      { page: 'card', errors: Array.from({ length: 21 }, () => 'Error') },
      { page: 'card', locale: 'x'.repeat(36) },
    ]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 429 with Retry-After past LIMIT_VITALS_PER_IP from one address (an IPv6 client by its /64), and to no address', async () => {
    process.env.LIMIT_VITALS_PER_IP = '3/60';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post({ page: 'card' }, { ip: '203.0.113.50' })).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const refused = await post({ page: 'card' }, { ip: '203.0.113.50' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await post({ page: 'card' }, { ip: '203.0.113.51' })).status).toBe(204);
    const v6: number[] = [];
    for (let i = 1; i <= 4; i += 1) v6.push((await post({ page: 'card' }, { ip: `2001:db8:5:1::${i}` })).status);
    expect(v6).toEqual([204, 204, 204, 429]);
    expect((await post({ page: 'card' }, { ip: null })).status).toBe(429);
  });

  it(`answers 429 past ${VITALS_PER_MINUTE} reports a minute over all addresses, recording nothing more`, async () => {
    // Spend what is left of this instance's budget, then one more report from a fresh address.
    let spent = 0;
    while (await withinVitalsBudget()) spent += 1;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(VITALS_PER_MINUTE);
    const before = observed(await scrape(), 'checkout_frame_vitals_seconds', { page: 'cashier', metric: 'ready' }).count;
    const answer = await post({ page: 'cashier', locale: 'en', metrics: { ready: 100 } }, { ip: '192.0.2.200' });
    expect(answer.status).toBe(429);
    expect(observed(await scrape(), 'checkout_frame_vitals_seconds', { page: 'cashier', metric: 'ready' }).count).toBe(before);
  });
});

describe('a report’s parsing', () => {
  it('maps the labels and converts milliseconds to seconds', () => {
    const report = parseVitalsReport({ page: 'widget', locale: 'zh-CN', metrics: { ttfb: 250, cls: 0.2 }, errors: ['AbortError', 'x'] });
    expect(report).toEqual({
      page: 'widget',
      locale: 'zh-CN',
      timings: [['ttfb', 0.25]],
      cls: 0.2,
      errors: new Map([
        ['AbortError', 1],
        ['other', 1],
      ]),
    });
    expect(parseVitalsReport({ page: 'card', locale: 'zh-cn' })?.locale).toBe('other');
    expect(parseVitalsReport({ page: '__proto__' })).toBeNull();
  });
});
