/**
 * The one mapping of the sandbox bank's ISO 20022 statuses to pay-in statuses (docs/design.md,
 * Pay by Bank: the status mapping), and what the bank does after authorisation for each test user's
 * account; the bank chooser's search and order.
 */
import { describe, expect, it } from 'vitest';
import { afterAuthorisation, BANK_REASONS, BANK_STATUSES, isFinalBankStatus, payinStatusOf, UK_OPEN_BANKING_NAME } from './bank-status';
import { searchBanks } from './bank-directory';
import { TEST_USERS } from './test-users';

describe('bank status → pay-in status', () => {
  it('RCVD, ACTC and ACSP are PENDING; ACSC is SUCCESS', () => {
    expect(payinStatusOf('RCVD')).toEqual({ status: 'PENDING' });
    expect(payinStatusOf('ACTC')).toEqual({ status: 'PENDING' });
    expect(payinStatusOf('ACSP')).toEqual({ status: 'PENDING' });
    expect(payinStatusOf('ACSC')).toEqual({ status: 'SUCCESS' });
  });

  it('RJCT follows its reason code', () => {
    expect(payinStatusOf('RJCT', 'AM04')).toMatchObject({ status: 'DECLINED', detailedStatus: 'INSUFFICIENT_FUNDS' });
    expect(payinStatusOf('RJCT', 'AC04')).toMatchObject({ status: 'DECLINED', detailedStatus: 'BANK_ISSUES' });
    expect(payinStatusOf('RJCT', 'AG01')).toMatchObject({ status: 'DECLINED', detailedStatus: 'TRANSACTION_NOT_ALLOWED' });
    expect(payinStatusOf('RJCT', 'MS02')).toMatchObject({ status: 'DECLINED', detailedStatus: 'CUSTOMER_CANCELLED' });
    expect(payinStatusOf('RJCT', 'AB03')).toMatchObject({ status: 'TIMEOUT', detailedStatus: 'TRANSACTION_TIMEOUT' });
    expect(payinStatusOf('RJCT')).toMatchObject({ status: 'DECLINED', detailedStatus: 'GENERAL_DECLINE' });
    for (const reason of BANK_REASONS) expect(payinStatusOf('RJCT', reason).reason).toContain(reason);
  });

  it('only ACSC and RJCT are final; every status has its UK Open Banking name', () => {
    expect(BANK_STATUSES.filter(isFinalBankStatus)).toEqual(['ACSC', 'RJCT']);
    expect(UK_OPEN_BANKING_NAME.ACSP).toBe('AcceptedSettlementInProcess');
    expect(Object.keys(UK_OPEN_BANKING_NAME).sort()).toEqual([...BANK_STATUSES].sort());
  });

  it('after authorisation, each test user gets what their name says', () => {
    const outcome = (username: string, key = 'current') => {
      const account = TEST_USERS.find((u) => u.username === username)!.accounts.find((a) => a.key === key)!;
      return afterAuthorisation(account.outcome);
    };
    expect(outcome('pays')).toEqual({ status: 'ACSC' });
    expect(outcome('pays', 'savings')).toEqual({ status: 'RJCT', reason: 'AG01' });
    expect(outcome('no-funds')).toEqual({ status: 'RJCT', reason: 'AM04' });
    expect(outcome('rejects')).toEqual({ status: 'RJCT', reason: 'MS02' });
    expect(outcome('closed')).toEqual({ status: 'RJCT', reason: 'AC04' });
    expect(outcome('pending')).toMatchObject({ status: 'ACSP', later: { status: 'ACSC' } });
    expect(outcome('timeout')).toMatchObject({ status: 'ACSP', later: { status: 'RJCT', reason: 'AB03' } });
  });
});

describe('the bank chooser', () => {
  it("lists the customer's country's banks by name, the last used first", () => {
    expect(searchBanks({ country: 'se' }).map((b) => b.id)).toEqual(['se-gota', 'se-malar', 'se-norrland']);
    expect(searchBanks({ country: 'SE', lastUsedId: 'se-norrland' }).map((b) => b.id)).toEqual(['se-norrland', 'se-gota', 'se-malar']);
  });

  it('keeps a last used bank of another country, lists every bank for a country it does not serve, and searches without accents', () => {
    expect(searchBanks({ country: 'GB', lastUsedId: 'de-hanse' })[0]!.id).toBe('de-hanse');
    expect(searchBanks({ country: 'US' }).length).toBe(18);
    expect(searchBanks({ country: 'SE', query: 'gota' }).map((b) => b.id)).toEqual(['se-gota']);
    expect(searchBanks({ query: 'BANK' }).length).toBeGreaterThan(3);
    expect(searchBanks({ country: 'FI', query: 'nothing like it' })).toEqual([]);
  });
});
