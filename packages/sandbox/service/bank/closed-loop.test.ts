/**
 * Closed-loop withdrawals by bank over the sandbox bank's own accounts: the deposit accounts a
 * withdrawal may go to (masked, one per account, latest first, only paid deposits from an account
 * in the customer's name: a stranger who paid the customer's pay-in is never one), and the
 * decision on a chosen or typed destination, with and without the merchant's leave to pay
 * another account (which then goes through the payee name check).
 */
import { describe, expect, it } from 'vitest';
import type { StoredDebtorAccount } from '@sandbox/db/schema-bank';
import { bankById, type DemoBank } from './bank-directory';
import { decideDestination, holderIsCustomer, withdrawalDestinations, type BankDeposit } from './closed-loop';
import { checkPayeeName } from './name-check';
import { accountsAt, testUser } from './test-users';

/** The debtor account the bank reports for a test user's account at a bank (as bank-flow.ts stores it). */
function debtor(username: string, bank: DemoBank, key = 'current'): StoredDebtorAccount {
  const a = accountsAt(testUser(username)!, bank).find((x) => x.key === key)!;
  return {
    key: a.key,
    scheme: bank.country === 'GB' ? 'UK.OBIE.SortCodeAccountNumber' : 'IBAN',
    iban: a.iban,
    ...(a.sortCode ? { sortCode: a.sortCode, accountNumber: a.accountNumber } : {}),
    masked: a.masked,
    holder: a.holder,
  };
}

const se = bankById('se-norrland')!;
const gb = bankById('gb-albion')!;
/** The customer of these deposits, as the merchant's customer record names them. */
const CUSTOMER = 'Paula Pays';
/** A deposit of the customer, its holder compared with the customer's name as customer-deposits.ts does. */
const deposit = (id: string, account: StoredDebtorAccount | null, day: number, status = 'ACSC', payinStatus = 'SUCCESS'): BankDeposit => ({
  id,
  bankId: account?.iban.startsWith('GB') ? gb.id : se.id,
  status,
  payinStatus,
  debtorAccount: account,
  holderIsCustomer: !!account && holderIsCustomer(account.holder, CUSTOMER),
  createdAt: new Date(Date.UTC(2026, 0, day)),
});

const seCurrent = debtor('pays', se);
const gbCurrent = debtor('pays', gb);
const deposits: BankDeposit[] = [
  deposit('bp_1', seCurrent, 1),
  deposit('bp_2', gbCurrent, 2),
  deposit('bp_3', seCurrent, 3, 'ACSC', 'REFUNDED'), // paid, then refunded: still the customer's account
  deposit('bp_4', debtor('pending', se), 4, 'ACSP', 'PENDING'), // not settled yet
  deposit('bp_5', debtor('no-funds', se), 5, 'RJCT', 'DECLINED'),
  deposit('bp_6', debtor('timeout', se), 6, 'ACSC', 'DECLINED'), // settled, but the pay-in was declined (an exclusion since)
  deposit('bp_7', null, 7, 'RJCT', 'DECLINED'), // abandoned before an account was chosen
  deposit('bp_8', debtor('pending', se), 8), // settled and paid, but by a stranger (Penny Pending) from her own account
];

describe('the accounts a bank withdrawal may go to', () => {
  it('one per account paid from, latest deposit first, masked, with the latest deposit as ref', () => {
    const { accounts, offered, otherAccountAllowed } = withdrawalDestinations(deposits, false);
    expect(accounts.map((a) => [a.ref, a.masked])).toEqual([
      ['bp_3', seCurrent.masked],
      ['bp_2', '08-••-•• ••••4958'],
    ]);
    expect(accounts[0]).toMatchObject({
      bankId: se.id,
      scheme: 'IBAN',
      holder: 'Paula Pays',
      lastDepositAt: new Date(Date.UTC(2026, 0, 3)),
    });
    expect(accounts[1]).toMatchObject({ bankId: gb.id, scheme: 'UK.OBIE.SortCodeAccountNumber' });
    expect(JSON.stringify(accounts)).not.toContain(seCurrent.iban.slice(4));
    expect(JSON.stringify(accounts)).not.toContain('66374958');
    expect([offered, otherAccountAllowed]).toEqual([true, false]);
  });

  it('nothing to offer without a paid deposit unless the merchant allows another account', () => {
    const unpaid = deposits.slice(3);
    expect(withdrawalDestinations(unpaid, false)).toEqual({ accounts: [], otherAccountAllowed: false, offered: false });
    expect(withdrawalDestinations([], true)).toEqual({ accounts: [], otherAccountAllowed: true, offered: true });
  });
});

describe('the decision on a destination', () => {
  it('a deposit account chosen by ref, the latest or an earlier deposit of it: in full, no name check', () => {
    for (const ref of ['bp_3', 'bp_1'])
      expect(decideDestination(deposits, false, { ref })).toEqual({
        allowed: true,
        kind: 'DEPOSIT_ACCOUNT',
        account: seCurrent,
        bankId: se.id,
      });
  });

  it('refuses a ref that is not a paid deposit of this customer', () => {
    for (const ref of ['bp_4', 'bp_5', 'bp_6', 'bp_7', 'bp_8', 'bp_x'])
      expect(decideDestination(deposits, true, { ref }), ref).toEqual({ allowed: false, reason: 'UNKNOWN_REF' });
  });

  it('a deposit account typed in full, in any format, is that account', () => {
    const printed = seCurrent.iban.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(decideDestination(deposits, false, { account: { iban: printed } })).toMatchObject({
      kind: 'DEPOSIT_ACCOUNT',
      account: seCurrent,
    });
    expect(decideDestination(deposits, false, { account: { sortCode: '08-99-99', accountNumber: '66374958' } })).toMatchObject({
      kind: 'DEPOSIT_ACCOUNT',
      account: gbCurrent,
    });
  });

  it('another account: refused unless the merchant allows it, then a name check first', () => {
    const other = { iban: debtor('pays', se, 'savings').iban };
    expect(decideDestination(deposits, false, { account: other })).toEqual({ allowed: false, reason: 'CLOSED_LOOP' });
    // The account of a deposit that was not paid is another account too.
    expect(decideDestination(deposits, false, { account: { iban: debtor('no-funds', se).iban } })).toEqual({
      allowed: false,
      reason: 'CLOSED_LOOP',
    });
    const decision = decideDestination(deposits, true, { account: other });
    expect(decision).toEqual({ allowed: true, kind: 'NAME_CHECK_REQUIRED', account: other });
    if (decision.allowed && decision.kind === 'NAME_CHECK_REQUIRED')
      expect(checkPayeeName({ name: 'Paula Pays', account: decision.account })).toEqual({
        ok: true,
        result: { scheme: 'VOP', code: 'MTCH' },
      });
  });

  it('refuses an identifier the checks fail, whatever the setting', () => {
    for (const allowed of [false, true]) {
      expect(decideDestination(deposits, allowed, { account: { iban: 'SE00 1234' } })).toEqual({
        allowed: false,
        reason: 'INVALID_ACCOUNT',
      });
      expect(decideDestination(deposits, allowed, { account: { sortCode: '089999', accountNumber: '66374959' } })).toEqual({
        allowed: false,
        reason: 'INVALID_ACCOUNT',
      });
    }
  });
});

describe('a third party who paid the customer’s deposit', () => {
  const stranger = debtor('pending', se);

  it('the holder is the customer by the payee check’s matching: titles, order, accents; anyone else is not', () => {
    expect(holderIsCustomer('Paula Pays', 'Mrs Paula Pays')).toBe(true);
    expect(holderIsCustomer('Pays Paula', 'Paula Pays')).toBe(true);
    expect(holderIsCustomer('Jürgen Müller', 'Jurgen Mueller')).toBe(true);
    expect(holderIsCustomer('Penny Pending', 'Paula Pays')).toBe(false);
    expect(holderIsCustomer('Paula Pays', '')).toBe(false);
  });

  it('is never a withdrawal destination: not listed, its ref unknown, typed in full another account', () => {
    const only = [deposit('bp_9', stranger, 9)];
    expect(only[0]!.holderIsCustomer).toBe(false);
    expect(withdrawalDestinations(only, false)).toEqual({ accounts: [], otherAccountAllowed: false, offered: false });
    expect(withdrawalDestinations(deposits, false).accounts.map((a) => a.ref)).not.toContain('bp_8');
    expect(decideDestination(only, false, { ref: 'bp_9' })).toEqual({ allowed: false, reason: 'UNKNOWN_REF' });
    expect(decideDestination(only, false, { account: { iban: stranger.iban } })).toEqual({ allowed: false, reason: 'CLOSED_LOOP' });
    // With the merchant's leave, the stranger's account is an account like any other: the name check first.
    expect(decideDestination(only, true, { account: { iban: stranger.iban } })).toMatchObject({ kind: 'NAME_CHECK_REQUIRED' });
  });
});
