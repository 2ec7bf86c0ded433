/**
 * The cashier and the withdrawal widget (issue "The cashier and the withdrawal widget").
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import en from '@/messages/en.json';
import {
  createSession as createSessionAs,
  decidePayout,
  DEMO_TOKEN,
  expectNoAxeViolations,
  fetchPayout,
  fillCard,
  fillPayoutCard,
  MERCHANT_ORIGIN,
  paymentStep as step,
  tabUntilFocused,
  visit,
} from './support';
import { merchantDeposit, payAndSaveCard, sessionTransactions } from './support-cashier';
import { openHistory } from './cashier-history';

const auth = { Authorization: `Bearer ${DEMO_TOKEN}` };

const createSession = (page: Page, balance: number | undefined, externalUserId = `cashier-${randomUUID()}`) =>
  createSessionAs(page.request, { balance, externalUserId });

test('deposit by card with 3DS, then the history shows it', async ({ page }) => {
  const session = await createSession(page, 100);
  await visit(page, session.checkoutUrl);
  await expect(page.getByRole('heading', { name: 'Demo Shop' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('€100.00');
  await expect(page.getByText('Hello Ada Lovelace')).toBeVisible();
  await expectNoAxeViolations(page, 'cashier');
  await page.getByRole('group', { name: 'Preset amounts' }).getByRole('button', { name: '€25.00' }).click();
  await expect(page.getByLabel('Amount in EUR')).toHaveValue('25');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCard(step(page), { number: '4000000000003220' });
  await step(page).getByRole('button', { name: 'Pay €25.00' }).click();
  // The card page hands the issuer's challenge up to the cashier, which shows it in its own document.
  await page.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText('Done: your transaction is complete.');
  const history = await openHistory(page);
  await expect(history.getByText('Deposit')).toBeVisible();
  await expect(history.getByTestId('status')).toHaveText('Completed');
  await expectNoAxeViolations(page, 'cashier after a deposit');
});

test('deposit by APM (e-wallet approved at the provider)', async ({ page }) => {
  const session = await createSession(page, 10);
  await visit(page, session.checkoutUrl);
  await page.getByLabel('Amount in EUR').fill('12.5');
  await page.getByRole('radio', { name: 'Other methods' }).check();
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await step(page)
    .locator('summary', { hasText: /^E-wallet$/ })
    .click();
  await step(page).getByLabel('Wallet e-mail').fill('ada@example.com');
  await step(page).getByRole('button', { name: 'Continue with E-wallet' }).click();
  await step(page).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  await expect((await openHistory(page)).getByText('€12.50')).toBeVisible();
});

test('a withdrawal above the balance is refused before any request', async ({ page }) => {
  const session = await createSession(page, 100);
  await visit(page, session.checkoutUrl);
  await page.getByRole('link', { name: 'Withdraw' }).click();
  await expect(page.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('aria-current', 'page');
  const amount = page.getByLabel('Amount in EUR');
  await amount.fill('500');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  await expect(amount).toHaveAccessibleDescription(/You cannot withdraw more than your balance/);
  await expect(amount).toBeFocused();
  await expectNoAxeViolations(page, 'cashier withdrawal error');
  expect(await sessionTransactions(DEMO_TOKEN, session.sessionId)).toEqual([]);
});

test('withdraw to a saved card: above what it paid in is said first; none is preselected; the merchant confirms, the cashier shows it sent', async ({
  page,
}) => {
  const externalUserId = `cashier-${randomUUID()}`;
  const session = await createSession(page, 100, externalUserId);
  // A card saved by an earlier deposit of €20 of the same customer: a withdrawal by card takes at most that.
  // (by the merchant, before the customer's browser holds the session: docs/design.md, E22)
  const deposit = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payin`, {
    headers: { Authorization: 'Bearer sbx_demo_merchant' },
    data: { amount: 20 },
  });
  const { paymentId } = await deposit.json();
  await payAndSaveCard(page.request, paymentId, '5555555555554444');

  await visit(page, `${session.checkoutUrl}&tab=withdraw`);
  // Above what the card paid in: said in plain words with card chosen, before any card page.
  const shareLine = en.cashier.cardShareAbove.replace('{max}', '€20.00').replace('{merchant}', 'Demo Shop');
  await page.getByLabel('Amount in EUR').fill('50');
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(page.getByTestId('card-share')).toHaveText(shareLine);
  await expect(step(page).getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Other methods' }).check();
  await expect(page.getByTestId('card-share')).toHaveText('');
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByLabel('Amount in EUR').fill('20');
  await expect(page.getByTestId('card-share')).toHaveText('');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  // No card is chosen for the customer; each shows the name on it.
  const saved = step(page).getByRole('radio', { name: /Mastercard ending 4444/ });
  await expect(saved).not.toBeChecked();
  await expect(step(page).getByText('Name on card: Ada')).toBeVisible();
  await saved.check();
  await step(page).getByRole('button', { name: 'Send €20.00 to this card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toHaveText(
    "Your withdrawal is waiting for the merchant's approval.",
  );
  const pending = page.getByRole('region', { name: 'Pending withdrawals' });
  await expect(pending.getByTestId('status')).toHaveText('Awaiting approval');

  const payout = (await sessionTransactions(DEMO_TOKEN, session.sessionId)).find((t) => t.kind === 'payout')!;
  await decidePayout(undefined, payout.id, 'confirm');
  await expect.poll(async () => (await fetchPayout(undefined, payout.id)).status).toBe('PROCESSED');
  await page.reload();
  await expect((await openHistory(page)).locator(`li[data-transaction="${payout.id}"]`).getByTestId('status')).toHaveText('Sent');
  await expect(page.getByRole('region', { name: 'Pending withdrawals' }).getByText('No pending withdrawals.')).toBeVisible();
});

test('a withdrawal to a card I never deposited with is refused in words and pays nothing; my deposit card is paid', async ({ page }) => {
  const session = await createSession(page, 100);
  await visit(page, session.checkoutUrl);
  // The customer deposits with 4242 in the cashier: the card a withdrawal may go back to.
  await page.getByLabel('Amount in EUR').fill('30');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCard(step(page), { number: '4242424242424242' });
  await step(page).getByRole('button', { name: 'Pay €30.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();

  // The withdrawal given another card (the holder's own, say, with the cashier in the wrong hands).
  await page.getByRole('link', { name: 'Withdraw' }).click();
  await page.getByLabel('Amount in EUR').fill('20');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  const giveCard = async (number: string) => {
    await fillPayoutCard(step(page), number);
    await step(page).getByRole('button', { name: 'Send €20.00 to this card' }).click();
  };
  await giveCard('5555555555554444');
  await expect(step(page).getByText(en.errors.cardClosedLoop)).toBeVisible();
  await expectNoAxeViolations(page, 'withdrawal card outside the closed loop');
  const payout = (await sessionTransactions(DEMO_TOKEN, session.sessionId)).find((t) => t.kind === 'payout')!;
  const payoutStatus = async () => (await fetchPayout(undefined, payout.id)).status;
  // No money moves: the payout still waits for its destination.
  expect(await payoutStatus()).toBe('CREATED');

  // The card deposited with is paid.
  await giveCard('4242424242424242');
  await expect(page.getByRole('status').filter({ hasText: 'waiting' })).toHaveText(
    "Your withdrawal is waiting for the merchant's approval.",
  );
  expect(await payoutStatus()).toBe('WAITING_FOR_CONFIRMATION');
});

test('the widget, mounted with embed.js on a second origin, shows a balance the merchant changes within 2 seconds', async ({ page }) => {
  const session = await createSession(page, 100);
  await visit(page, `${MERCHANT_ORIGIN}/widget?src=${encodeURIComponent(`${session.widgetUrl}`)}`);
  const widget = page.frameLocator('iframe[title="Withdrawal widget"]');
  await expect(widget.getByTestId('balance')).toHaveText('€100.00');
  await expect(page.locator('#last-balance')).toHaveText('100');
  await expectNoAxeViolations(page, 'widget');
  const put = await page.request.put(`/sandbox/api/public/cashier/session/${session.sessionId}/balance`, {
    headers: auth,
    data: { balance: 42.5 },
  });
  expect(put.status()).toBe(204);
  const changedAt = Date.now();
  await expect(widget.getByTestId('balance')).toHaveText('€42.50', { timeout: 2_000 });
  expect(Date.now() - changedAt).toBeLessThan(2_000);
  await expect(page.locator('#last-balance')).toHaveText('42.5');
  // The balance message carries what is available and reserved too.
  const last = await page.evaluate(() =>
    (window as unknown as { checkoutMessages: { type: string }[] }).checkoutMessages.filter((m) => m.type === 'balance').at(-1),
  );
  expect(last).toMatchObject({ balance: 42.5, available: 42.5, reserved: 0, currency: 'EUR' });
  // resize messages size the iframe.
  const height = await page.locator('iframe[title="Withdrawal widget"]').evaluate((el) => (el as HTMLIFrameElement).style.height);
  expect(height).not.toBe('480px');
});

test('an expired session shows a clear page, never a form', async ({ page }) => {
  const session = await createSession(page, 100);
  await page.goto(`/sandbox?token=${DEMO_TOKEN}`);
  await page.getByRole('button', { name: `Expire session ${session.sessionId} now` }).click();
  await expect(page.getByRole('status')).toHaveText('Session expired.');
  await visit(page, session.checkoutUrl);
  await expect(page.getByRole('heading', { name: 'This cashier session has expired' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(page, 'expired cashier');
  const unknown = await page.goto('/cashier/cs_doesnotexist');
  expect(unknown?.status()).toBe(404);
});

test('at 320 CSS px the cashier has no horizontal scroll, and keyboard alone completes a deposit', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const session = await createSession(page, 100);
  await visit(page, session.checkoutUrl);
  const overflow = async () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await testInfo.attach('cashier-320px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  // Keyboard: to the amount, type, to Continue, Enter.
  const amount = page.getByLabel('Amount in EUR');
  await tabUntilFocused(page, amount, 15);
  await expect(amount).toBeFocused();
  await page.keyboard.type('15');
  const submit = page.getByRole('button', { name: 'Continue to deposit' });
  await tabUntilFocused(page, submit, 10);
  await page.keyboard.press('Enter');
  const frame = step(page);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.keyboard.press('Tab');
  await expect(frame.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1230');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('button', { name: 'Pay €15.00' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('a withdrawal in progress reserves its amount: the cashier and the widget show what is available, and refuse more', async ({
  page,
}) => {
  const session = await createSession(page, 100);
  // Made by the merchant before the customer's browser holds the session (after, only that browser may).
  const reserve = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payout`, {
    headers: { Authorization: 'Bearer sbx_demo_merchant', 'Idempotency-Key': randomUUID() },
    data: { value: 60 },
  });
  expect(reserve.status()).toBe(200);
  await visit(page, `${session.checkoutUrl}&tab=withdraw`);
  await expect(page.getByTestId('balance')).toHaveText('€100.00');
  await expect(page.getByTestId('available')).toHaveText('€40.00');
  await expect(page.getByTestId('reserved')).toHaveText('€60.00');
  const amount = page.getByLabel('Amount in EUR');
  await expect(amount).toHaveAccessibleDescription(/at most €40\.00/);
  await amount.fill('50');
  await page.getByRole('button', { name: 'Continue to withdraw' }).click();
  await expect(amount).toHaveAccessibleDescription(/You cannot withdraw more than your balance/);
  await expectNoAxeViolations(page, 'cashier with a reserved withdrawal');

  await visit(page, `${session.widgetUrl}`);
  await expect(page.getByTestId('available')).toHaveText('€40.00');
  await expect(page.getByTestId('reserved')).toHaveText('€60.00');
  await expectNoAxeViolations(page, 'widget with a reserved withdrawal');
  // The service refuses it too, whatever the page says: the session is now its customer's browser's
  // (403 to any other caller); the balance rule itself is the service's unit tests'.
  const more = await page.request.post(`/sandbox/api/public/cashier/session/${session.sessionId}/payout`, {
    headers: { Authorization: 'Bearer sbx_demo_merchant', 'Idempotency-Key': randomUUID() },
    data: { value: 50 },
  });
  expect(more.status()).toBe(403);
});

test('amounts are read as the customer’s language writes them: "1.000,50" in German is a thousand euros and fifty cents; "10,5" in English is refused', async ({
  page,
}) => {
  const session = await createSession(page, 5000);
  await visit(page, `${session.checkoutUrl}&locale=de`);
  await page.getByLabel('Betrag in EUR').fill('1.000,50');
  await page.getByRole('button', { name: 'Weiter zur Einzahlung' }).click();
  await expect(page.frameLocator('iframe[title="Sichere Zahlung"]').getByRole('button', { name: '1.000,50 € bezahlen' })).toBeVisible();
  await expectNoAxeViolations(page, 'cashier in German with a grouped amount');

  await visit(page, session.checkoutUrl);
  const amount = page.getByLabel('Amount in EUR');
  await amount.fill('10,5');
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await expect(amount).toHaveAccessibleDescription(/Enter an amount such as 25\.50/);
});

test.describe('the history, loaded when opened', () => {
  /** A session of the demo merchant with a deposit in it, created by the merchant before any browser holds the session. */
  async function sessionWithDeposit(page: Page) {
    const session = await createSession(page, 100);
    return { session, paymentId: (await merchantDeposit(page.request, session.sessionId, 5)).paymentId };
  }

  test('the page comes without it; its link opens it in place', async ({ page }) => {
    const { session, paymentId } = await sessionWithDeposit(page);
    await visit(page, session.checkoutUrl);
    const region = page.getByRole('region', { name: 'History' });
    await expect(region.getByRole('link', { name: 'Show history' })).toBeVisible();
    await expect(region.locator(`li[data-transaction="${paymentId}"]`)).toHaveCount(0);
    await expectNoAxeViolations(page, 'cashier, history not opened');
    const address = page.url();
    await openHistory(page);
    await expect(region.locator(`li[data-transaction="${paymentId}"]`)).toBeVisible();
    // In place: the page did not move to its ?history=1 address.
    expect(page.url()).toBe(address);
    await expectNoAxeViolations(page, 'cashier, history opened');
  });

  test('without JavaScript its link renders the page with it', async ({ page, browser }) => {
    const { session, paymentId } = await sessionWithDeposit(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noJs = await context.newPage();
      await visit(noJs, session.checkoutUrl);
      await expect(noJs.locator(`li[data-transaction="${paymentId}"]`)).toHaveCount(0);
      const region = await openHistory(noJs);
      await expect(noJs).toHaveURL(/[?&]history=1/);
      await expect(region.locator(`li[data-transaction="${paymentId}"]`)).toBeVisible();
      // The rest of the page is still there: the deposit form.
      await expect(noJs.getByRole('button', { name: 'Continue to deposit' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
