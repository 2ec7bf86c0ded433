/**
 * Pay by Bank and Pay N Play test fixtures (docs/design.md, E24 and E26) for tests of the sandbox:
 * the sandbox bank's steps (login, account, one-time code) driven for a test user, a Pay N Play
 * session without a customer held by a test browser, its whole bank login, and a merchant that
 * knows no player yet. Amounts in major units, as the API takes them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, merchants } from '@sandbox/db/schema';
import { chooseAccount, confirmPayment, logIn, type StepResult } from '@sandbox/service/bank/bank-flow';
import type { BankActor } from '@sandbox/service/bank/bank-payments';
import { bankPageView } from '@sandbox/service/bank/bank-view';
import { sandboxDb } from '@sandbox/service/core/store';
import { required } from '@hosted-checkout/contract/required';
import { contractCall as api, pagesHolding } from './sandbox-http';
import { pagesContext, RETURN_URLS } from './sandbox-fixtures';

type Holding = Awaited<ReturnType<typeof pagesHolding>>;
type BrowserActor = Extract<BankActor, { as: 'browser' }>;
const tokenOf = (actor: BankActor) => actor.token;

/**
 * A new merchant configured as the seeded merchant of `token`, with its own id and token and a
 * webhook URL (so its events are queued): one that knows no player yet. The service recognises a
 * person again at a merchant (by national id, else name, birth date and postal code) and the test
 * users are a fixed few, so a test that needs a first visit, or records an exclusion, has its own.
 */
export async function freshMerchant(token = 'sbx_demo_merchant'): Promise<{ id: string; token: string }> {
  const db = await sandboxDb();
  const [seeded] = await db.select().from(merchants).where(eq(merchants.token, token));
  if (!seeded) throw new Error(`no merchant of token ${token}`);
  const suffix = randomUUID().replace(/-/g, '');
  const fresh = { id: `merchant-test-${suffix}`, token: `sbx_test_${suffix}` };
  await db.insert(merchants).values({
    ...fresh,
    config: seeded.config,
    webhookSecret: seeded.webhookSecret,
    webhookUrl: 'https://merchant.example/events',
  });
  return fresh;
}

/**
 * The id of the customer the merchant `merchantId` knows as `externalUserId` (what a Pay N Play
 * login recorded); throws MissingValueError when there is none.
 */
export async function customerIdOf(merchantId: string, externalUserId: string): Promise<string> {
  const db = await sandboxDb();
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.externalUserId, externalUserId)));
  return required(row, `customer ${externalUserId} of ${merchantId}`).id;
}

/** A Pay N Play session and the test browser's holding of it. */
export interface PayNPlaySession {
  id: string;
  as: Holding;
}

/** A new Pay N Play session in EUR of the merchant of `token`, held by a new test browser. */
export async function payNPlaySession(token = 'sbx_demo_merchant'): Promise<PayNPlaySession> {
  const answer = await api('POST', '/public/cashier/session', {
    token,
    key: randomUUID(),
    body: { payNPlay: true, returnUrls: RETURN_URLS, currency: 'EUR', kycVerified: false, previousTransactionCount: 0 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.sessionId, as: await pagesHolding(answer.body.checkoutUrl) };
}

/** The actor of a bank step that went through, with the next step's token. */
export const bankStepOk = (actor: BankActor, result: StepResult): BankActor => {
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return { ...actor, token: (result as { token: string }).token };
};

/**
 * Goes through the sandbox bank's steps for the Pay by Bank pay-in whose redirectUrl is
 * `redirectUrl`, as test user `username` (current account); answers the browser's actor after
 * the confirmation.
 */
export async function payAtBank(redirectUrl: string, username: string): Promise<BrowserActor> {
  const db = await sandboxDb();
  const url = new URL(redirectUrl);
  // The last segment of the path (`split` answers one at least).
  const payinId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
  let at: BrowserActor = { as: 'browser', payinId, token: required(url.searchParams.get('t'), `the token (t) of ${redirectUrl}`) };
  at = { ...at, token: tokenOf(bankStepOk(at, await db.transaction((tx) => logIn(tx, at, username)))) };
  at = { ...at, token: tokenOf(bankStepOk(at, await db.transaction((tx) => chooseAccount(tx, at, 'current')))) };
  const view = required(await db.transaction((tx) => bankPageView(tx, at, pagesContext())), 'the bank page');
  bankStepOk(at, await db.transaction((tx) => confirmPayment(tx, at, required(view.scaCode, 'the bank page’s SCA code'))));
  return at;
}

/** A Pay N Play login of `amount` (0: identification only) by test user `username` at `bankId`; answers the start's answer. */
export async function bankLogin(s: PayNPlaySession, username: string, amount = 30, key = randomUUID(), bankId = 'se-gota') {
  const db = await sandboxDb();
  const started = await api('POST', `/public/cashier/session/${s.id}/pay-n-play`, { body: { amount, bankId }, ...s.as, key });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const at = await payAtBank(started.body.redirectUrl, username);
  const next = (await db.transaction((tx) => bankPageView(tx, at, pagesContext())))?.next;
  return { ...started.body, payinId: at.payinId, next } as {
    identificationId: string;
    paymentId?: string;
    payinId: string;
    next?: string;
  };
}
