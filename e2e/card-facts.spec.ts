/**
 * Card facts before submit (issue "The card page beyond Stripe and Adyen", item 3; the BIN lookup): on a
 * merchant that refuses credit cards (the night merchant, a gambling merchant), a credit card is
 * refused as soon as its BIN is typed, tied to the number field and announced, and Pay does not
 * send it; a debit card pays. The service refuses it too (packages/sandbox/service/bin-lookup.test.ts).
 */
import { expect, test } from './fixtures';
import { createPayin, expectNoAxeViolations, fillCard, merchantApi, NIGHT_TOKEN } from './support';

test('a credit card is refused before Pay on a merchant that refuses credit; a debit card pays', async ({ page, request }) => {
  const payin = await createPayin(request, {}, NIGHT_TOKEN);
  await page.goto(`${payin.iframeUrls.card}?locale=en`);
  await fillCard(page, { number: '4111111111111111' });
  const number = page.getByLabel('Card number');
  await expect(page.locator('#cardNumber-error')).toHaveText('This shop does not accept credit cards. Please use a debit card.');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAttribute('aria-describedby', /cardNumber-error/);
  await expectNoAxeViolations(page, 'credit card refused before Pay');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(number).toBeFocused();
  const status = async () =>
    (await merchantApi(NIGHT_TOKEN).GET('/public/payin/{payinId}', { params: { path: { payinId: payin.paymentId } } })).data?.status;
  expect(await status()).toBe('CREATED');

  await number.fill('4242424242424242');
  await expect(page.locator('#cardNumber-error')).toHaveText('');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(status).toBe('SUCCESS');
});

for (const [number, scheme] of [
  ['4000002500001001', 'Visa'],
  ['5555552500001001', 'Mastercard'],
] as const) {
  test(`a co-badged ${scheme} and Cartes Bancaires card offers both brands; the choice becomes the pay-in's cardBrand`, async ({
    page,
    request,
  }) => {
    const payin = await createPayin(request);
    await page.goto(payin.iframeUrls.card);
    await fillCard(page, { number });
    const choice = page.getByRole('group', { name: 'Card brand' });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(choice.getByRole('radio', { name: scheme })).toBeChecked();
    await expect(choice).toHaveAccessibleDescription('This card works with two payment networks. Choose the one to use.');
    await expectNoAxeViolations(page, `co-badged ${scheme} card`);
    // Keyboard alone: from the scheme's radio, the arrow key moves to the other brand.
    await choice.getByRole('radio', { name: scheme }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(choice.getByRole('radio', { name: 'Cartes Bancaires' })).toBeChecked();
    await page.getByRole('button', { name: /^Pay / }).click();
    const payinNow = async () =>
      (await merchantApi().GET('/public/payin/{payinId}', { params: { path: { payinId: payin.paymentId } } })).data;
    await expect.poll(async () => (await payinNow())?.status).toBe('SUCCESS');
    expect((await payinNow())?.cardBrand).toBe('Cartes Bancaires');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a co-badged card posted without a brand brings the choice back; the card again with the brand pays under it', async ({
    page,
    request,
  }) => {
    const payin = await createPayin(request);
    await page.goto(payin.iframeUrls.card);
    await fillCard(page, { number: '4000002500001001' });
    await page.getByRole('button', { name: /^Pay / }).click();
    const choice = page.getByRole('group', { name: 'Card brand' });
    await expect(choice).toContainText('Then enter the card number and security code again.');
    await expect(choice.getByRole('radio', { name: 'Visa' })).toBeChecked();
    const payinNow = async () =>
      (await merchantApi().GET('/public/payin/{payinId}', { params: { path: { payinId: payin.paymentId } } })).data;
    expect((await payinNow())?.status).toBe('CREATED');
    await choice.getByRole('radio', { name: 'Cartes Bancaires' }).check();
    await page.getByLabel('Card number').fill('4000002500001001');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(async () => (await payinNow())?.status).toBe('SUCCESS');
    expect((await payinNow())?.cardBrand).toBe('Cartes Bancaires');
  });
});

// Narrower than window 02 the challenge takes the card page's whole width (05), never window 01's 250 px, which left
// the ACS a column too narrow for its buttons (lib/framing/challenge-window.ts).
for (const [width, size, frameWidth] of [
  [320, '05', null],
  [390, '05', null],
  [600, '02', 390],
] as const) {
  test(`at ${width} CSS px the 3DS challenge shows inside the card page in EMV window ${size}, without horizontal scroll, and pays`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const payin = await createPayin(request);
    const messages: unknown[] = [];
    await page.exposeFunction('recordMessage', (m: unknown) => messages.push(m));
    await page.goto(payin.iframeUrls.card);
    await fillCard(page, { number: '4000000000003220' });
    await page.getByRole('button', { name: /^Pay / }).click();
    const challenge = page.locator('iframe[title="Confirm with your bank"]');
    await expect(challenge).toHaveAttribute('data-window-size', size);
    const shown = Math.round((await challenge.boundingBox())!.width);
    if (frameWidth === null) {
      expect(shown).toBeGreaterThan(250);
      expect(shown).toBeLessThanOrEqual(width);
    } else expect(shown).toBe(frameWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(challenge).toBeFocused();
    await expectNoAxeViolations(page, `challenge at ${width} px`);
    await page.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Confirm payment' }).click();
    // The card page leaves for the status page (which, top-level and final, goes on to the merchant).
    await expect(page).not.toHaveURL(/\/card$/);
    await expect
      .poll(
        async () => (await merchantApi().GET('/public/payin/{payinId}', { params: { path: { payinId: payin.paymentId } } })).data?.status,
      )
      .toBe('SUCCESS');
  });
}

test('the BIN endpoint refuses a long body (413), a malformed one and a number beyond 8 digits (400), never a 500', async ({ request }) => {
  const payin = await createPayin(request);
  const url = `/api/payments/payin/${payin.paymentId}/bin`;
  expect(
    (
      await request.post(url, {
        data: JSON.stringify({ bin: '42424242', pad: 'x'.repeat(10_000) }),
        headers: { 'Content-Type': 'application/json' },
      })
    ).status(),
  ).toBe(413);
  expect((await request.post(url, { data: '{not json', headers: { 'Content-Type': 'application/json' } })).status()).toBe(400);
  expect((await request.post(url, { data: { bin: '4242424242424242' } })).status()).toBe(400);
  expect((await request.post(url, { data: 'null', headers: { 'Content-Type': 'application/json' } })).status()).toBe(400);
  const facts = await request.post(url, { data: { bin: '40000025' } });
  expect(await facts.json()).toMatchObject({ brands: ['Visa', 'Cartes Bancaires'], fundingType: 'DEBIT', refused: false });
});
