/**
 * Card pay-in end to end (issue "Card pay-in end to end"): the card iframe embedded by a
 * merchant page on a second origin, paid with the sandbox's test cards, through 3DS, to the
 * merchant's return URLs.
 */
import { expect, test } from './fixtures';
import { createPayin, expectNoAxeViolations, fetchPayin, fillCard, MERCHANT_ORIGIN, openEmbedded, parentMessages } from './support';

test('pays without 3DS and lands on the merchant success page', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await expect(frame.getByText('Pay Demo Shop')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Pay €25.50' })).toBeVisible();
  await expectNoAxeViolations(page, 'card form');

  await frame.getByLabel('Card number').fill('4242424242424242');
  await expect(frame.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(frame.getByText('Card brand: Visa')).toBeVisible();
  await fillCard(frame, { number: '4242424242424242' });
  await frame.getByRole('button', { name: 'Pay €25.50' }).click();

  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
});

test('posts ready, resize, submitted, status and redirect messages to the allowed parent', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expect.poll(async () => (await parentMessages(page)).map((m) => m.type)).toEqual(expect.arrayContaining(['ready', 'resize']));
  const resize = (await parentMessages(page)).find((m) => m.type === 'resize');
  expect(resize).toMatchObject({ source: 'checkout', version: 1, transactionType: 'payin', paymentId: payin.paymentId });
  expect(typeof resize?.height).toBe('number');
  // The iframe follows the page's height.
  await expect.poll(async () => (await page.locator('#checkout').boundingBox())?.height).toBe(resize?.height);

  await fillCard(frame, { number: '4000000000000077' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('status')).toContainText('being processed');
  const types = (await parentMessages(page)).map((m) => m.type);
  expect(types).toContain('submitted');
  // Posted by the status view's effect, after the paint that shows its text.
  await expect.poll(async () => (await parentMessages(page)).find((m) => m.type === 'status')?.status).toBe('PENDING');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`, { timeout: 20_000 });
});

test('3DS passed: the ACS confirms and the customer returns to the merchant', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000 0000 0000 3220' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  // The challenge shows inside the card page, in its own frame (the issuer's ACS).
  const acs = frame.frameLocator('iframe[title="Confirm with your bank"]');
  await expect(acs.getByRole('heading', { name: 'Sandbox card issuer: 3-D Secure' })).toBeVisible();
  await expect(acs.getByText('400000******3220')).toBeVisible();
  await expectNoAxeViolations(page, 'ACS challenge');
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('PENDING_3DS');
  await acs.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('SUCCESS');
});

test('3DS failed: the status page explains, offers another card, and returns to failure', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000003220' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await frame.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Fail authentication' }).click();
  await expect(frame.getByRole('status')).toContainText('the card issuer could not confirm it was you');
  const fetched = await fetchPayin(request, payin.paymentId);
  expect(fetched.status).toBe('DECLINED');
  expect(fetched.statusReason?.detailedStatus).toBe('AUTHENTICATION_FAILED');
  await expectNoAxeViolations(page, 'status: 3DS failed');
  await expect(frame.getByRole('link', { name: 'Try another card' })).toBeVisible();
  await frame.getByRole('link', { name: 'Return to merchant' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/failure`);
});

test('declined, then paid with another card', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000009995' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('alert').filter({ hasText: 'declined' })).toContainText('insufficient funds');
  await expectNoAxeViolations(page, 'card form after a decline');
  const declined = await fetchPayin(request, payin.paymentId);
  expect(declined).toMatchObject({ status: 'DECLINED', attemptsRemaining: 2 });
  // The merchant's page learns that the card was declined, never why.
  expect((await parentMessages(page)).find((m) => m.type === 'error')).toMatchObject({ errorKey: 'CARD_DECLINED' });

  await fillCard(frame, { number: '5555555555554444' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  const paid = await fetchPayin(request, payin.paymentId);
  expect(paid.status).toBe('SUCCESS');
  expect(paid.cardMask).toBe('555555******4444');
});

test('three declines end the pay-in: no fourth attempt, the customer returns to failure', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  // Wait for each attempt's own banner: the first decline's is still shown while the second is in flight.
  // Only the first decline of a pay-in names its reason; the second reads "declined".
  for (const [number, reason] of [
    ['4000000000000069', 'the card has expired'],
    ['4000000000000127', 'the card issuer declined the payment'],
  ] as const) {
    await fillCard(frame, { number });
    await frame.getByRole('button', { name: /^Pay / }).click();
    await expect(frame.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  }
  await fillCard(frame, { number: '4000000000000002' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/failure`);
  expect(await fetchPayin(request, payin.paymentId)).toMatchObject({ status: 'DECLINED', attemptsRemaining: 0 });
});

test('4000 0000 0000 0077: pending on the status page, then success', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000000077' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('status')).toContainText('Your payment is being processed');
  await expectNoAxeViolations(page, 'status: processing');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`, { timeout: 20_000 });
});

test('a failed payment (4000 0000 0000 0119) returns to the failure page', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000000119' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/failure`);
  expect((await fetchPayin(request, payin.paymentId)).statusReason?.detailedStatus).toBe('PSP_ISSUES');
});

test('a final pay-in re-opened shows its result, not the form', async ({ page, request }) => {
  const payin = await createPayin(request);
  let frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4242424242424242' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);

  // This time the merchant page keeps the customer in place and only records the redirect.
  frame = await openEmbedded(page, payin.iframeUrls.card, { followRedirect: false });
  await expect(frame.getByRole('status')).toHaveText('Payment successful.');
  await expect(frame.getByLabel('Card number')).toHaveCount(0);
  await expect(frame.getByRole('link', { name: 'Return to merchant' })).toHaveAttribute('href', `${MERCHANT_ORIGIN}/success`);
  await expect(frame.getByRole('link', { name: 'Return to merchant' })).toHaveAttribute('target', '_top');
  await expect
    .poll(async () => (await parentMessages(page)).find((m) => m.type === 'redirect'))
    .toMatchObject({ url: `${MERCHANT_ORIGIN}/success` });
  await expectNoAxeViolations(page, 'final pay-in re-opened');
});

test('an unknown pay-in or transaction type is a 404 page', async ({ page }) => {
  for (const path of ['/payments/payin/pi_doesnotexist/card', '/payments/refund/pi_x/card', '/payments/payin/pi_doesnotexist/status']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  await expectNoAxeViolations(page, '404');
});

test('validation on blur and submit: messages tied to their fields, nothing sent', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  const number = frame.getByLabel('Card number');
  await number.fill('4242424242424241');
  await number.blur();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/This card number is not valid/);
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByLabel('Expiry date')).toHaveAccessibleDescription(/Enter the expiry date/);
  await expect(frame.getByLabel('Security code')).toHaveAccessibleDescription(/Enter the security code/);
  await expectNoAxeViolations(page, 'card form with errors');
  // American Express: 4-digit CVV.
  await number.fill('378282246310005');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect(frame.getByLabel('Security code')).toHaveAttribute('maxlength', '4');
  expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');
});

test('the pay button is locked while the payment is in flight; a double click pays once', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card);
  await fillCard(frame, { number: '4000000000000002' });
  // Slow the server action's request down so the in-flight state can be seen.
  await page.route(`**/payments/payin/${payin.paymentId}/card**`, async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await frame.getByRole('button', { name: /^Pay / }).dblclick();
  await expect(frame.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  await expect(frame.getByRole('alert').filter({ hasText: 'declined' })).toBeVisible();
  await expect(frame.getByRole('button', { name: /^Pay / })).toBeEnabled();
  // One attempt was used, not two.
  expect((await fetchPayin(request, payin.paymentId)).attemptsRemaining).toBe(2);
});
