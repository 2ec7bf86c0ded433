/**
 * The whole journey through the reference merchant (examples/merchant: Pebble Games), the project's
 * outside client: a site of its own on a second origin that uses the client package alone, frames
 * the hosted pages with the embed script through its own launch redirects, and keeps its players'
 * balances from the webhooks it verifies. When the contract or a page changes what a merchant
 * sees, this breaks first. One player goes through every step, in order: a pay-in with 3-D Secure,
 * a cashier deposit the merchant credits, the widget live, withdrawals by card and by bank back to
 * where the money came from, and a prize payout's page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type FrameLocator, type Page } from './fixtures';
import { APP_PORT, CHECKOUT_ORIGIN, fillCard, fillPayoutCard, must, merchantApi } from './support';
import { chooseBank, confirmAtBank, logInAtBank } from './support-bank';

const PORT = APP_PORT + 2;
const SHOP = `http://127.0.0.1:${PORT}`;
const TOKEN = 'sbx_reference_merchant';
/** The sandbox bank's test user whose accounts are held in the name of the customer who logs in (docs/sandbox.md). */
const BANK_USER_IN_MY_NAME = 'me';

let shop: ChildProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // At start the site calls the service: on a worker's fresh sandbox the first call builds its database.
  test.setTimeout(120_000);
  shop = spawn(process.execPath, ['examples/merchant/src/server.mjs'], {
    env: { ...process.env, CHECKOUT_URL: CHECKOUT_ORIGIN, PORT: String(PORT), PUBLIC_URL: SHOP },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (shop.exitCode !== null) throw new Error(`the reference merchant exited (${shop.exitCode})`);
    if (
      await fetch(`${SHOP}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 100_000) throw new Error('the reference merchant did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(() => {
  shop?.kill('SIGTERM');
});

const username = `ada-${randomUUID().slice(0, 8)}`;
const balance = (page: Page) => page.getByTestId('player-balance');

async function signIn(page: Page) {
  await page.goto(SHOP);
  if (await page.getByRole('button', { name: 'Sign out' }).isVisible()) return;
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
}

/** The hosted page the merchant framed (the embed script's iframe, named by the merchant). */
const framed = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);
/** The cashier's payment step inside the framed cashier. */
const stepIn = (frame: FrameLocator) => frame.frameLocator('iframe[title="Secure payment"]');

test('a pay-in with 3-D Secure on the framed card page; the order is paid when the webhook says so', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('button', { name: 'Buy the gem pack' }).click();
  const card = framed(page, 'Secure payment');
  await fillCard(card, { number: '4000000000003220' });
  await card.getByRole('button', { name: 'Pay €25.50' }).click();
  await card.frameLocator('iframe[title="Confirm with your bank"]').getByRole('button', { name: 'Confirm payment' }).click();
  // The card page sends the top window to the merchant's return address, the order's page.
  await expect(page).toHaveURL(/\/shop\/orders\/order-[0-9a-f]+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  // The webhook said how: the cardholder confirmed with the bank, so a fraud chargeback is the issuer's.
  await expect(page.getByTestId('order-authentication')).toHaveText('3-D Secure: AUTHENTICATED; fraud liability: the card issuer');
  // A purchase is not a deposit: the balance is untouched.
  await expect(balance(page)).toHaveText('€0.00');
});

test('a cashier deposit: the merchant credits it from the webhook, and the player sees it without a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Cashier' }).click();
  const cashier = framed(page, 'Cashier');
  await expect(cashier.getByTestId('balance')).toHaveText('€0.00');
  await cashier.getByLabel('Amount in EUR').fill('40');
  await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCard(stepIn(cashier), { number: '4242424242424242' });
  await stepIn(cashier).getByRole('button', { name: 'Pay €40.00' }).click();
  await expect(cashier.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  // The webhook → the merchant's ledger → PUT …/balance → the cashier; the merchant's header by its own poll.
  await expect(balance(page)).toHaveText('€40.00');
  await expect(cashier.getByTestId('balance')).toHaveText('€40.00');
  const url = page.url();
  await page.goto(SHOP);
  await expect(page.getByText(/Deposit €40\.00/)).toBeVisible();
  expect(url).toBe(`${SHOP}/cashier`);
});

test('the widget is live: a deposit in the cashier of another tab shows in it without a reload', async ({ page, context }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Withdraw' }).click();
  const widget = framed(page, 'Withdraw');
  await expect(widget.getByTestId('balance')).toHaveText('€40.00');
  const other = await context.newPage();
  await other.goto(`${SHOP}/cashier`);
  const cashier = framed(other, 'Cashier');
  await cashier.getByLabel('Amount in EUR').fill('10');
  await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
  await fillCard(stepIn(cashier), { number: '4242424242424242' });
  await stepIn(cashier).getByRole('button', { name: 'Pay €10.00' }).click();
  await expect(cashier.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  await expect(widget.getByTestId('balance')).toHaveText('€50.00');
  await expect(balance(page)).toHaveText('€50.00');
  await other.close();
});

test('a withdrawal by card goes back to the deposit card; the merchant approves it by its rule and debits it when sent', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Cashier' }).click();
  const cashier = framed(page, 'Cashier');
  await cashier.getByRole('link', { name: 'Withdraw' }).click();
  await cashier.getByLabel('Amount in EUR').fill('15');
  await cashier.getByRole('button', { name: 'Continue to withdraw' }).click();
  const step = stepIn(cashier);
  const saved = step.getByRole('radio', { name: /ending 4242/ });
  if ((await saved.count()) > 0) await saved.first().check();
  else await fillPayoutCard(step, '4242424242424242');
  await step.getByRole('button', { name: 'Send €15.00 to this card' }).click();
  // Approved by the merchant's webhook handler (up to €100), sent by the sandbox, debited from the ledger.
  await expect(balance(page)).toHaveText('€35.00', { timeout: 20_000 });
  await expect(cashier.getByTestId('balance')).toHaveText('€35.00');
});

test('a withdrawal by bank goes back to the account the player deposited from, held in their name', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Cashier' }).click();
  const cashier = framed(page, 'Cashier');
  await cashier.getByLabel('Amount in EUR').fill('20');
  await cashier.getByRole('radio', { name: 'Other methods' }).check();
  await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
  const step = stepIn(cashier);
  await chooseBank(step, 'Albion Bank');
  await logInAtBank(step, BANK_USER_IN_MY_NAME);
  await step.locator('form:has(input[name="step"][value="account"]) button[type="submit"]').click();
  await confirmAtBank(step);
  await expect(cashier.getByRole('status').filter({ hasText: 'Done' })).toBeVisible();
  await expect(balance(page)).toHaveText('€55.00');

  await cashier.getByRole('link', { name: 'Withdraw', exact: true }).click();
  const section = cashier.getByRole('region', { name: 'Withdraw to a bank account' });
  // The account is offered because its holder is the player (the holder-name rule).
  await section.getByRole('radio', { name: /Albion Bank · Ada Lovelace$/ }).check();
  await section.getByLabel('Amount in EUR').fill('12');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(cashier.locator('#cashier-notice')).toHaveText(/withdrawal by bank has been requested/);
  await expect(balance(page)).toHaveText('€43.00', { timeout: 20_000 });
});

test('a prize payout: the merchant frames the payout’s card page through its launch redirect, and the prize reaches the card', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Prize' }).click();
  await page.getByRole('button', { name: 'Claim the prize' }).click();
  await expect(page).toHaveURL(/\/prize\/po_/);
  const payoutId = new URL(page.url()).pathname.split('/').pop()!;
  // No launch secret in the merchant's page: the frame names the merchant's own path.
  expect(await page.locator('iframe[title="Prize payout"]').getAttribute('src')).toBe(`/launch/payout/${payoutId}`);
  const step = framed(page, 'Prize payout');
  const saved = step.getByRole('radio', { name: /ending 4242/ });
  await expect(step.getByRole('button', { name: 'Send €5.00 to this card' })).toBeVisible();
  if ((await saved.count()) > 0) await saved.first().check();
  else await fillPayoutCard(step, '4242424242424242');
  await step.getByRole('button', { name: 'Send €5.00 to this card' }).click();
  const api = merchantApi(TOKEN);
  await expect
    .poll(async () => must(await api.GET('/public/payout/{payoutId}', { params: { path: { payoutId } } }), 'payout').status, {
      timeout: 20_000,
    })
    .toBe('PROCESSED');
  // Someone else's browser cannot open it: the launch redirect answers the payout's player only.
  expect((await fetch(`${SHOP}/launch/payout/${payoutId}`, { redirect: 'manual' })).status).toBe(401);
});
