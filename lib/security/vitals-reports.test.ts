/**
 * POST /api/vitals (app/api/vitals/route.ts, lib/security/vitals-reports.ts,
 * lib/security/vitals-budgets.ts): a framed page's beacon becomes the frame's histograms, in
 * seconds, with labels only from the fixed sets; the body is bounded, typed and checked; a report
 * names its page view, which reports each metric once and a few reports at most; floods are
 * refused per address (an IPv6 client by its /64), and a ceiling over all addresses never refuses
 * an address's first reports, so a flood from many addresses leaves a new customer's report
 * standing. Scrapes are parsed with the strict parser of the text format.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_KINDS, FRAME_PAGES, FRAME_TIMINGS } from '@/lib/framing/frame-vitals-labels';
import { LOCALES } from '@hosted-checkout/contract/locales';
import { metricsRegistry } from '@/lib/metrics/metrics';
import { familyNamed, hasLabels, histogramSeries, parsePrometheusText, type MetricFamily } from '@/lib/testing/prometheus-text';
import { parseVitalsReport } from './vitals-reports';
import { VITALS_ADDRESS_SHARE, VITALS_CEILING_PER_MINUTE, VITALS_REPORTS_PER_VIEW } from './vitals-budgets';

const { POST } = await import('@/app/api/vitals/route');

let address = 0;
/** A client address of its own for each call unless told (the per-address limit is tested on its own). */
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;

/** A page-view id as a page makes one: 16 random bytes in hex. */
const newView = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Posts `body` (an object gets a page-view id of its own unless it names one, or `view: null` for none). */
const post = (body: unknown, options: { type?: string; ip?: string | null } = {}) => {
  const headers: Record<string, string> = { 'Content-Type': options.type ?? 'text/plain;charset=UTF-8' };
  const ip = options.ip === undefined ? nextAddress() : options.ip;
  if (ip) headers['X-Forwarded-For'] = ip;
  let sent = body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const { view = newView(), ...rest } = body as { view?: string | null };
    sent = view === null ? rest : { ...rest, view };
  }
  return POST(
    new Request('http://checkout.test/api/vitals', {
      method: 'POST',
      headers,
      body: typeof sent === 'string' ? sent : JSON.stringify(sent),
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
    // The page-view id is a key of the budgets only: in no label.
    const view = newView();
    expect((await post({ page: 'apm', view, metrics: { ttfb: 10 } })).status).toBe(204);
    expect(await metricsRegistry().metrics()).not.toContain(view);
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
      // No page-view id, or not one a page makes.
      { page: 'card', metrics: { lcp: 1 }, view: null },
      { page: 'card', view: 'short' },
      { page: 'card', view: 'x'.repeat(65) },
      { page: 'card', view: '../../etc/passwd0000' },
      { page: 'card', view: 42 },
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
    // One /64, each report from another of its addresses: one budget.
    const v6: number[] = [];
    for (const host of [':1', 'a:b:c:d', 'ffff:ffff:ffff:fffe', '1234:5678:9abc:def0', ':2'])
      v6.push((await post({ page: 'card' }, { ip: `2001:db8:5:1:${host}` })).status);
    expect(v6).toEqual([204, 204, 204, 429, 429]);
    expect((await post({ page: 'card' }, { ip: '2001:db8:5:2::1' })).status).toBe(204);
    expect((await post({ page: 'card' }, { ip: null })).status).toBe(429);
  });

  it(`takes at most ${VITALS_REPORTS_PER_VIEW} reports of one page view, and each metric of it once`, async () => {
    const view = newView();
    const lcp = async () =>
      observed(await scrape(), 'checkout_frame_vitals_seconds', { page: 'status', locale: 'pl', metric: 'lcp' }).count;
    const before = await lcp();
    const statuses: number[] = [];
    // From another address each time: the page view's cap, not the address's limit.
    for (let i = 0; i < VITALS_REPORTS_PER_VIEW + 2; i += 1)
      statuses.push((await post({ page: 'status', locale: 'pl', view, metrics: { lcp: 5000 + i } })).status);
    expect(statuses).toEqual([...Array<number>(VITALS_REPORTS_PER_VIEW).fill(204), 429, 429]);
    expect((await lcp()) - before).toBe(1);
    // Another page view is a budget of its own.
    expect((await post({ page: 'status', locale: 'pl', metrics: { lcp: 900 } })).status).toBe(204);
    expect((await lcp()) - before).toBe(2);
  });

  it('counts every report by outcome, for the alerts (deploy/prometheus/checkout.rules.yaml)', async () => {
    const outcomes = async () =>
      Object.fromEntries(
        (familyNamed(await scrape(), 'checkout_frame_vitals_reports_total')?.samples ?? []).map((s) => [s.labels.outcome, s.value]),
      );
    const before = await outcomes();
    expect(Object.keys(before).sort()).toEqual(['address_limit', 'ceiling', 'invalid', 'page_view_limit', 'recorded']);
    process.env.LIMIT_VITALS_PER_IP = '1/60';
    const view = newView();
    await post({ page: 'card', view }, { ip: '203.0.113.90' });
    await post({ page: 'card', view }, { ip: '203.0.113.90' });
    await post({ page: 'card', view: null }, { ip: '203.0.113.91' });
    const after = await outcomes();
    expect(after.recorded! - before.recorded!).toBe(1);
    expect(after.address_limit! - before.address_limit!).toBe(1);
    expect(after.invalid! - before.invalid!).toBe(1);
  });

  // Last: it spends this instance's ceiling for the minute.
  it('a flood from 130 addresses, each within its own limit, leaves a new customer’s report accepted, and reaches the histograms only up to the addresses’ shares and the ceiling', async () => {
    const ADDRESSES = 130;
    const EACH = 47;
    const slow = { page: 'card', locale: 'tr', metric: 'lcp' };
    const before = observed(await scrape(), 'checkout_frame_vitals_seconds', slow).count;
    let accepted = 0;
    for (let round = 0; round < EACH; round += 1) {
      for (let a = 0; a < ADDRESSES; a += 1) {
        const ip = a % 2 === 0 ? `198.18.${a}.7` : `2001:db8:f1:${a}::${round + 1}`;
        const answer = await post({ page: 'card', locale: 'tr', metrics: { lcp: 5000, fcp: 4500 } }, { ip });
        if (answer.status === 204) accepted += 1;
      }
    }
    // The real customer right after: a new address, a new page view.
    const customer = await post({ page: 'card', locale: 'en', metrics: { lcp: 1200 } }, { ip: '192.0.2.200' });
    expect(customer.status).toBe(204);
    const poisoned = observed(await scrape(), 'checkout_frame_vitals_seconds', slow).count - before;
    expect(poisoned).toBe(accepted);
    // Each address its share; beyond the shares, the ceiling over all addresses.
    expect(accepted).toBeLessThanOrEqual(ADDRESSES * VITALS_ADDRESS_SHARE + VITALS_CEILING_PER_MINUTE);
    // A new /64 likewise, and one of the flood's addresses is refused.
    expect((await post({ page: 'card', locale: 'en', metrics: { lcp: 1100 } }, { ip: '2001:db8:cafe:1::1' })).status).toBe(204);
    expect((await post({ page: 'card', locale: 'tr', metrics: { lcp: 5000 } }, { ip: '198.18.0.7' })).status).toBe(429);
  });
});

describe('a report’s parsing', () => {
  it('maps the labels and converts milliseconds to seconds', () => {
    const view = newView();
    const report = parseVitalsReport({
      page: 'widget',
      view,
      locale: 'zh-CN',
      metrics: { ttfb: 250, cls: 0.2 },
      errors: ['AbortError', 'x'],
    });
    expect(report).toEqual({
      page: 'widget',
      view,
      locale: 'zh-CN',
      timings: [['ttfb', 0.25]],
      cls: 0.2,
      errors: new Map([
        ['AbortError', 1],
        ['other', 1],
      ]),
    });
    expect(parseVitalsReport({ page: 'card', view, locale: 'zh-cn' })?.locale).toBe('other');
    expect(parseVitalsReport({ page: '__proto__', view })).toBeNull();
    expect(parseVitalsReport({ page: 'card' })).toBeNull();
  });
});
