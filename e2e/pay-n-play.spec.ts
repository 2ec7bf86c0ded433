/**
 * Pay N Play in the cashier (docs/design.md, E26 and section 9): a session without a customer
 * offers only the bank login; after the bank, the cashier says it is checking the details while
 * the merchant decides, then becomes the player's cashier, or says the merchant cannot accept the
 * player. A first visit and a returning one (the same customer again), an under-18 player denied,
 * a login without a deposit (in the browser, and in the bank's app on a second device); the
 * merchant's receiver gets the identity signed, without the national id, and decides by the API.
 * In English and in Arabic (right to left) with axe at 0 violations, and without JavaScript.
 */
import { expect, test, type Page } from './fixtures';
import { testUser } from '@sandbox/service/bank/test-users';
import ar from '../messages/ar.json';
import en from '../messages/en.json';
import sandboxEn from '../packages/sandbox/messages/en.json';
import {
  DEMO_TOKEN,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutJs,
  MERCHANT_ORIGIN,
  merchantApi,
  must,
  NIGHT_TOKEN,
  visit,
  withQuery,
} from './support';
import { openHistory } from './cashier-history';
import { confirmAtBank, logInAtBank } from './support-bank';
import { receivedWebhooks, sendSignedWebhooksTo } from './support-webhooks';

const BANK = 'Göta Sparbank (SE)';
const RECEIVER = '/webhooks/standard';

/** A Pay N Play session of merchant `token` (no customer). */
async function createPayNPlaySession(token = DEMO_TOKEN): Promise<{ sessionId: string; checkoutUrl: string }> {
  const answer = await merchantApi(token).POST('/public/cashier/session', {
    body: {
      payNPlay: true,
      returnUrls: { success: `${MERCHANT_ORIGIN}/success`, failure: `${MERCHANT_ORIGIN}/failure` },
      currency: 'EUR',
      kycVerified: false,
      previousTransactionCount: 0,
    },
  });
  return must(answer, 'create a Pay N Play session') as { sessionId: string; checkoutUrl: string };
}

/** The session as its merchant reads it. */
async function sessionOf(sessionId: string, token = DEMO_TOKEN) {
  return must(await merchantApi(token).GET('/public/cashier/session/{sessionId}', { params: { path: { sessionId } } }), 'read the session');
}

/** In the cashier: the bank, then a deposit of `amount`, or (null) the login without a deposit; then at the bank as `username`. */
async function logInWithBank(page: Page, username: string, amount: string | null): Promise<void> {
  await page.locator('#pnp-bank').selectOption({ label: BANK });
  if (amount === null) await page.locator('button[name="intent"][value="login"]').click();
  else {
    await page.locator('#pnp-amount').fill(amount);
    await page.locator('button[name="intent"][value="deposit"]').click();
  }
  await logInAtBank(page, username);
  await page.locator('form:has(input[name="step"][value="account"]) button[type="submit"]').click();
  // A login without a deposit moves no money: the bank's page says so, and asks no amount.
  if (amount === null) {
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm your login' })).toBeVisible();
    await expect(page.getByText(/No money moves\./).first()).toBeVisible();
    await expect(page.getByText(/0\.00/)).toHaveCount(0);
  }
  await confirmAtBank(page);
  await page.waitForURL(/\/cashier\/cs_/);
}

/** Turns the night merchant's automatic decisions on or off in the console. */
async function autoDecide(page: Page, on: boolean): Promise<void> {
  await page.goto(`/sandbox?token=${NIGHT_TOKEN}`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Save settings' }) });
  await form.getByLabel(sandboxEn.console.payNPlayAutoDecide).setChecked(on);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
}

test.describe('Pay N Play (en)', () => {
  test('a first visit, then a returning one: the same customer again', async ({ page }) => {
    const first = await createPayNPlaySession();
    await visit(page, first.checkoutUrl);
    await expect(page.getByRole('heading', { name: en.payNPlay.heading })).toBeVisible();
    // Only the bank login: no tabs, no card.
    await expect(page.getByRole('link', { name: 'Withdraw', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'Pay N Play: the bank login');
    await page.locator('button[name="intent"][value="deposit"]').click();
    await expect(page.locator('#pnp-bank')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pnp-bank-error')).toHaveText(en.payNPlay.errors.bankRequired);
    await expectNoAxeViolations(page, 'Pay N Play: an error');

    await logInWithBank(page, 'pays', '20');
    await expect(page.getByTestId('pay-n-play-welcome')).toHaveText(/Welcome, Paula Pays/, { timeout: 15_000 });
    await expect((await openHistory(page)).getByText('€20.00')).toBeVisible();
    await expectNoAxeViolations(page, 'Pay N Play: the player’s cashier');
    const customer = (await sessionOf(first.sessionId)).customer.externalUserId;

    const second = await createPayNPlaySession();
    await visit(page, second.checkoutUrl);
    await logInWithBank(page, 'pays', '10');
    await expect(page.getByTestId('pay-n-play-welcome')).toBeVisible({ timeout: 15_000 });
    expect((await sessionOf(second.sessionId)).customer.externalUserId).toBe(customer);
  });

  test('a login without a deposit in the bank’s app: the app says the login was approved, the cashier goes on', async ({
    page,
    browser,
  }) => {
    const session = await createPayNPlaySession();
    await visit(page, session.checkoutUrl);
    await page.locator('#pnp-bank').selectOption({ label: BANK });
    await page.locator('button[name="intent"][value="login"]').click();
    // A login moves no money: the bank's pages on the computer say login, not payment.
    await expect(page.getByText(sandboxEn.bank.useAppIdentityHint)).toBeVisible();
    await page.getByRole('button', { name: 'Log in with the Göta Sparbank app' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with the Göta Sparbank app');
    await expect(page.getByText(sandboxEn.bank.scanIdentityHelp)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: sandboxEn.bank.inAppIdentity })).toBeVisible();
    await expect(page.getByRole('button', { name: sandboxEn.bank.cancelIdentity })).toBeVisible();
    await page.getByRole('button', { name: sandboxEn.bank.approvedInApp }).click();
    await expect(page.getByText(sandboxEn.bank.notYetIdentity)).toBeVisible();
    await expectNoAxeViolations(page, 'the bank: a login waiting for the app');
    const appUrl = await page.getByRole('link', { name: "Cannot scan the code? Open the app's page" }).getAttribute('href');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const app = await phone.newPage();
      await app.goto(appUrl!);
      await logInAtBank(app, 'pays');
      await app.locator('form:has(input[name="step"][value="account"]) button[type="submit"]').click();
      await expect(app.getByText(/No money moves\./).first()).toBeVisible();
      await confirmAtBank(app);
      await expect(app).toHaveURL(/\/sandbox\/bank\/app\/done\?r=identified$/);
      await expect(app.getByRole('heading', { level: 1 })).toHaveText(sandboxEn.bank.appDoneIdentified);
      await expectNoAxeViolations(app, 'the bank app: login approved');
    } finally {
      await phone.close();
    }
    // The computer's page goes on by itself to the player's cashier, with nothing deposited.
    await expect(page.getByTestId('pay-n-play-welcome')).toHaveText(/Welcome, Paula Pays/, { timeout: 20_000 });
    expect(await sessionOf(session.sessionId)).toMatchObject({ payNPlay: { status: 'ALLOWED' } });
  });

  test('a Swedish player answers the limits the rules require before the deposit awaiting them is paid', async ({ page }) => {
    const regulated = 'sbx_regulated_merchant';
    const session = await createPayNPlaySession(regulated);
    await visit(page, session.checkoutUrl);
    await logInWithBank(page, 'pays', '20');
    // The sandbox merchant allows the adult; Spelinspektionen's rules then ask the limits first.
    const prompt = page.getByRole('region', { name: en.responsibleGambling.limitsHeading }).first();
    await expect(prompt.getByText(en.responsibleGambling.promptRequired)).toBeVisible({ timeout: 15_000 });
    await expect(prompt.getByTestId('deposit-awaiting-limits')).toHaveText(
      en.responsibleGambling.depositAwaitingLimits.replace('{amount}', '€20.00'),
    );
    await expectNoAxeViolations(page, 'Pay N Play: the deposit awaiting limits');
    const fields = prompt.getByRole('textbox');
    for (const [i, value] of ['100', '200', '500'].entries()) await fields.nth(i).fill(value);
    await prompt.getByRole('button', { name: en.responsibleGambling.review }).click();
    await prompt.getByRole('button', { name: en.responsibleGambling.confirm, exact: true }).click();
    await expect(page.getByRole('button', { name: en.cashier.submitDeposit })).toBeVisible();
    // The worker pays the deposit awaiting limits within the limits just set.
    const statuses = async () => {
      const answer = await merchantApi(regulated).GET('/public/cashier/session/{sessionId}/transactions', {
        params: { path: { sessionId: session.sessionId } },
      });
      return must(answer, 'the session’s transactions').transactions.map((t) => t.status);
    };
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['SUCCESS']);
  });

  test('an under-18 player is refused and the deposit returned', async ({ page }) => {
    const session = await createPayNPlaySession();
    await visit(page, session.checkoutUrl);
    await logInWithBank(page, 'minor', '15');
    const denied = page.getByTestId('pay-n-play-denied');
    await expect(denied).toBeVisible({ timeout: 15_000 });
    await expect(denied.getByRole('alert')).toContainText(en.payNPlay.denied.UNDERAGE);
    await expectNoAxeViolations(page, 'Pay N Play: refused');
    expect((await sessionOf(session.sessionId)).payNPlay).toMatchObject({ status: 'DENIED', denyReason: 'UNDERAGE' });
  });

  test('the merchant decides by the API on the signed identity it received; a login without a deposit', async ({ page, request }) => {
    // The merchant's receiver at the second origin gets the night merchant's webhooks (verified with its secret).
    await sendSignedWebhooksTo(page, request, RECEIVER);
    await autoDecide(page, false);
    try {
      const session = await createPayNPlaySession(NIGHT_TOKEN);
      await visit(page, session.checkoutUrl);
      await logInWithBank(page, 'no-id', null);
      // The night merchant's pages default to German: checked by structure, not words.
      await expect(page.getByTestId('pay-n-play-checking').getByRole('status')).toBeVisible();
      await expectNoAxeViolations(page, 'Pay N Play: checking your details');

      type Received = { path: string; verified?: boolean | null; raw: string; body: { type?: string; data?: Record<string, unknown> } };
      let event: Received | undefined;
      await expect
        .poll(async () => {
          const log = await receivedWebhooks<Received>(request, RECEIVER);
          event = log.find((w) => w.body.type === 'cashier.player.identified' && w.raw.includes(session.sessionId));
          return Boolean(event?.verified);
        })
        .toBe(true);
      expect(event!.body.data).toMatchObject({ kind: 'LOGIN', amount: 0, identity: { givenName: 'Nora', familyName: 'Noid' } });
      for (const user of ['pays', 'minor', 'excluded']) expect(event!.raw).not.toContain(testUser(user)!.identity.nationalId!);

      const decided = await merchantApi(NIGHT_TOKEN).POST('/public/cashier/session/{sessionId}/player-decision', {
        params: { path: { sessionId: session.sessionId } },
        body: { identificationId: event!.body.data!.identificationId as string, decision: 'ALLOW', balance: 12.5 },
      });
      expect(must(decided, 'decide')).toMatchObject({ decision: 'ALLOW' });
      // The page follows by itself.
      await expect(page.getByTestId('pay-n-play-welcome')).toHaveText(/Nora Noid/, { timeout: 10_000 });
      expect(await sessionOf(session.sessionId, NIGHT_TOKEN)).toMatchObject({ balance: 12.5, payNPlay: { status: 'ALLOWED' } });
    } finally {
      await autoDecide(page, true);
    }
  });
});

test.describe('Pay N Play (ar, right to left)', () => {
  test('the bank login in Arabic, with axe at 0', async ({ page }) => {
    const session = await createPayNPlaySession();
    await visit(page, session.checkoutUrl);
    await page.goto(withQuery(page.url().split('?')[0]!, 'locale=ar'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: ar.payNPlay.heading })).toBeVisible();
    await expectNoAxeViolations(page, 'Pay N Play in Arabic');
    await page.locator('#pnp-bank').selectOption({ label: BANK });
    await page.locator('#pnp-amount').fill('abc');
    await page.locator('button[name="intent"][value="deposit"]').click();
    await expect(page.locator('#pnp-amount')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'Pay N Play in Arabic: an error');
  });
});

test('without JavaScript: the bank login and the decision, by forms and reloads alone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noJs = await context.newPage();
    const session = await createPayNPlaySession();
    await visit(noJs, session.checkoutUrl);
    await expectNoAxeViolationsWithoutJs(browser, noJs, 'Pay N Play without JavaScript');
    await logInWithBank(noJs, 'excluded', '10');
    // No script follows the decision: "Check again" (or a reload) does.
    await expect(async () => {
      const again = noJs.getByRole('link', { name: en.payNPlay.checkAgain });
      if (await again.isVisible()) await again.click();
      else await noJs.reload();
      await expect(noJs.getByTestId('pay-n-play-denied')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(noJs.getByRole('alert')).toContainText(en.payNPlay.denied.SELF_EXCLUDED);
    expect((await sessionOf(session.sessionId)).payNPlay?.status).toBe('DENIED');
  } finally {
    await context.close();
  }
});
