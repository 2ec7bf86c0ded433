/**
 * The customer's steps at the sandbox bank, in the browser (redirect flow) or in the bank's app
 * (decoupled flow: the browser shows a QR code and waits): log in as a test user, choose an
 * account, confirm the amount and payee with a one-time code bound to them (dynamic linking),
 * or cancel. Each step needs the token of the step before and answers the next one (a replayed
 * or another browser's token opens nothing); a payment that no longer waits refuses every step.
 * Errors a customer can fix come back as `error`, never thrown.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankPayments, customers } from '@sandbox/db/schema';
import type { StoredBankIdentity, StoredDebtorAccount } from '@sandbox/db/schema-bank';
import { isIdentification } from '@hosted-checkout/contract/pay-n-play';
import { keyedHash } from '../core/store';
import { merchantConfig } from '../core/request-context';
import { bankById } from './bank-directory';
import { afterAuthorisation } from './bank-status';
import { accountsAt, customerTestUser, isCustomerUsername, testUser, type BankAccount, type TestUser } from './test-users';
import { appTokenOf, newBrowserToken, newNonce, scaCodeOf, tokenHash } from './bank-tokens';
import { APP_TOKEN_TTL_MS, applyBankStatus, loadBankPayment, type BankActor, type LockedBankPayment } from './bank-payments';

/** What a step answers: the token of the next step (the same page, a step on), or an error the customer can fix, or that the payment is no longer open. */
/** A step's outcome; a done identification only (a Pay N Play login, amount 0) says so, for the words of its last page. */
export type StepResult =
  { ok: true; token: string; done: boolean; identification?: true } | { ok: false; error: 'login' | 'account' | 'code' | 'closed' };

const closed = { ok: false, error: 'closed' } as const;

/** Wrong passwords or codes a payment takes; one more rejects it (RJCT MS02). */
const MAX_FAILURES = 5;

/** The flow an actor may drive: the browser the redirect flow, the app the decoupled one. */
const drives = (actor: BankActor, locked: LockedBankPayment) =>
  locked.open && locked.bank.flow === (actor.as === 'browser' ? 'REDIRECT' : 'DECOUPLED');

/** Moves to `step` with `set`, replacing the acting token; answers the new one. */
async function advance(
  tx: Db,
  actor: BankActor,
  locked: LockedBankPayment,
  set: Partial<typeof bankPayments.$inferInsert>,
): Promise<string> {
  const values: Partial<typeof bankPayments.$inferInsert> = { ...set, updatedAt: new Date() };
  let token: string;
  if (actor.as === 'browser') {
    token = newBrowserToken();
    values.browserTokenHash = tokenHash(token);
  } else {
    const nonce = newNonce();
    token = await appTokenOf(tx, locked.bank.id, nonce);
    Object.assign(values, { appNonce: nonce, appTokenHash: tokenHash(token), appTokenExpiresAt: new Date(Date.now() + APP_TOKEN_TTL_MS) });
  }
  await tx.update(bankPayments).set(values).where(eq(bankPayments.id, locked.bank.id));
  return token;
}

/** A wrong password or code: counted; the fifth rejects the payment as refused (MS02). */
async function failed(tx: Db, locked: LockedBankPayment, error: 'login' | 'code'): Promise<StepResult> {
  if (locked.bank.failures + 1 >= MAX_FAILURES) {
    await applyBankStatus(tx, locked, 'RJCT', 'MS02');
    return closed;
  }
  await tx
    .update(bankPayments)
    .set({ failures: locked.bank.failures + 1 })
    .where(eq(bankPayments.id, locked.bank.id));
  return { ok: false, error };
}

/** The birth date the bank holds for `me` where the merchant gave the customer none (a stand-in: the sandbox's bank knows no one). */
const STAND_IN_BIRTH_DATE = '1990-01-01';

/** `me`'s address: the bank's, as the table's users have one. */
const CUSTOMER_ADDRESS = { street: '1 Sandbox Street', city: 'Testville', postalCode: '10001' };

/**
 * The test user `me` for the pay-in's customer: held in the customer's first and last name (their
 * birth date where the merchant gave one); undefined where the customer has no name yet (a Pay N
 * Play login, whose player the bank is to identify, not the merchant).
 */
async function payersTestUser(tx: Db, locked: LockedBankPayment): Promise<TestUser | undefined> {
  const [row] = await tx.select({ data: customers.data }).from(customers).where(eq(customers.id, locked.payin.customerId)).limit(1);
  const givenName = row?.data.firstName?.trim();
  const familyName = row?.data.lastName?.trim();
  if (!givenName || !familyName) return undefined;
  return customerTestUser({ givenName, familyName, dateOfBirth: row?.data.dateOfBirth ?? STAND_IN_BIRTH_DATE, address: CUSTOMER_ADDRESS });
}

/** The logged-in test user of a bank payment: one of the table's, or `me` in the name the bank recorded at login. */
function loggedInUser(username: string | null, identity: StoredBankIdentity | null): TestUser | undefined {
  if (!username) return undefined;
  if (!isCustomerUsername(username)) return testUser(username);
  return identity
    ? customerTestUser({
        givenName: identity.givenName,
        familyName: identity.familyName,
        dateOfBirth: identity.dateOfBirth,
        address: CUSTOMER_ADDRESS,
      })
    : undefined;
}

/**
 * Logs in as a test user (any password): the bank's verified identity of the user is recorded.
 * `me` is the pay-in's customer, whoever they are (a customer without a name cannot log in as `me`).
 */
export async function logIn(tx: Db, actor: BankActor, username: string): Promise<StepResult> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked || !drives(actor, locked) || locked.bank.step !== 'LOGIN') return closed;
  const user = isCustomerUsername(username) ? await payersTestUser(tx, locked) : testUser(username);
  const bank = bankById(locked.bank.bankId);
  if (!user || !bank) return failed(tx, locked, 'login');
  const token = await advance(tx, actor, locked, {
    step: 'ACCOUNT',
    username: user.username,
    identity: {
      username: user.username,
      givenName: user.identity.givenName,
      familyName: user.identity.familyName,
      dateOfBirth: user.identity.dateOfBirth,
      country: bank.country,
      ...(user.identity.nationalId
        ? { nationalIdHash: await keyedHash(tx, `bank-national-id:${bank.country}:${user.identity.nationalId}`) }
        : {}),
    },
  });
  return { ok: true, token, done: false };
}

/** The accounts of the logged-in user at the payment's bank. */
export function accountsOf(locked: LockedBankPayment): BankAccount[] {
  const user = loggedInUser(locked.bank.username, locked.bank.identity);
  const bank = bankById(locked.bank.bankId);
  return user && bank ? accountsAt(user, bank) : [];
}

/** Chooses the account to pay from (one of the user's at this bank); the bank then asks for the one-time code. */
export async function chooseAccount(tx: Db, actor: BankActor, key: string): Promise<StepResult> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked || !drives(actor, locked) || locked.bank.step !== 'ACCOUNT') return closed;
  const account = accountsOf(locked).find((a) => a.key === key);
  if (!account) return { ok: false, error: 'account' };
  const debtorAccount: StoredDebtorAccount = {
    key: account.key,
    scheme: account.sortCode ? 'UK.OBIE.SortCodeAccountNumber' : 'IBAN',
    iban: account.iban,
    ...(account.sortCode ? { sortCode: account.sortCode, accountNumber: account.accountNumber } : {}),
    masked: account.masked,
    holder: account.holder,
  };
  const token = await advance(tx, actor, locked, { step: 'CONFIRM', debtorAccount, sca: { nonce: newNonce() } });
  return { ok: true, token, done: false };
}

/** The one-time code of the authentication under way, bound to the payee (the merchant's name) and the pay-in's amount now; null before an account is chosen. */
export async function scaCode(tx: Db, locked: LockedBankPayment): Promise<string | null> {
  if (!locked.bank.sca) return null;
  const { displayName } = await merchantConfig(tx, locked.payin.merchantId);
  return scaCodeOf(tx, {
    id: locked.bank.id,
    nonce: locked.bank.sca.nonce,
    amountMinor: locked.payin.amountMinor,
    currency: locked.payin.currency,
    payee: displayName,
  });
}

/**
 * Confirms the payment with the one-time code (six digits, bound to this amount and payee): the
 * bank authorises it (ACTC) and then does what the account's test user says (bank-status.ts).
 */
export async function confirmPayment(tx: Db, actor: BankActor, code: string): Promise<StepResult> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked || !drives(actor, locked) || locked.bank.step !== 'CONFIRM') return closed;
  const expected = await scaCode(tx, locked);
  const account = accountsOf(locked).find((a) => a.key === locked.bank.debtorAccount?.key);
  if (!expected || !account) return closed;
  if (code.replace(/\s/g, '') !== expected) return failed(tx, locked, 'code');
  const authorised = await applyBankStatus(tx, locked, 'ACTC');
  // An identification only (a Pay N Play login, amount 0) moves no money: the bank confirms it at once.
  const identification = isIdentification(locked.payin.amountMinor);
  const outcome: ReturnType<typeof afterAuthorisation> = identification ? { status: 'ACSC' } : afterAuthorisation(account.outcome);
  await applyBankStatus(tx, { ...locked, ...authorised }, outcome.status, outcome.reason, outcome.later);
  await tx.update(bankPayments).set({ step: 'DONE' }).where(eq(bankPayments.id, locked.bank.id));
  return { ok: true, token: actor.token, done: true, ...(identification ? { identification: true as const } : {}) };
}

/** The customer cancels at the bank (or refuses in the app): RJCT MS02, the pay-in DECLINED. */
export async function cancelPayment(tx: Db, actor: BankActor): Promise<StepResult> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked?.open || locked.bank.step === 'DONE') return closed;
  await applyBankStatus(tx, locked, 'RJCT', 'MS02');
  return { ok: true, token: actor.token, done: true };
}

/**
 * The browser hands the payment to the bank's app (decoupled flow): the app gets its own token
 * (shown as a QR code, valid 5 minutes); the browser keeps its token and waits.
 */
export async function useApp(tx: Db, actor: BankActor & { as: 'browser' }): Promise<StepResult> {
  const locked = await loadBankPayment(tx, actor);
  if (!locked || !drives(actor, locked) || locked.bank.step !== 'LOGIN') return closed;
  const nonce = newNonce();
  const token = await appTokenOf(tx, locked.bank.id, nonce);
  await tx
    .update(bankPayments)
    .set({
      flow: 'DECOUPLED',
      appNonce: nonce,
      appTokenHash: tokenHash(token),
      appTokenExpiresAt: new Date(Date.now() + APP_TOKEN_TTL_MS),
      updatedAt: new Date(),
    })
    .where(eq(bankPayments.id, locked.bank.id));
  return { ok: true, token: actor.token, done: false };
}
