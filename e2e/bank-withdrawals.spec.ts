/**
 * Withdrawals by bank in the cashier (docs/design.md, E25 and section 9): a customer who deposited
 * by Pay by Bank withdraws back to that account, shown masked and chosen without its identifier, in
 * the cashier and in the withdrawal widget;
 * with the merchant's setting on (the console's checkout settings), another account goes through
 * the payee name check, whose answer is shown before the customer confirms: match, close match
 * with the name the bank holds, no match (confirmed only with the acknowledgement), check not
 * possible, and Confirmation of Payee's account type for a UK account. In English and in Arabic
 * (right to left) with axe at 0 violations.
 */
import { expect, test, type Page } from './fixtures';
import { composeBankIban } from '@sandbox/service/bank/account-identifiers';
import { bankById } from '@sandbox/service/bank/bank-directory';
import { RECEIVING_PAYEES } from '@sandbox/service/bank/bank-accounts';
import ar from '../messages/ar.json';
import { createSession, decidePayout, expectNoAxeViolations, fetchPayout, paymentStep, visit, withQuery } from './support';
import { chooseBank, confirmAtBank, logInAtBank } from './support-bank';
import { openHistory } from './cashier-history';

const WALLET_TOKEN = 'sbx_wallet_merchant';
/**
 * The name of the bank's test user `pays` (lib/sandbox/bank/test-users.ts): a deposit account feeds
 * the closed loop only when the holder the bank verified has the customer's name.
 */
const PAULA_PAYS = { firstName: 'Paula', lastName: 'Pays' };
const ibanAt = (bankId: string, payee: (typeof RECEIVING_PAYEES)[number]) => {
  const bank = bankById(bankId)!;
  return composeBankIban(bank.country, bank.code, payee);
};

/** A deposit of 15 EUR in the open cashier by Pay by Bank at Albion Bank, as test user `pays` (Paula Pays). */
async function depositByBank(page: Page): Promise<void> {
  await page.locator('#deposit-amount').fill('15');
  await page.locator('input[name="method"][value="apm"]').check();
  await page.locator('form:has(input[name="flow"][value="deposit"]) button[type="submit"]').click();
  const step = paymentStep(page);
  await chooseBank(step, 'Albion Bank');
  await logInAtBank(step, 'pays');
  await step.locator('form:has(input[name="step"][value="account"]) button[type="submit"]').click();
  await confirmAtBank(step);
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
}

/** Turns the merchant's "other accounts" setting on or off in the sandbox console. */
async function allowOtherAccounts(page: Page, token: string, on: boolean): Promise<void> {
  await page.goto(`/sandbox?token=${token}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
  await form.getByLabel('Allow other accounts, after a payee name check').setChecked(on);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
}

/** Opens the withdraw tab until the section shows "Another account" (the checkout keeps settings 5 s). */
async function openWithdrawTab(page: Page, cashierUrl: string): Promise<void> {
  await expect(async () => {
    await page.goto(cashierUrl);
    await expect(page.locator('input[name="destination"][value="other"]')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Fills another account and asks for the name check; answers the outcome shown. */
async function checkPayee(
  page: Page,
  amount: string,
  account: { iban?: string; sortCode?: string; accountNumber?: string },
  name: string,
  type = '',
) {
  await page.locator('#bank-amount').fill(amount);
  await page.locator('input[name="destination"][value="other"]').check();
  await page.locator('#bank-name').fill(name);
  await page.locator('#bank-iban').fill(account.iban ?? '');
  await page.locator('#bank-sortCode').fill(account.sortCode ?? '');
  await page.locator('#bank-accountNumber').fill(account.accountNumber ?? '');
  await page.locator('#bank-accountType').selectOption(type);
  await page.locator('section[aria-labelledby="bank-withdrawal-heading"] button[type="submit"]').click();
  const review = page.getByTestId('bank-review');
  await expect(review).toBeVisible();
  return review.locator('[data-outcome]');
}

test.describe('withdrawals by bank (en)', () => {
  test('back to the account I deposited from: masked, chosen by its reference, paid in seconds', async ({ page }) => {
    const session = await createSession(page.request, { balance: 50, customerName: PAULA_PAYS });
    await visit(page, session.checkoutUrl);
    await depositByBank(page);
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    const section = page.getByRole('region', { name: 'Withdraw to a bank account' });
    // The holder's name beside the mask and the bank; nothing is chosen for the customer.
    const account = section.getByRole('radio', { name: /08-••-•• ••••4958 · Albion Bank · Paula Pays$/ });
    await expect(account).not.toBeChecked();
    await account.check();
    // The page never holds the identifier in full.
    expect(await page.content()).not.toContain('66374958');
    await expect(section.getByRole('radio', { name: 'Another account' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'withdraw tab with a bank account');
    await section.getByLabel('Amount in EUR').fill('abc');
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(section.getByLabel('Amount in EUR')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'withdrawal by bank: an amount error');
    await section.getByLabel('Amount in EUR').fill('12');
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#cashier-notice')).toHaveText(/withdrawal by bank has been requested/);
    await expect((await openHistory(page)).getByText('€12.00')).toBeVisible();
    // The withdrawal widget offers the same account, and comes back to itself once done.
    const widgetUrl = `${new URL(page.url()).pathname}/widget`;
    await page.goto(widgetUrl);
    const inWidget = page.getByRole('region', { name: 'Withdraw to a bank account' });
    await inWidget.getByRole('radio', { name: /08-••-•• ••••4958 · Albion Bank/ }).check();
    await expectNoAxeViolations(page, 'withdrawal widget with a bank account');
    await inWidget.getByLabel('Amount in EUR').fill('3');
    await inWidget.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/widget\?notice=bankWithdrawal/);
    await expect(page.locator('#cashier-notice')).toHaveText(/withdrawal by bank has been requested/);
  });

  test('another account: each answer of the name check is shown before I confirm', async ({ page }) => {
    await allowOtherAccounts(page, WALLET_TOKEN, true);
    try {
      const session = await createSession(page.request, { balance: 100, token: WALLET_TOKEN });
      await visit(page, session.checkoutUrl);
      const withdrawUrl = withQuery(page.url().split('?')[0]!, 'tab=withdraw');
      await openWithdrawTab(page, withdrawUrl);
      const iban = ibanAt('de-rhein', RECEIVING_PAYEES[0]!);

      // Match: confirmed at once; the merchant confirms and the transfer is credited in seconds.
      await expect(await checkPayee(page, '10', { iban }, 'Juergen Mueller')).toHaveText('The name matches the account.');
      await expect(page.getByText(`DE•• •••• ${iban.slice(-4)}`)).toBeVisible();
      await expectNoAxeViolations(page, 'name check: match');
      await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.locator('#cashier-notice')).toBeVisible();

      // Close match: the name the bank holds is shown.
      await openWithdrawTab(page, withdrawUrl);
      await expect(await checkPayee(page, '5', { iban }, 'Jurgen Muler')).toContainText('Jürgen Müller');
      await expectNoAxeViolations(page, 'name check: close match');
      await page.getByRole('button', { name: 'Change details' }).click();
      await expect(page.locator('#bank-name')).toHaveValue('Jurgen Muler');

      // No match: the confirmation needs the acknowledgement.
      await expect(await checkPayee(page, '5', { iban }, 'Peter Pays')).toHaveAttribute('data-outcome', 'NO_MATCH');
      const acknowledge = page.getByLabel('I understand the risk and want to pay this account anyway.');
      await expect(acknowledge).toHaveAttribute('required', '');
      await expectNoAxeViolations(page, 'name check: no match');
      await acknowledge.check();
      await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.locator('#cashier-notice')).toBeVisible();

      // Not possible (an account the bank does not hold), and Confirmation of Payee's account type.
      await openWithdrawTab(page, withdrawUrl);
      await expect(await checkPayee(page, '5', { iban: 'DE89 3704 0044 0532 0130 00' }, 'Ada Lovelace')).toHaveAttribute(
        'data-outcome',
        'NOT_POSSIBLE',
      );
      await page.getByRole('button', { name: 'Change details' }).click();
      const business = RECEIVING_PAYEES[1]!;
      await expect(
        await checkPayee(page, '5', { sortCode: business.sortCode, accountNumber: business.ukAccount }, 'Sandbox Play Ltd', 'PERSONAL'),
      ).toHaveText('The name matches, but this is a business account, not a personal one.');
      // An invalid IBAN is refused, tied to its field.
      await page.getByRole('button', { name: 'Change details' }).click();
      await page.locator('#bank-iban').fill('DE00 3704 0044 0532 0130 00');
      await page.locator('section[aria-labelledby="bank-withdrawal-heading"] button[type="submit"]').click();
      await expect(page.locator('#bank-iban')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#bank-iban')).toHaveAccessibleDescription(/not valid/);
      await expectNoAxeViolations(page, 'withdrawal by bank: an invalid IBAN');
    } finally {
      await allowOtherAccounts(page, WALLET_TOKEN, false);
    }
  });

  test('the merchant confirms; the instant transfer is PROCESSED within seconds', async ({ page }) => {
    const session = await createSession(page.request, { balance: 50, customerName: PAULA_PAYS });
    await visit(page, session.checkoutUrl);
    await depositByBank(page);
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
    await page.locator('#bank-amount').fill('7');
    await page.getByRole('radio', { name: /08-••-•• ••••4958 · Albion Bank/ }).check();
    await page.locator('section[aria-labelledby="bank-withdrawal-heading"] button[type="submit"]').click();
    await expect(page.locator('#cashier-notice')).toBeVisible();
    const transactions = await (
      await page.request.get(`/sandbox/api/public/cashier/session/${session.sessionId}/transactions`, {
        headers: { Authorization: 'Bearer sbx_demo_merchant' },
      })
    ).json();
    const payout = transactions.transactions.find((t: { kind: string }) => t.kind === 'payout');
    await decidePayout(page.request, payout.id, 'confirm');
    await expect.poll(async () => (await fetchPayout(page.request, payout.id)).status, { timeout: 10_000 }).toBe('PROCESSED');
  });
});

test('without JavaScript: another account is name-checked, shown, and confirmed by forms alone', async ({ page, browser }) => {
  await allowOtherAccounts(page, WALLET_TOKEN, true);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noJs = await context.newPage();
    const session = await createSession(page.request, { balance: 60, token: WALLET_TOKEN });
    await visit(noJs, session.checkoutUrl);
    const withdrawUrl = withQuery(noJs.url().split('?')[0]!, 'tab=withdraw');
    await openWithdrawTab(noJs, withdrawUrl);
    const iban = ibanAt('de-rhein', RECEIVING_PAYEES[0]!);
    await expect(await checkPayee(noJs, '9', { iban }, 'Juergen Mueller')).toHaveAttribute('data-outcome', 'MATCH');
    await noJs.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(noJs.locator('#cashier-notice')).toHaveText(/withdrawal by bank has been requested/);
    await expect((await openHistory(noJs)).getByText('€9.00')).toBeVisible();
  } finally {
    await context.close();
    await allowOtherAccounts(page, WALLET_TOKEN, false);
  }
});

test.describe('withdrawals by bank (ar, right to left)', () => {
  test('the deposit account masked and the form in Arabic, with axe at 0', async ({ page }) => {
    const session = await createSession(page.request, { balance: 50, customerName: PAULA_PAYS });
    await visit(page, session.checkoutUrl);
    await depositByBank(page);
    await page.goto(withQuery(page.url().split('?')[0]!, 'locale=ar&tab=withdraw'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const section = page.getByRole('region', { name: ar.bankWithdrawal.heading });
    await section.getByRole('radio', { name: /08-••-•• ••••4958/ }).check();
    await expectNoAxeViolations(page, 'withdrawal by bank in Arabic');
    await section.locator('#bank-amount').fill('');
    await section.getByRole('button', { name: ar.bankWithdrawal.submit }).click();
    await expect(section.locator('#bank-amount')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'withdrawal by bank in Arabic: an error');
  });
});
