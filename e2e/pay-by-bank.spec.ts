/**
 * Pay by Bank: a deposit from the customer's bank, embedded by the merchant's page on a second
 * origin. The customer chooses their bank on the APM page (the banks of their country), logs in
 * at the sandbox bank as a test user, chooses an account, confirms with the one-time code bound
 * to the amount and payee, and is back on the status page: paid, declined for funds, cancelled at
 * the bank, pending then paid; the merchant's payout back to the account paid from. The decoupled flow: the bank's page shows a QR code whose address
 * a second browser (the phone) opens as the bank's app, while the page waits. In English and in
 * Arabic (right to left) with axe at 0 violations; in the cashier; without JavaScript.
 */
import { expect, test } from './fixtures';
import ar from '../messages/ar.json';
import {
  createPayin,
  createPayout,
  createSession,
  decidePayout,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJs,
  fetchPayin,
  fetchPayout,
  openEmbedded,
  paymentStep,
  visit,
} from './support';
import { approveInApp, chooseBank, chooseBankWithoutJs, confirmAtBank, payAtBank, swedishCustomer } from './support-bank';
import { openHistory } from './cashier-history';

/** A pay-in of a customer in Sweden (Paula Pays), EUR 25.50 unless told. */
const newPayin = (amount = 25.5) => createPayin(undefined, { customer: swedishCustomer(), amount });

test.describe('Pay by Bank deposits (en)', () => {
  test('paid: the bank of my country, login, account, the code for this amount and payee, back to the status page', async ({ page }) => {
    const payin = await newPayin();
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await frame.locator('summary', { hasText: /^Pay by Bank$/ }).click();
    const banks = frame.getByLabel('Your bank');
    await expect(banks.locator('option')).toHaveText(['Choose…', 'Göta Sparbank', 'Mälarbanken', 'Norrlandsbanken']);
    await expectNoAxeViolations(page, 'APM page with Pay by Bank');
    await banks.selectOption({ label: 'Göta Sparbank' });
    await frame.getByRole('button', { name: 'Continue with Pay by Bank' }).click();

    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Pay €25.50 to Demo Shop');
    await expect(frame.getByRole('heading', { name: 'Log in to Göta Sparbank' })).toBeVisible();
    await expectNoAxeViolations(page, 'bank login');
    // A user the bank does not know: the error is tied to the field.
    await frame.getByLabel('User ID').fill('nobody');
    await frame.getByLabel('Password').fill('secret');
    await frame.getByRole('button', { name: 'Log in' }).click();
    await expect(frame.getByLabel('User ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByLabel('User ID')).toHaveAccessibleDescription(/We do not know this user ID/);
    await expectNoAxeViolations(page, 'bank login error');

    await frame.getByLabel('User ID').fill('pays');
    await frame.getByLabel('Password').fill('secret');
    await frame.getByRole('button', { name: 'Log in' }).click();
    await expect(frame.getByRole('group', { name: 'Choose the account to pay from' })).toBeVisible();
    await expect(frame.getByRole('radio', { name: /Current account\s*SE•• •••• \d{4}/ })).toBeChecked();
    await expect(frame.getByRole('radio', { name: /Savings account/ })).toBeVisible();
    await expectNoAxeViolations(page, 'bank accounts');
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(frame.getByText(/^You are paying €25\.50 to Demo Shop from SE•• •••• \d{4}\.$/)).toBeVisible();
    await expectNoAxeViolations(page, 'bank confirmation');
    const code = /\d{6}/.exec((await frame.locator('#bank-code-hint').textContent()) ?? '')![0];
    await frame.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
    await frame.getByRole('button', { name: 'Confirm payment of €25.50' }).click();
    await expect(frame.getByLabel('One-time code')).toHaveAccessibleDescription(/This code is not right/);
    await frame.getByLabel('One-time code').fill(code);
    await frame.getByRole('button', { name: 'Confirm payment of €25.50' }).click();

    await expect(frame.getByRole('status')).toHaveText('Payment successful.');
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('SUCCESS');
    await expectNoAxeViolations(page, 'status after the bank');
  });

  test("the merchant's payout goes back to the account I paid from, chosen by its mask", async ({ page }) => {
    const customer = swedishCustomer();
    const payin = await createPayin(undefined, { customer, amount: 30 });
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame);
    await payAtBank(frame, 'pays');
    await expect(frame.getByRole('status')).toHaveText('Payment successful.');

    const payout = await createPayout(undefined, { customer, value: 12 });
    const payoutFrame = await openEmbedded(page, payout.iframeUrls.apm);
    await payoutFrame.locator('summary', { hasText: /^Bank account$/ }).click();
    const account = payoutFrame.getByLabel('Your account');
    await expect(account.locator('option').nth(1)).toHaveText(/^SE•• •••• .*\d{4} · Göta Sparbank · Paula Pays$/);
    await expectNoAxeViolations(page, 'payout page with the deposit account');
    await account.selectOption({ index: 1 });
    await payoutFrame.getByRole('button', { name: 'Continue with Bank account' }).click();
    await expect(payoutFrame.getByRole('status')).toHaveText('Your payout is waiting for the merchant to confirm it.');
    await decidePayout(undefined, payout.payoutId, 'confirm');
    await expect(payoutFrame.getByRole('status')).toHaveText('Your payout was sent.', { timeout: 20_000 });
    expect(await fetchPayout(undefined, payout.payoutId)).toMatchObject({ status: 'PROCESSED', transactionType: 'BANK' });
  });

  test('declined for funds: the status page says the bank declined it and offers to try again', async ({ page }) => {
    const payin = await newPayin();
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame, 'Norrlandsbanken');
    await payAtBank(frame, 'no-funds');
    await expect(frame.getByRole('status')).toHaveText('Your payment was declined: your bank declined the payment.');
    await expect(frame.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      new RegExp(`/payments/payin/${payin.paymentId}/apm`),
    );
    const declined = await fetchPayin(undefined, payin.paymentId);
    expect(declined).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'INSUFFICIENT_FUNDS' } });
    await expectNoAxeViolations(page, 'declined for funds');
  });

  test('cancelled at the bank: DECLINED, and the last used bank comes first next time', async ({ page }) => {
    const payin = await newPayin();
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame, 'Mälarbanken');
    await frame.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(frame.getByRole('status')).toHaveText('Your payment was declined: the payment was cancelled at your bank.');
    expect(await fetchPayin(undefined, payin.paymentId)).toMatchObject({
      status: 'DECLINED',
      statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' },
    });
    // Try again: the bank chooser now starts with the bank just used.
    await frame.getByRole('link', { name: 'Try again' }).click();
    await frame.locator('summary', { hasText: /^Pay by Bank$/ }).click();
    await expect(frame.getByLabel('Your bank').locator('option').nth(1)).toHaveText('Mälarbanken');
  });

  test('pending then paid: the status page says what happens next, then shows the payment paid', async ({ page }) => {
    const payin = await newPayin();
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame);
    await payAtBank(frame, 'pending');
    await expect(frame.getByRole('status')).toContainText('being processed');
    await expect(frame.getByText(/Your bank has accepted the payment and is completing it/)).toBeVisible();
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('PENDING');
    await expectNoAxeViolations(page, 'pending at the bank');
    await expect(frame.getByRole('status')).toHaveText('Payment successful.', { timeout: 20_000 });
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('SUCCESS');
  });

  test('in the cashier: "Other methods", the bank of my country (GB), then the history shows the deposit', async ({ page }) => {
    const session = await createSession(page.request, { balance: 10 });
    await visit(page, session.checkoutUrl);
    await page.getByLabel('Amount in EUR').fill('15');
    await page.getByRole('radio', { name: 'Other methods' }).check();
    await page.getByRole('button', { name: 'Continue to deposit' }).click();
    const step = paymentStep(page);
    await chooseBank(step, 'Albion Bank');
    await expectNoAxeViolations(page, 'the bank in the cashier');
    await payAtBank(step, 'pays');
    await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
    await expect((await openHistory(page)).getByText('€15.00')).toBeVisible();
  });

  test('decoupled: a QR code, the app on a second device approves, the page goes on by itself', async ({ page, browser }) => {
    const payin = await newPayin(12);
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame);
    await frame.getByRole('button', { name: 'Pay with the Göta Sparbank app' }).click();
    await expect(frame.getByRole('img', { name: 'QR code for the Göta Sparbank app' })).toBeVisible();
    await expect(frame.locator('[role="img"] svg')).toBeVisible();
    await expectNoAxeViolations(page, 'bank QR code');
    const appUrl = await frame.getByRole('link', { name: "Cannot scan the code? Open the app's page" }).getAttribute('href');
    expect(appUrl).toMatch(/\/sandbox\/bank\/app\/[0-9a-f]{64}$/);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const app = await phone.newPage();
      await app.goto(appUrl!);
      await expect(app.getByRole('heading', { level: 1 })).toHaveText('Göta Sparbank app');
      await expectNoAxeViolations(app, 'bank app login');
      await payAtBank(app, 'pays');
      await expect(app.getByRole('heading', { level: 1 })).toHaveText('Payment approved. Go back to your computer to finish.');
      // The QR code's address was spent by the first device: a second scan opens nothing.
      const second = await phone.newPage();
      await second.goto(appUrl!);
      await expect(second.getByRole('status')).toHaveText('This bank link has expired or was already used.');
    } finally {
      await phone.close();
    }
    await expect(frame.getByRole('status')).toHaveText('Payment successful.', { timeout: 15_000 });
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('SUCCESS');
  });
});

test.describe('Pay by Bank in Arabic (right to left)', () => {
  test.use({ locale: 'ar-EG', extraHTTPHeaders: { 'Accept-Language': 'ar-EG,ar;q=0.9' } });

  test('paid: every bank page is right to left and axe-clean', async ({ page }) => {
    const payin = await newPayin();
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(frame.getByLabel('اسم المستخدم')).toBeVisible();
    await expectNoAxeViolations(page, 'bank login in ar');
    await frame.locator('#bank-username').fill('pays');
    await frame.locator('#bank-password').fill('x');
    await frame.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(frame.getByRole('group', { name: 'اختر الحساب الذي تدفع منه' })).toBeVisible();
    await expectNoAxeViolations(page, 'bank accounts in ar');
    await frame.getByRole('button', { name: 'متابعة', exact: true }).click();
    await expect(frame.getByLabel('رمز لمرة واحدة')).toBeVisible();
    await expectNoAxeViolations(page, 'bank confirmation in ar');
    await confirmAtBank(frame);
    await expect(frame.getByRole('status')).toHaveText(ar.status.success);
    await expectNoAxeViolations(page, 'status in ar');
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('SUCCESS');
  });

  test('decoupled in Arabic: the QR page and the app page are axe-clean', async ({ page, browser }) => {
    const payin = await newPayin(9);
    const frame = await openEmbedded(page, payin.iframeUrls.apm, { followRedirect: false });
    await chooseBank(frame);
    await frame.locator('form:has(input[name="step"][value="app"]) button[type="submit"]').click();
    await expect(frame.getByRole('img', { name: 'رمز QR لتطبيق Göta Sparbank' })).toBeVisible();
    await expectNoAxeViolations(page, 'bank QR code in ar');
    const appUrl = await frame.locator('[data-testid="bank-app-link"]').getAttribute('href');
    const phone = await browser.newContext({
      locale: 'ar-EG',
      extraHTTPHeaders: { 'Accept-Language': 'ar' },
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    try {
      const app = await phone.newPage();
      await app.goto(appUrl!);
      await expect(app.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoAxeViolations(app, 'bank app in ar');
      await payAtBank(app, 'pays');
      await expect(app.getByRole('heading', { level: 1 })).toHaveText('تمت الموافقة على الدفعة. عد إلى حاسوبك لإتمامها.');
      await expectNoAxeViolations(app, 'bank app done in ar');
    } finally {
      await phone.close();
    }
    await expect(frame.getByRole('status')).toHaveText(ar.status.success, { timeout: 15_000 });
  });
});

test.describe('Pay by Bank without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('forms and redirects: the APM page, the bank, the decoupled wait with its button, the status page', async ({ page, browser }) => {
    const payin = await newPayin();
    await page.goto(payin.iframeUrls.apm);
    await expectNoAxeViolationsWithoutJs(browser, page, 'no-JS list of methods');
    await chooseBankWithoutJs(page);
    await expectNoAxeViolationsWithoutJs(browser, page, 'no-JS bank login');
    await page.getByRole('button', { name: 'Pay with the Göta Sparbank app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for the Göta Sparbank app' })).toBeVisible();
    // Not approved yet: the button says so.
    await page.getByRole('button', { name: 'I have approved in the app' }).click();
    await expect(page.getByRole('alert')).toHaveText('The app has not approved the payment yet. Approve it there, then try again.');
    await expectNoAxeViolationsWithoutJs(browser, page, 'no-JS wait');
    const appUrl = await page.getByRole('link', { name: "Cannot scan the code? Open the app's page" }).getAttribute('href');
    await approveInApp(browser, appUrl!);
    // The page refreshes by itself every 5 s without JavaScript (or the customer presses the button).
    await expect(page).toHaveURL(new RegExp(`/payments/payin/${payin.paymentId}/status`), { timeout: 15_000 });
    await expect(page.getByRole('status')).toHaveText('Payment successful.');
    expect((await fetchPayin(undefined, payin.paymentId)).status).toBe('SUCCESS');
  });

  test('a method the payment does not offer shows the list of methods', async ({ page }) => {
    const payin = await newPayin();
    const answer = await page.goto(`${payin.iframeUrls.apm}${payin.iframeUrls.apm.includes('?') ? '&' : '?'}method=no-such-method`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Pay by Bank', exact: true })).toBeVisible();
    await expect(page.locator('form:has(input[name="methodId"])')).toHaveCount(0);
  });

  test('an e-wallet is paid without JavaScript: its link, its one form, the provider', async ({ page }) => {
    const payin = await newPayin();
    await page.goto(payin.iframeUrls.apm);
    await page.getByRole('link', { name: 'E-wallet', exact: true }).click();
    await expect(page.locator('form:has(input[name="methodId"])')).toHaveCount(1);
    // The one form checks its fields on the server too: an empty e-mail comes back with its error, on the same method.
    await page.getByRole('button', { name: 'Continue with E-wallet' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page).toHaveURL(/[?&]method=ewallet(&|$)/);
    await page.getByLabel('Wallet e-mail').fill('ada@example.com');
    await page.getByRole('button', { name: 'Continue with E-wallet' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/payin/${payin.paymentId}/status`));
    await expect(page.getByRole('status')).toHaveText('Payment successful.');
  });

  test('the redirect flow pays without JavaScript', async ({ page }) => {
    const payin = await newPayin();
    await page.goto(payin.iframeUrls.apm);
    await chooseBankWithoutJs(page, 'Mälarbanken');
    await payAtBank(page, 'pays');
    await expect(page).toHaveURL(new RegExp(`/payments/payin/${payin.paymentId}/status`));
    await expect(page.getByRole('status')).toHaveText('Payment successful.');
  });
});
