/**
 * What the payment frame measures of itself (lib/framing/frame-vitals.ts → POST /api/vitals →
 * lib/metrics/metrics.ts): a card page framed by the merchant's site, used and then left, sends its
 * beacon, and the frame's histograms on the metrics listener move under the page's label and
 * locale (`ko`, which no other spec uses, so that another test's late beacon cannot pass for
 * this one's); a 3-D Secure Method's duration is counted under the card page; a merchant whose
 * checkout settings say `frameTimings` gets `timing` parent messages, one without gets none.
 * web-vitals loads about 3 s after the page's load event: the tests wait for it through the
 * opted-in merchant's `timing` messages, or long enough.
 */
import { expect, test, type Page } from './fixtures';
import { createPayin, fillCard, MERCHANT_ORIGIN, merchantApi, must, OTHER_TOKEN, openEmbedded, parentMessages, withQuery } from './support';
import { observations, scrapeMetrics } from './support-metrics';
import { familyNamed, type MetricFamily } from '../lib/testing/prometheus-text';

/** The seeded merchant whose settings the timing tests turn `frameTimings` on for (OTHER_TOKEN's). */
const OPTED_IN = 'merchant-other';

/** The `timing` messages the merchant's page received. */
const timings = async (page: Page) => (await parentMessages(page)).filter((m) => m.type === 'timing');

/** Unloads the checkout's frame and leaves the merchant's page as it is (its messages stay readable). */
const unloadFrame = (page: Page) =>
  page.locator('#checkout').evaluate((frame) => {
    (frame as HTMLIFrameElement).src = 'about:blank';
  });

const settingsOf = async () =>
  must(
    await merchantApi(OTHER_TOKEN).GET('/public/merchant/{merchantId}/checkout-settings', { params: { path: { merchantId: OPTED_IN } } }),
    'get checkout settings',
  );

const putSettings = async (settings: Awaited<ReturnType<typeof settingsOf>>) =>
  must(
    await merchantApi(OTHER_TOKEN).PUT('/public/merchant/{merchantId}/checkout-settings', {
      params: { path: { merchantId: OPTED_IN } },
      body: settings,
    }),
    'put checkout settings',
  );

test('a framed card page, used and left, moves the frame’s histograms under its page and locale', async ({ page, request }) => {
  const before = await scrapeMetrics();
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, withQuery(payin.iframeUrls.card, 'locale=ko'));
  await expect.poll(async () => (await parentMessages(page)).map((m) => m.type)).toContain('ready');
  // The customer starts typing a card: an interaction (INP), and LCP is final at the first input.
  const number = frame.locator('input[autocomplete="cc-number"]');
  await number.click();
  await number.pressSequentially('4242 4242', { delay: 30 });
  // web-vitals loads about 3 s after the load event (not in the first load).
  await page.waitForTimeout(5_000);
  await number.pressSequentially(' 4242', { delay: 30 });
  // Leaving the merchant's page unloads the frame: its beacon goes on pagehide/visibilitychange.
  await page.goto(`${MERCHANT_ORIGIN}/success`);

  const series = (metric: string) => ({ page: 'card', locale: 'ko', metric });
  for (const metric of ['ready', 'ttfb', 'fcp', 'lcp', 'inp']) {
    await expect
      .poll(async () => observations(await scrapeMetrics(), 'checkout_frame_vitals_seconds', series(metric)), {
        message: metric,
        timeout: 15_000,
      })
      .toBeGreaterThan(observations(before, 'checkout_frame_vitals_seconds', series(metric)));
  }
  const shift = { page: 'card', locale: 'ko' };
  expect(observations(await scrapeMetrics(), 'checkout_frame_cumulative_layout_shift', shift)).toBeGreaterThan(
    observations(before, 'checkout_frame_cumulative_layout_shift', shift),
  );
  // The beacon named its page view and was recorded, not refused by a budget.
  const recorded = (families: MetricFamily[]) =>
    familyNamed(families, 'checkout_frame_vitals_reports_total')?.samples.find((s) => s.labels.outcome === 'recorded')?.value ?? 0;
  expect(recorded(await scrapeMetrics())).toBeGreaterThan(recorded(before));
  // Labels only from the fixed sets: no payment id anywhere in the frame's series.
  const text = JSON.stringify((await scrapeMetrics()).filter((f) => f.name.startsWith('checkout_frame_')));
  expect(text).not.toContain(payin.paymentId);
});

test('a card whose issuer runs a 3DS Method counts the Method’s duration under the card page', async ({ page, request }) => {
  const before = observations(await scrapeMetrics(), 'checkout_frame_vitals_seconds', { page: 'card', metric: 'threeds_method' });
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000 0031 0000 3066' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  // Frictionless: the frame goes to its status page (the card page's beacon leaves then), then the merchant's.
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  await expect
    .poll(async () => observations(await scrapeMetrics(), 'checkout_frame_vitals_seconds', { page: 'card', metric: 'threeds_method' }), {
      timeout: 15_000,
    })
    .toBeGreaterThan(before);
});

test.describe('timing messages to the merchant’s page', () => {
  test('a merchant with frameTimings gets them, each once, from its checkout only; one without gets none', async ({ page, request }) => {
    const original = await settingsOf();
    expect(original.frameTimings).toBeFalsy();
    try {
      // The whole settings, changed (the webhook URL, left out, stays as it is).
      await putSettings({ ...original, frameTimings: true });
      // The checkout keeps a merchant's settings 5 s: open the page again until it has the change.
      let paymentId = '';
      await expect(async () => {
        const payin = await createPayin(request, {}, OTHER_TOKEN);
        paymentId = payin.paymentId;
        await openEmbedded(page, payin.iframeUrls.card);
        await expect.poll(async () => (await timings(page)).map((m) => m.metric), { timeout: 3_000 }).toContain('ready');
      }).toPass({ timeout: 20_000 });
      // web-vitals' first timings once it has loaded (about 3 s after the load event).
      await expect
        .poll(async () => (await timings(page)).map((m) => m.metric), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['ready', 'ttfb', 'fcp']));
      const received = await timings(page);
      for (const message of received) {
        expect(message).toMatchObject({ source: 'checkout', version: 1, type: 'timing', transactionType: 'payin', paymentId });
        expect(typeof message.value).toBe('number');
        expect(message.value as number).toBeGreaterThanOrEqual(0);
      }
      const ready = received.find((m) => m.metric === 'ready')!;
      expect(ready.value as number).toBeGreaterThan(0);
      expect(ready.value as number).toBeLessThan(60_000);
      const names = received.map((m) => m.metric);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await putSettings(original);
    }
  });

  test('a merchant without frameTimings gets no timing message, while the page still measures itself', async ({ page, request }) => {
    const before = observations(await scrapeMetrics(), 'checkout_frame_vitals_seconds', { page: 'card', metric: 'ready' });
    const payin = await createPayin(request);
    const frame = await openEmbedded(page, payin.iframeUrls.card);
    await expect.poll(async () => (await parentMessages(page)).map((m) => m.type)).toEqual(expect.arrayContaining(['ready', 'resize']));
    await frame.locator('input[autocomplete="cc-number"]').click();
    // Past the time web-vitals loads and reports its first timings.
    await page.waitForTimeout(5_000);
    await unloadFrame(page);
    // The beacon arrived: the page did measure itself...
    await expect
      .poll(async () => observations(await scrapeMetrics(), 'checkout_frame_vitals_seconds', { page: 'card', metric: 'ready' }), {
        timeout: 15_000,
      })
      .toBeGreaterThan(before);
    // ...and told the merchant's page nothing of it.
    expect(await timings(page)).toEqual([]);
    expect((await parentMessages(page)).map((m) => m.type)).toContain('ready');
  });
});
