/**
 * Saved cards, alternative payment methods and payouts in the checkout pages, embedded by a
 * merchant page on a second origin (issue "Saved cards, alternative payment methods and payouts").
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type FrameLocator } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import {
  createPayin,
  createPayout,
  createSession,
  decidePayout,
  expectNoAxeViolations,
  fetchPayin,
  fetchPayout,
  fillCard,
  fillPayoutCard,
  MERCHANT_ORIGIN,
  NIGHT_TOKEN,
  openEmbedded,
  parentMessages,
  tabUntilFocused,
  uniqueVisa,
  visit,
} from './support';
import { payAndSaveCard } from './support-cashier';

/** Opens a method's disclosure on the APM page. */
const openMethod = (frame: FrameLocator, name: string) => frame.locator('summary', { hasText: new RegExp(`^${name}$`) }).click();

test('save a card on one pay-in, pay the next with the CVV alone, then remove it', async ({ page, request }) => {
  const customer = { ...sampleCustomer, externalUserId: `saver-${randomUUID()}` };
  const number = uniqueVisa();
  const first = await createPayin(request, { customer });
  let frame = await openEmbedded(page, first.iframeUrls.card);
  await fillCard(frame, { number });
  await frame.getByLabel('Save this card for my next payments').check();
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);

  const second = await createPayin(request, { customer, amount: 9.99 });
  frame = await openEmbedded(page, second.iframeUrls.card);
  const saved = frame.getByRole('radio', { name: new RegExp(`Visa ending ${number.slice(-4)}`) });
  await expect(saved).toBeChecked();
  await expect(frame.getByText('Use a new card')).toBeVisible();
  await expectNoAxeViolations(page, 'card page with a saved card');
  // CVV alone, by keyboard.
  await frame.getByLabel('Security code of the selected card').focus();
  await page.keyboard.type('321');
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('button', { name: 'Pay €9.99' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  const paid = await fetchPayin(request, second.paymentId);
  expect(paid).toMatchObject({ status: 'SUCCESS', cardMask: `${number.slice(0, 6)}******${number.slice(-4)}` });

  // Removing a card needs the proof that moves money (docs/design.md, E22): a pay-in's page
  // alone, whoever has its id, offers no removal; the browser holding the customer's cashier does.
  const third = await createPayin(request, { customer });
  frame = await openEmbedded(page, third.iframeUrls.card);
  await expect(frame.getByRole('radio', { name: new RegExp(`Visa ending ${number.slice(-4)}`) })).toBeVisible();
  await expect(frame.getByRole('link', { name: /^Remove / })).toHaveCount(0);
  const session = await createSession(request, { externalUserId: customer.externalUserId, balance: 10 });
  await visit(page, session.checkoutUrl);
  // The card page in the cashier's own partition (as in a cashier deposit, top level).
  await page.goto(third.iframeUrls.card);
  await page.getByRole('link', { name: new RegExp(`Remove Visa ending ${number.slice(-4)}`) }).click();
  await expect(page.getByRole('heading', { name: /from your saved cards\?/ })).toBeVisible();
  await expectNoAxeViolations(page, 'remove confirmation');
  await page.getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The card was removed.' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('an expired saved card is shown but cannot be chosen; a saved 3DS card is challenged inside the card page', async ({
  page,
  request,
}) => {
  const customer = { ...sampleCustomer, externalUserId: `expiry-${randomUUID()}` };
  const first = await createPayin(request, { customer });
  await payAndSaveCard(request, first.paymentId, '4000000000003220');
  const second = await createPayin(request, { customer });
  const frame = await openEmbedded(page, second.iframeUrls.card);
  await frame.getByLabel('Security code of the selected card').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
  // With JavaScript the challenge shows inside the card page, in a frame of its own.
  const challenge = frame.frameLocator('iframe[title="Confirm with your bank"]');
  await expect(challenge.getByRole('heading', { name: 'Sandbox card issuer: 3-D Secure' })).toBeVisible();
  await challenge.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  expect((await fetchPayin(request, second.paymentId)).status).toBe('SUCCESS');
});

test.describe('APM pay-ins', () => {
  for (const [decision, button, expected] of [
    ['approved', 'Approve payment', 'SUCCESS'],
    ['declined', 'Decline payment', 'DECLINED'],
    ['left pending', 'Leave pending', 'PENDING'],
  ] as const) {
    test(`bank transfer ${decision} at the provider`, async ({ page, request }) => {
      const payin = await createPayin(request);
      const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
      await expect(frame.getByRole('heading', { name: 'Choose how to pay' })).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Bank' })).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'Crypto' })).toBeVisible();
      await expectNoAxeViolations(page, 'APM page');
      await openMethod(frame, 'Bank transfer');
      await frame.getByLabel('Account holder').fill('Ada Lovelace');
      await frame.getByLabel('IBAN').fill('DE89370400440532013000');
      await frame.getByRole('button', { name: 'Continue with Bank transfer' }).click();
      await expect(frame.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
      await expectNoAxeViolations(page, 'provider page');
      await frame.getByRole('button', { name: button }).click();
      const status = frame.getByRole('status');
      if (expected === 'SUCCESS') await expect(status).toHaveText('Payment successful.');
      if (expected === 'DECLINED') await expect(status).toContainText('declined');
      if (expected === 'PENDING') await expect(status).toContainText('being processed');
      expect((await fetchPayin(request, payin.paymentId)).status).toBe(expected);
      await expectNoAxeViolations(page, `status after ${decision}`);
    });
  }

  test('a field that fails its pattern is refused with its message, and nothing is sent', async ({ page, request }) => {
    const payin = await createPayin(request);
    const frame = await openEmbedded(page, payin.iframeUrls.apm);
    await openMethod(frame, 'Crypto');
    await frame.getByLabel('Network').selectOption('BTC');
    const address = frame.getByLabel('Wallet address');
    await address.fill('not-a-wallet-address-at-all!!!');
    await frame.getByRole('button', { name: 'Continue with Crypto' }).click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription('This is not in the expected format.');
    await expect(address).toBeFocused();
    await expectNoAxeViolations(page, 'APM field error');
    expect((await fetchPayin(request, payin.paymentId)).status).toBe('CREATED');
  });

  test('keyboard only: choose a wallet, fill it, continue, approve', async ({ page, request }) => {
    const payin = await createPayin(request);
    const frame = await openEmbedded(page, payin.iframeUrls.apm);
    const summary = frame.locator('summary', { hasText: /^E-wallet$/ });
    await expect(summary).toBeVisible();
    await tabUntilFocused(page, summary, 10);
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Wallet e-mail')).toBeFocused();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('button', { name: 'Continue with E-wallet' })).toBeFocused();
    await page.keyboard.press('Enter');
    const approve = frame.getByRole('button', { name: 'Approve payment' });
    await expect(approve).toBeVisible();
    await tabUntilFocused(page, approve, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${MERCHANT_ORIGIN}/success`);
  });
});

test.describe('payouts', () => {
  test('a card payout: the status page follows the merchant’s confirmation live, and tells the parent', async ({ page, request }) => {
    const payout = await createPayout(request);
    const frame = await openEmbedded(page, payout.iframeUrls.card);
    await expect(frame.getByText('Payout from Demo Shop')).toBeVisible();
    await expect(frame.getByLabel('Security code')).toHaveCount(0);
    await expectNoAxeViolations(page, 'payout card page');
    await fillPayoutCard(frame, '4242424242424242', '1230');
    await frame.getByRole('button', { name: 'Send €40.00 to this card' }).click();
    const status = frame.getByRole('status');
    await expect(status).toHaveText('Your payout is waiting for the merchant to confirm it.');
    await expectNoAxeViolations(page, 'payout waiting');
    await decidePayout(request, payout.payoutId, 'confirm');
    await expect(status).toHaveText('Your payout was sent.', { timeout: 20_000 });
    const statuses = (await parentMessages(page)).filter((m) => m.type === 'status').map((m) => m.status);
    expect(statuses).toEqual(expect.arrayContaining(['WAITING_FOR_CONFIRMATION', 'PROCESSED']));
    expect((await fetchPayout(request, payout.payoutId)).cardMask).toBe('424242******4242');
    // A payout has no return URL: it ends on its result screen.
    await expect(frame.getByRole('link', { name: 'Return to merchant' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/embed\?/);
  });

  test('a merchant that auto-confirms payouts: the payout is sent without waiting for the merchant', async ({ page, request }) => {
    const payout = await createPayout(request, {}, NIGHT_TOKEN);
    const frame = await openEmbedded(page, `${payout.iframeUrls.card}&locale=en`);
    await fillPayoutCard(frame, '4242424242424242', '1230');
    await frame.getByRole('button', { name: 'Send €40.00 to this card' }).click();
    await expect(frame.getByRole('status')).toHaveText('Your payout was sent.', { timeout: 20_000 });
    const statuses = (await parentMessages(page)).filter((m) => m.type === 'status').map((m) => m.status);
    expect(statuses).not.toContain('WAITING_FOR_CONFIRMATION');
    expect((await fetchPayout(request, payout.payoutId, NIGHT_TOKEN)).status).toBe('PROCESSED');
  });

  test('a rejected payout shows it was rejected', async ({ page, request }) => {
    const payout = await createPayout(request);
    const frame = await openEmbedded(page, payout.iframeUrls.card);
    await fillPayoutCard(frame, '5555555555554444', '1230');
    await frame.getByRole('button', { name: /^Send / }).click();
    await expect(frame.getByRole('status')).toContainText('waiting for the merchant');
    await decidePayout(request, payout.payoutId, 'reject');
    await expect(frame.getByRole('status')).toHaveText('The merchant did not approve this payout. Nothing was sent.', { timeout: 20_000 });
    expect((await fetchPayout(request, payout.payoutId)).status).toBe('REJECTED');
    await expectNoAxeViolations(page, 'payout rejected');
  });

  test('an APM payout by keyboard: Pix in BRL, then confirmed', async ({ page, request }) => {
    const payout = await createPayout(request, { currency: 'BRL', value: 150 });
    const frame = await openEmbedded(page, payout.iframeUrls.apm);
    await expect(frame.getByRole('heading', { name: 'Choose where to receive the payout' })).toBeVisible();
    await openMethod(frame, 'Pix');
    await frame.getByLabel('CPF (11 digits)').focus();
    await page.keyboard.type('52998224725');
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Pix key type')).toBeFocused();
    await frame.getByLabel('Pix key type').selectOption('cpf');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('status')).toContainText('waiting for the merchant');
    expect(await fetchPayout(request, payout.payoutId)).toMatchObject({ status: 'WAITING_FOR_CONFIRMATION', transactionType: 'BANK' });
    await decidePayout(request, payout.payoutId, 'confirm');
    await expect(frame.getByRole('status')).toHaveText('Your payout was sent.', { timeout: 20_000 });
  });

  test('a payout already processed opens on its result', async ({ page, request }) => {
    const payout = await createPayout(request);
    await request.post(`/sandbox/api/public/payout/${payout.payoutId}/process/card`, {
      headers: { Authorization: 'Bearer sbx_demo_merchant' },
      data: { browser: {}, cardData: { cardNumber: '4000000000000119', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031' } },
    });
    await decidePayout(request, payout.payoutId, 'confirm');
    await expect.poll(async () => (await fetchPayout(request, payout.payoutId)).status, { timeout: 10_000 }).toBe('FAILED');
    const frame = await openEmbedded(page, payout.iframeUrls.card);
    await expect(frame.getByRole('status')).toContainText('Payout not completed');
    await expect(frame.getByLabel('Card number')).toHaveCount(0);
  });
});

test.describe('by keyboard alone', () => {
  test('a card payout', async ({ page, request }) => {
    const payout = await createPayout(request);
    const frame = await openEmbedded(page, payout.iframeUrls.card);
    await expect(frame.getByLabel('Card number')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Card number')).toBeFocused();
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('Name on card')).toBeFocused();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await expect(frame.getByRole('button', { name: 'Send €40.00 to this card' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('status')).toContainText('waiting for the merchant');
  });

  test('removing a saved card', async ({ page, request }) => {
    const customer = { ...sampleCustomer, externalUserId: `keyboard-${randomUUID()}` };
    const first = await createPayin(request, { customer });
    await payAndSaveCard(request, first.paymentId, '5555555555554444');
    // The customer's browser holds their cashier (removing a card needs it); the card page in its partition.
    const session = await createSession(request, { externalUserId: customer.externalUserId, balance: 10 });
    await visit(page, session.checkoutUrl);
    const second = await createPayin(request, { customer });
    await page.goto(second.iframeUrls.card);
    const frame = page;
    const remove = frame.getByRole('link', { name: 'Remove Mastercard ending 4444' });
    await expect(remove).toBeVisible();
    await tabUntilFocused(page, remove, 10);
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = frame.getByRole('button', { name: 'Remove card' });
    await expect(confirm).toBeVisible();
    await tabUntilFocused(page, confirm, 10);
    await page.keyboard.press('Enter');
    await expect(frame.getByRole('status').filter({ hasText: 'The card was removed.' })).toBeVisible();
  });
});

test('a pay-in that times out explains what happened and what the customer can do', async ({ page, request }) => {
  const payin = await createPayin(request);
  const frame = await openEmbedded(page, payin.iframeUrls.card, { followRedirect: false });
  await fillCard(frame, { number: '4000000000000101' });
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('status')).toContainText('being processed');
  await expect(frame.getByRole('status')).toHaveText('Payment not completed: the payment took too long and was stopped.', {
    timeout: 25_000,
  });
  await expect(frame.getByText('Nothing was charged. You can return to the merchant and start a new payment.')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Return to merchant' })).toHaveAttribute('href', `${MERCHANT_ORIGIN}/failure`);
  await expectNoAxeViolations(page, 'timed-out pay-in');
});
