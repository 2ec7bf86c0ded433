/**
 * Pay by Bank through the sandbox's router and the bank's steps as its pages call them: a pay-in
 * processed by direct link with a bank goes to the bank's page with a one-time token; the
 * customer logs in as a test user, chooses an account and confirms with the code bound to the
 * amount and payee; the pay-in ends as the user's name says (paid, insufficient funds, cancelled,
 * pending then paid by the worker, closed account, timeout), with the merchant's webhook queued.
 * Tokens: a step's token works once, another payment's or the app's does not open the browser's
 * flow; the decoupled flow's app token is spent by its first use. The cashier's rules bind as for
 * cards: an exclusion or a limit since the deposit began declines it; an exclusion before refuses it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCall as api } from '@sandbox/testing/sandbox-http';
import { createTestPayin, pagesContext, RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import type { Db } from '@sandbox/db/client';
import { bankPayments, merchants, webhookDeliveries } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { cancelPayment, chooseAccount, confirmPayment, logIn, useApp, type StepResult } from './bank-flow';
import { settleDueBankPayments, type BankActor } from './bank-payments';
import { bankPageView } from './bank-view';
import { PENDING_THEN_PAID_MS, BANK_TIMEOUT_MS } from './bank-status';

const DEMO = 'sbx_demo_merchant';
const CHECKOUT = 'sbx_checkout';
const browser = { javascriptEnabled: true };
let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
  await db.update(merchants).set({ webhookUrl: 'https://hooks.example/bank' }).where(eq(merchants.id, 'merchant-demo'));
});

const swedish = () => ({ ...testCustomer(), billing: { ...testCustomer().billing, countryCode: 'SE', city: 'Stockholm' } });

/** Processes pay-in `id` by Pay by Bank at `bankId`; answers the browser's actor (its token from the redirectUrl). */
async function startAtBank(id: string, bankId = 'se-gota', token = CHECKOUT): Promise<BankActor & { as: 'browser' }> {
  const answer = await api('POST', `/public/payin/${id}/process/direct-link`, {
    token,
    key: randomUUID(),
    body: { browser, additionalData: { methodId: 'bank', bankId } },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('PENDING');
  const url = new URL(answer.body.redirectUrl);
  expect(url.pathname).toBe(`/sandbox/bank/payin/${id}`);
  return { as: 'browser', payinId: id, token: url.searchParams.get('t')! };
}

const step = (work: (tx: Db) => Promise<StepResult>) => db.transaction(work);
const next = (actor: BankActor, result: StepResult): BankActor => {
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return { ...actor, token: (result as { token: string }).token };
};
const view = (actor: BankActor) => db.transaction((tx) => bankPageView(tx, actor, pagesContext()));
const statusOf = async (id: string) => (await api('GET', `/public/payin/${id}`, { token: DEMO })).body;

/** Logs in as `username`, chooses `account`, confirms with the code the page shows. */
async function payAs(actor: BankActor, username: string, account = 'current'): Promise<BankActor> {
  let at = next(actor, await step((tx) => logIn(tx, actor, username)));
  expect((await view(at))!.accounts.map((a) => a.key)).toContain(account);
  at = next(at, await step((tx) => chooseAccount(tx, at, account)));
  const code = (await view(at))!.scaCode!;
  expect(code).toMatch(/^\d{6}$/);
  return next(at, await step((tx) => confirmPayment(tx, at, code)));
}

const newPayin = (amount = 30) => createTestPayin({ amount, overrides: { customer: swedish() } });

describe('Pay by Bank deposits', () => {
  it("lists the customer's country's banks, the last used first", async () => {
    const first = await newPayin();
    const answer = (await api('GET', `/public/payin/${first}/methods`, { token: CHECKOUT })).body;
    // The pay-in comes with its methods: the APM page reads once.
    expect(answer.payin).toEqual((await api('GET', `/public/payin/${first}`, { token: CHECKOUT })).body);
    const methods = answer.methods;
    const bank = methods.find((m: { id: string }) => m.id === 'bank');
    expect(bank).toMatchObject({ type: 'BANK', name: 'Pay by Bank' });
    expect(bank.fields[0].options.map((o: { value: string }) => o.value)).toEqual(['se-gota', 'se-malar', 'se-norrland']);
    await startAtBank(first, 'se-norrland');
    const again = (await api('GET', `/public/payin/${first}/methods`, { token: CHECKOUT })).body.methods;
    expect(again.find((m: { id: string }) => m.id === 'bank').fields[0].options[0].value).toBe('se-norrland');
  });

  it('pays: ACSC, SUCCESS, the debtor account and the verified identity kept, the webhook queued', async () => {
    const id = await newPayin();
    const actor = await startAtBank(id);
    const page = (await view(actor))!;
    expect(page).toMatchObject({
      step: 'LOGIN',
      status: 'RCVD',
      open: true,
      merchantName: 'Demo Shop',
      amountMinor: 3000,
      currency: 'EUR',
    });
    await payAs(actor, 'pays');
    expect((await statusOf(id)).status).toBe('SUCCESS');
    const [row] = await db.select().from(bankPayments).where(eq(bankPayments.payinId, id));
    expect(row).toMatchObject({ status: 'ACSC', step: 'DONE', username: 'pays' });
    expect(row!.debtorAccount).toMatchObject({ scheme: 'IBAN', masked: expect.stringMatching(/^SE•• •••• \d{4}$/), holder: 'Paula Pays' });
    expect(row!.identity).toMatchObject({ givenName: 'Paula', familyName: 'Pays', dateOfBirth: '1985-04-12', country: 'SE' });
    expect(row!.identity!.nationalIdHash).toMatch(/^[0-9a-f]{64}$/);
    const hooks = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.transactionId, id));
    expect(hooks.map((h) => JSON.parse(h.body).data.object.status)).toEqual(['PENDING', 'SUCCESS']);
  });

  it.each([
    ['no-funds', 'current', 'DECLINED', 'INSUFFICIENT_FUNDS', 'AM04'],
    ['closed', 'current', 'DECLINED', 'BANK_ISSUES', 'AC04'],
    ['pays', 'savings', 'DECLINED', 'TRANSACTION_NOT_ALLOWED', 'AG01'],
    ['rejects', 'current', 'DECLINED', 'CUSTOMER_CANCELLED', 'MS02'],
  ])('%s (%s account): %s, %s (RJCT %s)', async (username, account, status, detailed, reason) => {
    const id = await newPayin();
    await payAs(await startAtBank(id), username, account);
    expect(await statusOf(id)).toMatchObject({ status, statusReason: { detailedStatus: detailed } });
    const [row] = await db.select().from(bankPayments).where(eq(bankPayments.payinId, id));
    expect(row).toMatchObject({ status: 'RJCT', reasonCode: reason });
  });

  it('cancelled at the bank: RJCT MS02, DECLINED; the pay-in may be paid again by bank', async () => {
    const id = await newPayin();
    const actor = await startAtBank(id);
    next(actor, await step((tx) => cancelPayment(tx, actor)));
    expect(await statusOf(id)).toMatchObject({
      status: 'DECLINED',
      statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' },
      attemptsRemaining: 2,
    });
    expect(await step((tx) => logIn(tx, actor, 'pays'))).toEqual({ ok: false, error: 'closed' });
    await payAs(await startAtBank(id), 'pays');
    expect((await statusOf(id)).status).toBe('SUCCESS');
  });

  it('pending then paid: ACSP (PENDING) until the worker settles it ACSC (SUCCESS)', async () => {
    const id = await newPayin();
    await payAs(await startAtBank(id), 'pending');
    expect((await statusOf(id)).status).toBe('PENDING');
    await db.transaction((tx) => settleDueBankPayments(tx, new Date(Date.now() + 1_000)));
    expect((await statusOf(id)).status).toBe('PENDING');
    await db.transaction((tx) => settleDueBankPayments(tx, new Date(Date.now() + PENDING_THEN_PAID_MS + 1_000)));
    expect((await statusOf(id)).status).toBe('SUCCESS');
    const [row] = await db.select().from(bankPayments).where(eq(bankPayments.payinId, id));
    expect(row).toMatchObject({ status: 'ACSC', settleAt: null });
  });

  it('bank timeout: ACSP, then RJCT AB03 and TIMEOUT', async () => {
    const id = await newPayin();
    await payAs(await startAtBank(id), 'timeout');
    expect((await statusOf(id)).status).toBe('PENDING');
    await db.transaction((tx) => settleDueBankPayments(tx, new Date(Date.now() + BANK_TIMEOUT_MS + 1_000)));
    expect(await statusOf(id)).toMatchObject({ status: 'TIMEOUT', statusReason: { detailedStatus: 'TRANSACTION_TIMEOUT' } });
  });

  it('a wrong code or user is an error to fix; the fifth wrong answer rejects the payment', async () => {
    const id = await newPayin();
    const actor = await startAtBank(id);
    expect(await step((tx) => logIn(tx, actor, 'nobody'))).toEqual({ ok: false, error: 'login' });
    let at = next(actor, await step((tx) => logIn(tx, actor, 'pays')));
    expect(await step((tx) => chooseAccount(tx, at, 'offshore'))).toEqual({ ok: false, error: 'account' });
    at = next(at, await step((tx) => chooseAccount(tx, at, 'current')));
    const code = (await view(at))!.scaCode!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) expect(await step((tx) => confirmPayment(tx, at, wrong))).toEqual({ ok: false, error: 'code' });
    expect(await step((tx) => confirmPayment(tx, at, wrong))).toEqual({ ok: false, error: 'closed' });
    expect(await statusOf(id)).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'CUSTOMER_CANCELLED' } });
  });
});

describe('tokens', () => {
  it("a step's token works once; another payment's token and a made-up one open nothing", async () => {
    const id = await newPayin();
    const other = await newPayin();
    const actor = await startAtBank(id);
    const otherActor = await startAtBank(other);
    // Another browser's token (of another pay-in) for this pay-in.
    expect(await view({ ...actor, token: otherActor.token })).toBeNull();
    expect(await step((tx) => logIn(tx, { ...actor, token: otherActor.token }, 'pays'))).toEqual({ ok: false, error: 'closed' });
    expect(await view({ ...actor, token: 'A'.repeat(43) })).toBeNull();
    expect(await view({ ...actor, token: '../../x' })).toBeNull();
    const at = next(actor, await step((tx) => logIn(tx, actor, 'pays')));
    // The login's token is spent: a replay opens nothing.
    expect(await view(actor)).toBeNull();
    expect(await step((tx) => logIn(tx, actor, 'pays'))).toEqual({ ok: false, error: 'closed' });
    expect((await view(at))!.step).toBe('ACCOUNT');
    expect((await statusOf(other)).status).toBe('PENDING');
  });

  it('decoupled: the QR token is spent by the app, the browser cannot drive the app flow, the browser token is no app token', async () => {
    const id = await newPayin(12.5);
    const actor = await startAtBank(id);
    next(actor, await step((tx) => useApp(tx, actor)));
    const waiting = (await view(actor))!;
    expect(waiting).toMatchObject({ flow: 'DECOUPLED', step: 'LOGIN' });
    const appToken = new URL(waiting.appUrl!).pathname.split('/').at(-1)!;
    const app: BankActor = { as: 'app', token: appToken };
    // The browser's token is not an app token, and the browser may not log in for the app.
    expect(await view({ as: 'app', token: actor.token })).toBeNull();
    expect(await step((tx) => logIn(tx, actor, 'pays'))).toEqual({ ok: false, error: 'closed' });
    const afterLogin = next(app, await step((tx) => logIn(tx, app, 'pays')));
    // The QR code's token was spent by the first device: a second scan opens nothing.
    expect(await view(app)).toBeNull();
    expect((await view(actor))!.appUrl).toBeNull();
    const chosen = next(afterLogin, await step((tx) => chooseAccount(tx, afterLogin, 'current')));
    const code = (await view(chosen))!.scaCode!;
    next(chosen, await step((tx) => confirmPayment(tx, chosen, code)));
    expect((await statusOf(id)).status).toBe('SUCCESS');
    expect((await view(actor))!).toMatchObject({ step: 'DONE', status: 'ACSC', open: false });
  });

  it('the code is bound to the amount: a code computed for another amount does not confirm', async () => {
    const id = await newPayin(40);
    const actor = await startAtBank(id);
    let at = next(actor, await step((tx) => logIn(tx, actor, 'pays')));
    at = next(at, await step((tx) => chooseAccount(tx, at, 'current')));
    const code = (await view(at))!.scaCode!;
    const { payins } = await import('@sandbox/db/schema');
    await db.update(payins).set({ amountMinor: 4001 }).where(eq(payins.id, id));
    expect(await step((tx) => confirmPayment(tx, at, code))).toEqual({ ok: false, error: 'code' });
  });
});

describe("the cashier's rules", () => {
  const session = async (user: string) => {
    const created = await api('POST', '/public/cashier/session', {
      token: DEMO,
      key: randomUUID(),
      body: {
        customer: { ...swedish(), externalUserId: user },
        returnUrls: RETURN_URLS,
        currency: 'EUR',
        kycVerified: true,
        previousTransactionCount: 0,
        balance: 0,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const deposit = await api('POST', `/public/cashier/session/${created.body.sessionId}/payin`, {
      token: DEMO,
      key: randomUUID(),
      body: { amount: 50, method: 'apm' },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    return deposit.body.paymentId as string;
  };
  const customerOf = async (id: string) => (await statusOf(id)).customerId as string;
  const exclude = async (customerId: string) =>
    expect(
      (
        await api('PUT', `/public/customer/${customerId}/exclusion`, {
          token: DEMO,
          body: { kind: 'TIME_OUT', until: new Date(Date.now() + 3_600_000).toISOString() },
        })
      ).status,
    ).toBe(204);

  it('an exclusion recorded while the customer is at the bank declines the deposit (BLOCKED_CUSTOMER)', async () => {
    const id = await session(`bank-x-${randomUUID()}`);
    const actor = await startAtBank(id, 'se-gota', DEMO);
    await exclude(await customerOf(id));
    await payAs(actor, 'pays');
    expect(await statusOf(id)).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'BLOCKED_CUSTOMER' } });
  });

  it('a limit lowered while the customer is at the bank declines the deposit; an excluded customer cannot start one', async () => {
    const id = await session(`bank-l-${randomUUID()}`);
    const actor = await startAtBank(id, 'se-gota', DEMO);
    const customerId = await customerOf(id);
    expect(
      (await api('PUT', `/public/customer/${customerId}/limits`, { token: DEMO, body: { deposit: { EUR: { day: 10 } } } })).status,
    ).toBe(204);
    await payAs(actor, 'pending');
    await db.transaction((tx) => settleDueBankPayments(tx, new Date(Date.now() + PENDING_THEN_PAID_MS + 1_000)));
    expect(await statusOf(id)).toMatchObject({ status: 'DECLINED', statusReason: { detailedStatus: 'CUSTOMER_ISSUES' } });

    const second = await session(`bank-e-${randomUUID()}`);
    await exclude(await customerOf(second));
    const refused = await api('POST', `/public/payin/${second}/process/direct-link`, {
      token: DEMO,
      key: randomUUID(),
      body: { browser, additionalData: { methodId: 'bank', bankId: 'se-gota' } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('CUSTOMER_EXCLUDED');
  });

  it('an unknown bank is 400; a payout offers no Pay by Bank', async () => {
    const id = await newPayin();
    const bad = await api('POST', `/public/payin/${id}/process/direct-link`, {
      token: CHECKOUT,
      key: randomUUID(),
      body: { browser, additionalData: { methodId: 'bank', bankId: 'xx-nowhere' } },
    });
    expect(bad.status).toBe(400);
    const payout = await api('POST', '/public/payout', {
      token: DEMO,
      key: randomUUID(),
      body: { orderId: `po-${randomUUID()}`, value: 10, currency: 'EUR', kycVerified: false, customer: swedish() },
    });
    const methods = (await api('GET', `/public/payout/${payout.body.payoutId}/methods`, { token: DEMO })).body.methods;
    expect(methods.map((m: { id: string }) => m.id)).not.toContain('bank');
    expect((await api('GET', `/public/payout/${payout.body.payoutId}/methods`, { token: DEMO })).body.payout).toMatchObject({
      id: payout.body.payoutId,
      status: 'CREATED',
    });
  });
});
