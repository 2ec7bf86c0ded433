/**
 * Languages: the locale from ?locale=, then Accept-Language; `lang` and `dir` set; right-to-left
 * mirrored for Arabic with card numbers kept left-to-right; axe on each.
 */
import { expect, test } from './fixtures';
import {
  createPayin,
  createSession,
  expectNoAxeViolations,
  fetchPayin,
  FUTURE_EXPIRY,
  MERCHANT_ORIGIN,
  openEmbedded,
  visit,
  withQuery,
} from './support';

test('German from ?locale=de: the card page and a payment through it', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, `${payin.iframeUrls.card}?locale=de`);
  await expect(frame.getByRole('button', { name: '25,50 € bezahlen' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr');
  await expectNoAxeViolations(page, 'card page in de');
  await frame.getByLabel('Kartennummer').fill('4242424242424242');
  await frame.getByLabel('Ablaufdatum').fill(FUTURE_EXPIRY);
  await frame.getByLabel('Sicherheitscode').fill('123');
  await frame.getByLabel('Name auf der Karte').fill('Ada Lovelace');
  await frame.getByRole('button', { name: /bezahlen$/ }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
});

test.describe('Arabic from Accept-Language', () => {
  test.use({ locale: 'ar-EG', extraHTTPHeaders: { 'Accept-Language': 'ar-EG,ar;q=0.9' } });

  test('the card page is right-to-left, the card number left-to-right', async ({ page, request }) => {
    const payin = await createPayin(request);
    await page.goto(payin.iframeUrls.card);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const number = page.getByLabel('رقم البطاقة');
    await expect(number).toHaveAttribute('dir', 'ltr');
    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expectNoAxeViolations(page, 'card page in ar');
  });

  test('the cashier is mirrored: the balance block sits at the end edge, the left', async ({ page }, testInfo) => {
    const { checkoutUrl } = await createSession(page.request, { balance: 100 });
    await visit(page, checkoutUrl);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const merchant = await page.getByRole('heading', { name: 'Demo Shop' }).boundingBox();
    const balance = await page.getByTestId('balance').boundingBox();
    // In RTL the merchant's name starts at the right and the balance block ends at the left.
    expect(merchant!.x).toBeGreaterThan(balance!.x);
    const submit = await page.getByRole('button', { name: 'المتابعة إلى الإيداع' }).boundingBox();
    const amount = await page.getByLabel('المبلغ بعملة EUR').boundingBox();
    expect(Math.abs(submit!.x + submit!.width - (amount!.x + amount!.width))).toBeLessThan(2);
    await expectNoAxeViolations(page, 'cashier in ar');
    await testInfo.attach('cashier-ar', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
});

for (const [locale, dir, label] of [
  ['es', 'ltr', 'Número de tarjeta'],
  ['fr', 'ltr', 'Numéro de carte'],
  ['he', 'rtl', 'מספר הכרטיס'],
] as const) {
  test(`the card page in ${locale}: lang, dir, labels, axe`, async ({ page, request }) => {
    const payin = await createPayin(request);
    await page.goto(`${payin.iframeUrls.card}?locale=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByLabel(label)).toHaveAttribute('dir', 'ltr');
    await expectNoAxeViolations(page, `card page in ${locale}`);
  });
}

test.describe('every page in en, de, ar and ja', () => {
  for (const [locale, dir] of [
    ['en', 'ltr'],
    ['de', 'ltr'],
    ['ar', 'rtl'],
    ['ja', 'ltr'],
  ] as const) {
    test(`${locale}: card, APM, status, cashier, widget and console pages`, async ({ page, request }) => {
      const payin = await createPayin(request);
      const session = await createSession(request, { balance: 100 });
      const pages = [
        payin.iframeUrls.card,
        payin.iframeUrls.apm,
        payin.iframeUrls.card.replace(/\/card$/, '/status'),
        session.checkoutUrl,
        `${session.widgetUrl}`,
        '/sandbox',
      ];
      for (const url of pages) {
        await visit(page, withQuery(url, `locale=${locale}`));
        await expect(page.locator('html'), url).toHaveAttribute('lang', locale);
        await expect(page.locator('html'), url).toHaveAttribute('dir', dir);
        // A missing message would show its key path (next-intl's fallback), such as "card.legend".
        const text = await page.locator('body').innerText();
        expect(text, url).not.toMatch(/\b(meta|card|status|cashier|apm|console|errors|reasons|summary)\.[a-zA-Z]+/);
        await expectNoAxeViolations(page, `${url} in ${locale}`);
      }
    });
  }
});
