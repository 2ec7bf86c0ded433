/**
 * Withdrawals by bank from a cashier session (docs/design.md, E25 and section 9), through the
 * sandbox's router with answers checked against the OpenAPI document: a customer who deposited by
 * Pay by Bank is paid back to that account (shown masked, chosen by its ref), never to a stranger's
 * account that paid the customer's deposit; another account is
 * refused without the merchant's setting, and with it goes through the payee name check (each
 * outcome; a no match needs the acknowledgement); the instant credit transfer settles in seconds
 * (PROCESSED, or FAILED with the balance available again for a closed account and for an offline
 * beneficiary bank after its retries); a replayed request pays out once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractCall as api, pagesHolding } from '@sandbox/testing/sandbox-http';
import { pagesContext, RETURN_URLS, testCustomer } from '@sandbox/testing/sandbox-fixtures';
import type { Db } from '@sandbox/db/client';
import { bankCreditTransfers, bankPayments, merchants } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { chooseAccount, confirmPayment, logIn, type StepResult } from '../bank/bank-flow';
import type { BankActor } from '../bank/bank-payments';
import { bankPageView } from '../bank/bank-view';
import { bankById } from '../bank/bank-directory';
import { composeBankIban } from '../bank/account-identifiers';
import { RECEIVING_PAYEES } from '../bank/bank-accounts';
import { accountsAt, testUser } from '../bank/test-users';
import { CREDIT_DEADLINE_MS, settleDueCreditTransfers } from '../bank/credit-transfers';

const DEMO = 'sbx_demo_merchant';
/** The merchant that allows other accounts (set below). */
const OTHER = 'sbx_other_merchant';
let db: Db;

beforeAll(async () => {
  db = await sandboxDb();
  const [row] = await db.select().from(merchants).where(eq(merchants.id, 'merchant-other'));
  const config = row!.config;
  await db
    .update(merchants)
    .set({ config: { ...config, settings: { ...config.settings, bankWithdrawalOtherAccounts: true } } })
    .where(eq(merchants.id, 'merchant-other'));
});

type Holding = Awaited<ReturnType<typeof pagesHolding>>;

/**
 * A EUR session of a Swedish customer with `balance`, opened by a test browser. The customer is
 * Paula Pays, the holder of test user `pays`'s accounts, unless `name` says otherwise.
 */
async function newSession(
  balance: number,
  token = DEMO,
  name = { firstName: 'Paula', lastName: 'Pays' },
): Promise<{ id: string; as: Holding }> {
  const customer = { ...testCustomer(), ...name, billing: { ...testCustomer().billing, countryCode: 'SE', city: 'Stockholm' } };
  const answer = await api('POST', '/public/cashier/session', {
    token,
    key: randomUUID(),
    body: { customer, returnUrls: RETURN_URLS, currency: 'EUR', kycVerified: false, previousTransactionCount: 0, balance },
  });
  expect(answer.status).toBe(200);
  return { id: answer.body.sessionId, as: await pagesHolding(answer.body.checkoutUrl) };
}

const ok = (actor: BankActor, result: StepResult): BankActor => {
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return { ...actor, token: (result as { token: string }).token };
};

/** A deposit of 30 EUR in the session by Pay by Bank at `bankId`, paid by test user `username`; answers the pay-in's id. */
async function depositByBank(s: { id: string; as: Holding }, bankId = 'se-gota', username = 'pays'): Promise<string> {
  const created = await api('POST', `/public/cashier/session/${s.id}/payin`, {
    body: { amount: 30, method: 'bank' },
    ...s.as,
    key: randomUUID(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const payinId = created.body.paymentId as string;
  const started = await api('POST', `/public/payin/${payinId}/process/direct-link`, {
    token: 'sbx_checkout',
    key: randomUUID(),
    body: { browser: { javascriptEnabled: true }, additionalData: { methodId: 'bank', bankId } },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  let at: BankActor = { as: 'browser', payinId, token: new URL(started.body.redirectUrl).searchParams.get('t')! };
  at = ok(at, await db.transaction((tx) => logIn(tx, at, username)));
  at = ok(at, await db.transaction((tx) => chooseAccount(tx, at, 'current')));
  const code = (await db.transaction((tx) => bankPageView(tx, at, pagesContext())))!.scaCode!;
  ok(at, await db.transaction((tx) => confirmPayment(tx, at, code)));
  return payinId;
}

const sessionOf = async (s: { id: string; as: Holding }) => (await api('GET', `/public/cashier/session/${s.id}`, s.as)).body;
const payoutOf = async (id: string, token = DEMO) => (await api('GET', `/public/payout/${id}`, { token })).body;
const withdraw = (s: { id: string; as: Holding }, value: number, bankAccount: unknown, key = randomUUID()) =>
  api('POST', `/public/cashier/session/${s.id}/payout`, { body: { value, method: 'bank', bankAccount }, ...s.as, key });
const check = (s: { id: string; as: Holding }, body: unknown) =>
  api('POST', `/public/cashier/session/${s.id}/payee-check`, { body, ...s.as, key: randomUUID() });
/** The worker's pass `ms` from now. */
const settleIn = (ms: number) => db.transaction((tx) => settleDueCreditTransfers(tx, new Date(Date.now() + ms)));

const ibanOf = (bankId: string, payee: (typeof RECEIVING_PAYEES)[number]) => {
  const bank = bankById(bankId)!;
  return composeBankIban(bank.country, bank.code, payee);
};
const userAccount = (username: string, bankId: string) => accountsAt(testUser(username)!, bankById(bankId)!)[0]!;

describe('withdrawals by bank: the closed loop', () => {
  it('pays back to the deposit account, shown masked and chosen by its ref; settled in seconds', async () => {
    const s = await newSession(100);
    expect((await api('GET', `/public/cashier/session/${s.id}/withdrawal-destinations`, s.as)).body.bank).toEqual({
      accounts: [],
      otherAccountAllowed: false,
      offered: false,
    });
    await depositByBank(s);
    const answer = await api('GET', `/public/cashier/session/${s.id}/withdrawal-destinations`, s.as);
    const iban = userAccount('pays', 'se-gota').iban;
    expect(JSON.stringify(answer.body)).not.toContain(iban);
    const [account] = answer.body.bank.accounts;
    expect(account).toMatchObject({ bankId: 'se-gota', bankName: 'Göta Sparbank', scheme: 'IBAN', masked: `SE•• •••• ${iban.slice(-4)}` });
    const created = await withdraw(s, 20, { ref: account.ref });
    expect(created.body).toMatchObject({ status: 'WAITING_FOR_CONFIRMATION' });
    const payoutId = created.body.payoutId as string;
    expect(await payoutOf(payoutId)).toMatchObject({ transactionType: 'BANK', status: 'WAITING_FOR_CONFIRMATION' });
    expect((await api('PUT', `/public/payout/${payoutId}/confirm`)).status).toBe(204);
    expect((await payoutOf(payoutId)).status).toBe('PENDING');
    await settleIn(1_100);
    expect((await payoutOf(payoutId)).status).toBe('PROCESSED');
    expect(await sessionOf(s)).toMatchObject({ balance: 80, reserved: 0, available: 80 });
  });

  it('refuses another account without the merchant’s setting; the deposit account typed in full needs no check', async () => {
    const s = await newSession(100);
    await depositByBank(s);
    const other = await check(s, { account: { iban: ibanOf('de-rhein', RECEIVING_PAYEES[0]!) }, name: 'Jürgen Müller' });
    expect(other.status).toBe(403);
    expect(other.body.errorKey).toBe('CLOSED_LOOP');
    const own = await check(s, { account: { iban: userAccount('pays', 'se-gota').iban }, name: 'Anyone' });
    expect(own.body).toMatchObject({ scheme: 'NONE', outcome: 'DEPOSIT_ACCOUNT', acknowledgementRequired: false });
    expect((await withdraw(s, 10, { payeeCheckId: own.body.checkId })).status).toBe(200);
    expect((await withdraw(s, 10, { ref: 'bp_unknown' })).status).toBe(400);
    expect(
      (await api('POST', `/public/cashier/session/${s.id}/payout`, { body: { value: 10, method: 'bank' }, ...s.as, key: randomUUID() }))
        .status,
    ).toBe(400);
  });
});

describe('withdrawals by bank: a stranger who paid the customer’s deposit', () => {
  it('is not listed, and a withdrawal to its ref or to its account typed in full is refused', async () => {
    // Ada Lovelace's pay-in, paid by Paula Pays from her own account.
    const s = await newSession(100, DEMO, { firstName: 'Ada', lastName: 'Lovelace' });
    const payinId = await depositByBank(s);
    expect((await api('GET', `/public/payin/${payinId}`)).body.status).toBe('SUCCESS');
    expect((await api('GET', `/public/cashier/session/${s.id}/withdrawal-destinations`, s.as)).body.bank).toEqual({
      accounts: [],
      otherAccountAllowed: false,
      offered: false,
    });
    const [payment] = await db.select().from(bankPayments).where(eq(bankPayments.payinId, payinId));
    const refused = await withdraw(s, 50, { ref: payment!.id });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const typed = await check(s, { account: { iban: userAccount('pays', 'se-gota').iban }, name: 'Paula Pays' });
    expect(typed.status).toBe(403);
    expect(typed.body.errorKey).toBe('CLOSED_LOOP');
    const list = await api('GET', `/public/cashier/session/${s.id}/transactions`, s.as);
    expect(list.body.transactions.filter((t: { kind: string }) => t.kind === 'payout')).toHaveLength(0);
    expect(await sessionOf(s)).toMatchObject({ balance: 100, reserved: 0, available: 100 });
  });
});

describe('withdrawals by bank: the payee name check (merchant allows other accounts)', () => {
  it('answers each VoP and CoP outcome; an invalid identifier is 400', async () => {
    const s = await newSession(100, OTHER);
    const destinations = (await api('GET', `/public/cashier/session/${s.id}/withdrawal-destinations`, s.as)).body.bank;
    expect(destinations).toMatchObject({ accounts: [], otherAccountAllowed: true, offered: true });
    const iban = ibanOf('de-rhein', RECEIVING_PAYEES[0]!);
    expect((await check(s, { account: { iban }, name: 'Juergen Mueller' })).body).toMatchObject({
      scheme: 'VOP',
      outcome: 'MATCH',
      code: 'MTCH',
    });
    expect((await check(s, { account: { iban }, name: 'Jurgen Muler' })).body).toMatchObject({
      outcome: 'CLOSE_MATCH',
      code: 'CMTC',
      nameHeld: 'Jürgen Müller',
    });
    const none = (await check(s, { account: { iban }, name: 'Peter Pays' })).body;
    expect(none).toMatchObject({ outcome: 'NO_MATCH', code: 'NMTC', acknowledgementRequired: true });
    expect(none.nameHeld).toBeUndefined();
    expect((await check(s, { account: { iban: 'DE89370400440532013000' }, name: 'Ada' })).body).toMatchObject({
      outcome: 'NOT_POSSIBLE',
      code: 'NOAP',
    });
    const business = RECEIVING_PAYEES[1]!;
    expect(
      (
        await check(s, {
          account: { sortCode: business.sortCode, accountNumber: business.ukAccount },
          name: 'Sandbox Play Limited',
          accountType: 'PERSONAL',
        })
      ).body,
    ).toMatchObject({ scheme: 'COP', outcome: 'ACCOUNT_TYPE_MISMATCH', code: 'BANM', accountType: 'BUSINESS' });
    expect((await check(s, { account: { iban: 'DE00370400440532013000' }, name: 'Ada' })).status).toBe(400);
  });

  it('a no match is paid only when acknowledged; a check is spent by one withdrawal', async () => {
    const s = await newSession(100, OTHER);
    const none = (await check(s, { account: { iban: ibanOf('nl-polder', RECEIVING_PAYEES[3]!) }, name: 'Someone Else' })).body;
    const refused = await withdraw(s, 10, { payeeCheckId: none.checkId });
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('PAYEE_NOT_CONFIRMED');
    expect((await withdraw(s, 10, { payeeCheckId: none.checkId, acknowledgeNoMatch: true })).status).toBe(200);
    const again = await withdraw(s, 10, { payeeCheckId: none.checkId, acknowledgeNoMatch: true });
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('CONFLICT');
  });
});

describe('withdrawals by bank: instant credit transfers', () => {
  /** A confirmed withdrawal of 40 to `username`'s account at se-gota, checked by name: answers its payout id. */
  async function sentTo(username: string) {
    const s = await newSession(100, OTHER);
    const account = userAccount(username, 'se-gota');
    const checked = (await check(s, { account: { iban: account.iban }, name: account.holder })).body;
    expect(checked.outcome).toBe('MATCH');
    const created = await withdraw(s, 40, { payeeCheckId: checked.checkId });
    expect(created.status).toBe(200);
    expect((await api('PUT', `/public/payout/${created.body.payoutId}/confirm`, { token: OTHER })).status).toBe(204);
    expect(await sessionOf(s)).toMatchObject({ balance: 100, reserved: 40, available: 60 });
    return { s, payoutId: created.body.payoutId as string };
  }

  it('a closed account: RJCT AC04 → FAILED, the amount available again', async () => {
    const { s, payoutId } = await sentTo('closed');
    await settleIn(1_100);
    expect(await payoutOf(payoutId, OTHER)).toMatchObject({ status: 'FAILED', statusReason: { detailedStatus: 'BANK_ISSUES' } });
    expect((await payoutOf(payoutId, OTHER)).statusReason.reason).toContain('AC04');
    expect(await sessionOf(s)).toMatchObject({ balance: 100, reserved: 0, available: 100 });
  });

  it('an offline beneficiary bank: retried, then FAILED within the 10-second rule, the amount available again', async () => {
    const { s, payoutId } = await sentTo('timeout');
    await settleIn(1_100);
    const [first] = await db.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.payoutId, payoutId));
    expect(first).toMatchObject({ attempts: 2, reasonCode: 'AB08', status: 'ACSP' });
    expect((await payoutOf(payoutId, OTHER)).status).toBe('PENDING');
    await settleIn(3_200);
    expect((await payoutOf(payoutId, OTHER)).status).toBe('PENDING');
    await settleIn(CREDIT_DEADLINE_MS);
    expect(await payoutOf(payoutId, OTHER)).toMatchObject({ status: 'FAILED', statusReason: { detailedStatus: 'BANK_ISSUES' } });
    const [last] = await db.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.payoutId, payoutId));
    expect(last).toMatchObject({ attempts: 3, status: 'RJCT', reasonCode: 'AB08' });
    expect(await sessionOf(s)).toMatchObject({ balance: 100, available: 100 });
  });

  it('a "pending" account is credited after 5 s (ACSP, then ACSC)', async () => {
    const { s, payoutId } = await sentTo('pending');
    await settleIn(1_100);
    expect((await payoutOf(payoutId, OTHER)).status).toBe('PENDING');
    await settleIn(5_100);
    expect((await payoutOf(payoutId, OTHER)).status).toBe('PROCESSED');
    expect(await sessionOf(s)).toMatchObject({ balance: 60, available: 60 });
  });

  it('a replayed withdrawal pays out once', async () => {
    const s = await newSession(100);
    await depositByBank(s);
    const [account] = (await api('GET', `/public/cashier/session/${s.id}/withdrawal-destinations`, s.as)).body.bank.accounts;
    const key = randomUUID();
    const first = await withdraw(s, 25, { ref: account.ref }, key);
    const replay = await withdraw(s, 25, { ref: account.ref }, key);
    expect(replay.body.payoutId).toBe(first.body.payoutId);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await api('PUT', `/public/payout/${first.body.payoutId}/confirm`)).status).toBe(204);
    expect((await api('PUT', `/public/payout/${first.body.payoutId}/confirm`)).status).toBe(409);
    await settleIn(1_100);
    await settleIn(2_000);
    expect(await db.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.payoutId, first.body.payoutId))).toHaveLength(1);
    expect(await sessionOf(s)).toMatchObject({ balance: 75, reserved: 0, available: 75 });
  });
});
