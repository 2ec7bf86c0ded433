/**
 * A cashier players can trust (issue "A cashier players can trust": withdrawals, fees and limits), on the seeded casino
 * merchant (cancel allowed, bounds, fees, expected times, KYC for every PSP), in English and
 * Arabic: available and reserved after a withdrawal, a pending withdrawal's reason and expected
 * time, cancelling one by keyboard alone (the reservation released), no cancel of one with its
 * destination given for a GB customer nor on a merchant that does not allow it, a deposit above the daily limit refused with the limit
 * named, fees before confirmation and recorded, the KYC prompt. axe on every screen.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sampleCustomer from '@sandbox/service/sample-customer.json';
import arCatalogue from '@/messages/ar.json';
import type en from '@/messages/en.json';
import {
  CHECKOUT_ORIGIN,
  createSession,
  expectNoAxeViolations,
  fetchPayin,
  fetchPayout,
  fillCard,
  fillPayoutCard,
  merchantApi,
  paymentStep as step,
  tabUntilFocused,
  visit,
} from './support';
import { depositWith4242, pendingWithdrawal, sessionTransactions } from './support-cashier';
import { openHistory } from './cashier-history';

const CASINO = 'sbx_casino_merchant';
/** The Arabic catalogue, typed as the English one (lib/i18n/catalogues.test.ts keeps their keys equal). */
const ar = arCatalogue as unknown as typeof en;

function customer(country = 'FR') {
  return { ...sampleCustomer, externalUserId: `trust-${randomUUID()}`, billing: { ...sampleCustomer.billing, countryCode: country } };
}

async function newSession(options: { token?: string; country?: string; kyc?: boolean; balance?: number } = {}) {
  const who = customer(options.country);
  const created = await createSession(undefined, {
    token: options.token ?? CASINO,
    customer: who,
    kycVerified: options.kyc ?? true,
    previousTransactionCount: 3,
    balance: options.balance ?? 200,
  });
  return { ...created, customer: who };
}

const payout = (id: string) => fetchPayout(undefined, id, CASINO);

/** Tabs until `target` has the focus (at most 40 presses): keyboard only. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  await tabUntilFocused(page, target, 40);
  await expect(target).toBeFocused();
}

test('en: a withdrawal shows available and reserved, why it waits and when it is expected, and keyboard alone cancels it', async ({
  page,
}) => {
  const session = await newSession();
  // The card the customer withdraws to is one they deposited with (the closed loop).
  await depositWith4242(CASINO, session.sessionId, 100);
  await visit(page, `${session.checkoutUrl}&tab=withdraw`);
  await expect(page.getByTestId('available')).toHaveText('€200.00');
  await expect(page.getByTestId('reserved')).toHaveText('€0.00');
  await expect(page.getByText('Minimum: €10.00.')).toBeVisible();
  const amount = page.getByLabel('Amount in EUR');
  await amount.fill('60');
  // The card fee of a withdrawal is taken from what is received, shown before confirmation.
  await expect(page.getByTestId('fee-line')).toHaveText('Fee €1.00. You receive €59.00.');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  // A payout's destination card: no security code.
  await fillPayoutCard(step(page), '4242424242424242');
  // The destination page sends what the customer receives: the value less the €1.00 card fee.
  await step(page)
    .getByRole('button', { name: /^Send €59.00/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toBeVisible();

  await expect(page.getByTestId('balance')).toHaveText('€200.00');
  await expect(page.getByTestId('available')).toHaveText('€140.00');
  await expect(page.getByTestId('reserved')).toHaveText('€60.00');
  const pending = page.getByRole('region', { name: 'Pending withdrawals' }).getByRole('listitem');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('status')).toHaveText('Awaiting approval');
  await expect(pending.getByTestId('reason')).toContainText('Being reviewed by Lucky Star Casino');
  await expect(pending.getByTestId('eta')).toContainText('Expected by');
  const payoutId = (await pending.getAttribute('data-transaction'))!;
  const created = new Date((await payout(payoutId)).createdAt).getTime();
  expect(new Date((await pending.getByTestId('eta').getAttribute('datetime'))!).getTime() - created).toBe(24 * 3600_000);
  expect((await payout(payoutId)).fee).toBe(1);
  await expectNoAxeViolations(page, 'cashier with a pending withdrawal');

  const cancelLink = page.getByRole('link', { name: 'Cancel the withdrawal of €60.00' });
  await tabTo(page, cancelLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Cancel this withdrawal?' })).toBeFocused();
  await expect(page.getByText('Your withdrawal of €60.00 will be stopped')).toBeVisible();
  await expectNoAxeViolations(page, 'cancel confirmation');
  await tabTo(page, page.getByRole('button', { name: 'Yes, cancel it' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
    'Your withdrawal was cancelled. The amount is available again.',
  );
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toBeFocused();
  await expect(page.getByTestId('available')).toHaveText('€200.00');
  await expect(page.getByTestId('reserved')).toHaveText('€0.00');
  await expect((await openHistory(page)).getByTestId('status').first()).toHaveText('Cancelled by you');
  expect(await payout(payoutId)).toMatchObject({ status: 'REJECTED', statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' } });
  await expectNoAxeViolations(page, 'cashier after a cancellation');
});

test('ar: the same figures, reason, expected time and cancellation, right to left', async ({ page }) => {
  const session = await newSession();
  const payoutId = await pendingWithdrawal(CASINO, session.sessionId, 50);
  await visit(page, `${session.checkoutUrl}&locale=ar&tab=withdraw`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const figure = (testId: string) => page.getByTestId(testId).evaluate((el) => el.textContent!.replace(/[^\d٠-٩.,٫٬]/g, ''));
  expect(await figure('available')).toMatch(/150|١٥٠/);
  expect(await figure('reserved')).toMatch(/50|٥٠/);
  const pending = page.locator(`[data-transaction="${payoutId}"]`).first();
  await expect(pending.getByTestId('status')).toHaveText(ar.cashier.statuses.WAITING_FOR_CONFIRMATION);
  await expect(pending.getByTestId('reason')).toContainText(
    ar.cashier.pendingReasons.WAITING_FOR_CONFIRMATION.replace('{merchant}', 'Lucky Star Casino'),
  );
  await expect(pending.getByTestId('eta')).toBeVisible();
  await expectNoAxeViolations(page, 'ar cashier with a pending withdrawal');
  await pending.getByRole('link').click();
  await expect(page.getByRole('heading', { name: ar.cashier.cancelHeading })).toBeVisible();
  await expectNoAxeViolations(page, 'ar cancel confirmation');
  await page.getByRole('button', { name: ar.cashier.cancelYes }).click();
  await expect(page.getByRole('status').filter({ hasText: ar.cashier.notices.cancelled })).toBeVisible();
  expect(await figure('reserved')).toMatch(/^(0|٠)/);
  expect((await payout(payoutId)).status).toBe('REJECTED');
});

test('no cancel once the destination is given, for a customer in GB, nor on a merchant that does not allow it', async ({ page }) => {
  for (const [token, country] of [
    [CASINO, 'GB'],
    ['sbx_demo_merchant', 'FR'],
  ] as const) {
    const session = await newSession({ token, country });
    const checkout = merchantApi('sbx_checkout');
    // Its destination given (a withdrawal still without one the customer may always drop: withdrawal-pending.spec.ts).
    const payoutId = await pendingWithdrawal(token, session.sessionId, 20);
    await visit(page, `${session.checkoutUrl}&tab=withdraw&cancel=${payoutId}`);
    await expect(page.locator(`[data-transaction="${payoutId}"]`).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Cancel the withdrawal/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Cancel the withdrawal/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Cancel this withdrawal?' })).toHaveCount(0);
    // A forged post is refused by the service too: the payout is unchanged.
    const forged = await checkout.PUT('/public/payout/{payoutId}/cancel', { params: { path: { payoutId } } });
    expect(forged.response.status).toBe(403);
    expect((await merchantApi(token).GET('/public/payout/{payoutId}', { params: { path: { payoutId } } })).data!.status).toBe(
      'WAITING_FOR_CONFIRMATION',
    );
  }
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a deposit above the daily limit is refused with the limit named, before any request`, async ({ page }) => {
    const session = await newSession();
    const record = await merchantApi(CASINO).POST('/public/customer', { body: session.customer });
    const customerId = record.data!.customerId;
    const set = await merchantApi(CASINO).PUT('/public/customer/{customerId}/limits', {
      params: { path: { customerId } },
      body: { deposit: { EUR: { day: 50 } } },
    });
    expect(set.response.status).toBe(204);
    await visit(page, `${session.checkoutUrl}&locale=${locale}`);
    const amount = page.locator('#deposit-amount');
    if (locale === 'en') {
      await expect(page.getByText('Your deposit limit: €50.00 per day, €50.00 left.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Responsible gambling: review your limits' })).toHaveAttribute(
        'href',
        'https://casino.example/responsible-gambling',
      );
    } else {
      await expect(page.getByRole('link', { name: ar.cashier.limitsLink })).toBeVisible();
    }
    await amount.fill('60');
    await page.getByRole('button', { name: locale === 'en' ? 'Continue to deposit' : ar.cashier.submitDeposit }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    const message = page.locator('#deposit-amount-error');
    if (locale === 'en') await expect(message).toHaveText('This is above your deposit limit: €50.00 left of €50.00 per day.');
    else await expect(message).toContainText(ar.cashier.errors.aboveLimit.split('{')[0]!.trim());
    await expectNoAxeViolations(page, `${locale} deposit above the limit`);
    expect(await sessionTransactions(CASINO, session.sessionId)).toEqual([]);
  });
}

test('fees show before confirmation for each method, and the deposit records its fee', async ({ page }) => {
  const session = await newSession();
  await visit(page, session.checkoutUrl);
  await expect(page.getByText('(fee 1.5% + €0.30)')).toBeVisible();
  await page.getByLabel('Amount in EUR').fill('100');
  const fee = page.getByTestId('fee-line');
  await expect(fee).toHaveText('Fee €1.80. You pay €101.80.');
  await page.getByRole('radio', { name: /Other methods/ }).check();
  await expect(fee).toHaveText('Fee €1.00. You pay €101.00.');
  await page.getByRole('radio', { name: /^Card/ }).check();
  await expectNoAxeViolations(page, 'deposit with its fee');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCard(step(page), { number: '4242424242424242' });
  await step(page).getByRole('button', { name: 'Pay €101.80' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  const history = await openHistory(page);
  await expect(history.getByTestId('fee')).toHaveText('fee €1.80');
  expect((await sessionTransactions(CASINO, session.sessionId))[0]).toMatchObject({ amount: 101.8, fee: 1.8, status: 'SUCCESS' });
});

test('an unverified customer is told to verify their identity, with the merchant’s link', async ({ page }) => {
  const session = await newSession({ kyc: false });
  await visit(page, session.checkoutUrl);
  await page.getByLabel('Amount in EUR').fill('20');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  const message = page.locator('#deposit-amount-error');
  await expect(message).toContainText('Lucky Star Casino needs to verify your identity before you can deposit or withdraw.');
  await expect(message.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
    'href',
    'https://casino.example/verify-identity',
  );
  await expect(page.getByLabel('Amount in EUR')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'KYC prompt');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cancel link, its confirmation and the cancellation work as plain links and a form post', async ({ page }) => {
    const session = await newSession();
    const payoutId = await pendingWithdrawal(CASINO, session.sessionId, 30);
    await visit(page, `${session.checkoutUrl}&tab=withdraw`);
    await expect(page.getByTestId('reserved')).toHaveText('€30.00');
    await page.getByRole('link', { name: 'Cancel the withdrawal of €30.00' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel this withdrawal?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toBeVisible();
    await expect(page.getByTestId('reserved')).toHaveText('€0.00');
    expect((await payout(payoutId)).status).toBe('REJECTED');
  });
});

test('the widget cancels a pending withdrawal inside itself', async ({ page }) => {
  const session = await newSession();
  const payoutId = await pendingWithdrawal(CASINO, session.sessionId, 25);
  await visit(page, `${session.widgetUrl}`);
  await expect(page.getByTestId('reserved')).toHaveText('€25.00');
  await page.getByRole('link', { name: 'Cancel the withdrawal of €25.00' }).click();
  await expect(page).toHaveURL(/\/widget\?cancel=/);
  await expect(page.getByRole('heading', { name: 'Cancel this withdrawal?' })).toBeFocused();
  await expectNoAxeViolations(page, 'widget cancel confirmation');
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page).toHaveURL(/\/widget\?notice=cancelled/);
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toBeFocused();
  await expect(page.getByTestId('reserved')).toHaveText('€0.00');
  expect((await payout(payoutId)).status).toBe('REJECTED');
});

test('a deposit that passes the limit only when it is paid is refused on the card page, with the reason, and nothing is charged', async ({
  page,
}) => {
  const session = await newSession();
  const record = await merchantApi(CASINO).POST('/public/customer', { body: session.customer });
  await merchantApi(CASINO).PUT('/public/customer/{customerId}/limits', {
    params: { path: { customerId: record.data!.customerId } },
    body: { deposit: { EUR: { day: 50 } } },
  });
  const checkout = merchantApi(CASINO);
  const create = () =>
    checkout.POST('/public/cashier/session/{sessionId}/payin', {
      params: { path: { sessionId: session.sessionId } },
      body: { amount: 40, method: 'card' },
    });
  // Two deposits opened before either is paid (two tabs): each fits the limit alone.
  const [first, second] = [(await create()).data!, (await create()).data!];
  const paid = await checkout.POST('/public/payin/{payinId}/process/card', {
    params: { path: { payinId: first.paymentId } },
    body: {
      browser: { javascriptEnabled: true } as never,
      cardData: { cardNumber: '4242424242424242', cardHolderName: 'Ada', expiryMonth: '12', expiryYear: '2031', cvv: '123' },
      saveCard: false,
    },
  });
  expect(paid.data!.status).toBe('SUCCESS');
  await page.goto(second.iframeUrls.card);
  await fillCard(page, { number: '4242424242424242' });
  await page.getByRole('button', { name: /^Pay / }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'one of your limits' });
  await expect(banner).toHaveText(
    'This deposit is above one of your limits, so nothing was charged. Go back to the cashier to see what your limits leave.',
  );
  await expect(banner).toBeFocused();
  await expectNoAxeViolations(page, 'card page: deposit limit');
  expect((await fetchPayin(undefined, second.paymentId, CHECKOUT_ORIGIN, CASINO)).status).toBe('CREATED');
});
