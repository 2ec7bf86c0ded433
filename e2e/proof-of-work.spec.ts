/**
 * The proof-of-work check after suspicious velocity, on a server of its own whose threshold is
 * two failed attempts from one IP (POW_AFTER_FAILURES=2): a script without JavaScript is told
 * the check needs it and charges nothing; a customer whose Pay the server refuses for want of
 * the check presses nothing more: the browser solves it, says so politely, and the payment goes
 * on; a page opened once the check is needed solves it before Pay; the wallets wait for
 * their own check, then pay.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from './fixtures';
import { postCardForm } from '../scripts/forms/card-form-post.mjs';
import { payinAt, payinStatusAt, startSecondServer } from './second-server';
import { DEMO_TOKEN, expectNoAxeViolations, fillCard, leavePaymentApps, MERCHANT_ORIGIN } from './support';

const port = Number(process.env.POW_PORT ?? 3103);
// One address for the script and the browser: the limits count by the socket's address.
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.data/e2e-pow';
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  // Google Pay's script: the suite's stub on the merchant site's loopback server (nothing leaves the machine).
  server = await startSecondServer(origin, {
    SANDBOX_DATA_DIR: `${dataDir}/db`,
    POW_AFTER_FAILURES: '2',
    GOOGLE_PAY_SCRIPT_URL: `${MERCHANT_ORIGIN}/google-pay/pay.js`,
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test.afterEach(({ page }) => leavePaymentApps(page));

/** A pay-in on this file's server (the demo merchant unless told), returning to its sandbox's page. */
const createPayin = (token = DEMO_TOKEN) =>
  payinAt(
    origin,
    { returnUrls: { success: `${origin}/sandbox/returned?result=success`, failure: `${origin}/sandbox/returned?result=failure` } },
    token,
  );
const statusOf = (id: string, token = DEMO_TOKEN) => payinStatusAt(origin, id, token);

test('after two failed attempts from one IP, a script is told the check needs JavaScript; the customer presses Pay once and the browser solves the check and pays', async ({
  page,
}) => {
  const declined = { cardNumber: '4000000000000002', expiry: '12/34', cvv: '123', cardHolderName: 'Card Tester' };
  const first = await createPayin();
  const next = await createPayin();
  // The customer opens the card page while the address needs no check yet: none shows, Pay is ready.
  await page.goto(next.iframeUrls.card);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeEnabled();
  await expect(page.getByTestId('security-check')).toHaveCount(0);
  await fillCard(page, { number: '4242424242424242' });

  // Meanwhile the address spends its failures: from now on each attempt needs a solved check.
  for (let i = 0; i < 2; i += 1) expect((await postCardForm(first.iframeUrls.card, declined)).status).toBe(200);
  expect(await statusOf(first.paymentId)).toBe('DECLINED');
  const refused = await postCardForm(next.iframeUrls.card, { ...declined, cardNumber: '4242424242424242' });
  expect(refused.html).toContain('this page needs JavaScript for a short security check');
  expect(await statusOf(next.paymentId)).toBe('CREATED');

  // One press: the server asks for the check, the browser solves it and the same payment goes on by itself.
  const actionPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.headers()['next-action']) actionPosts.push(request.url());
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/result=success/, { timeout: 60_000 });
  expect(await statusOf(next.paymentId)).toBe('SUCCESS');
  // The refused post, then the same payment with the solved check: two posts for one press.
  expect(actionPosts).toHaveLength(2);
});

test('a card page opened once the address needs the check solves it before Pay, then pays', async ({ page }) => {
  const payin = await createPayin();
  await page.goto(payin.iframeUrls.card);
  await expect(page.getByTestId('security-check')).toHaveText('Security check complete.', { timeout: 30_000 });
  await expectNoAxeViolations(page, 'card page after its security check');
  await fillCard(page, { number: '4242424242424242' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/result=success/);
  expect(await statusOf(payin.paymentId)).toBe('SUCCESS');
});

test('the address still needs the check: the wallets wait for it too, then Google Pay pays', async ({ page }) => {
  const payin = await createPayin('sbx_wallet_merchant');
  await page.goto(payin.iframeUrls.card);
  const wallets = page.getByRole('region', { name: 'Express checkout' });
  // The sandbox wallet's button waits for the wallets' own check (a wallet token is a card, as far as card testing goes).
  await expect(wallets.getByTestId('security-check')).toHaveText('Security check complete.', { timeout: 30_000 });
  await expect(wallets.getByRole('button', { name: 'Pay with the sandbox wallet' })).toBeEnabled();
  await wallets.getByRole('button', { name: 'Google Pay' }).click();
  await expect.poll(() => statusOf(payin.paymentId, 'sbx_wallet_merchant')).toBe('SUCCESS');
});
