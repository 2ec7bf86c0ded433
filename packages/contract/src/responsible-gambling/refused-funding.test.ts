/**
 * Sweden's ban on gambling on credit (docs/design.md, section 8, "funding on credit") as pure
 * functions: in force from 1 May 2026, 00:00 in Stockholm, not a minute before; combined with the
 * merchant's own refusals and with other licences' (the union, the earliest day).
 */
import { describe, expect, it } from 'vitest';
import { RULES, rulesForCustomer, rulesInForce } from './regulators';
import {
  banInForce,
  combineRefusedFunding,
  creditMethodsBanAt,
  fundingRefusalAt,
  localDate,
  refusedFundingNow,
  refusedFundingTypesAt,
} from './refused-funding';

// 30 April 2026 23:59 and 1 May 2026 00:00 in Stockholm (CEST, UTC+2).
const BEFORE = new Date('2026-04-30T21:59:00Z');
const FROM = new Date('2026-04-30T22:00:00Z');

describe("Sweden's ban on gambling on credit", () => {
  const se = rulesForCustomer(['UKGC', 'SPELINSPEKTIONEN', 'MGA'], 'SE');

  it('is a rule of Spelinspektionen only, from 1 May 2026 in Stockholm', () => {
    expect(RULES.SPELINSPEKTIONEN.refusedFunding).toEqual({
      fundingTypes: ['CREDIT'],
      creditMethods: true,
      from: '2026-05-01',
      timeZone: 'Europe/Stockholm',
    });
    expect(rulesForCustomer(['UKGC', 'SPELINSPEKTIONEN', 'MGA'], 'GB').refusedFunding).toBeUndefined();
    expect(rulesForCustomer(['UKGC', 'SPELINSPEKTIONEN', 'MGA'], 'FR').refusedFunding).toBeUndefined();
    expect(localDate(BEFORE, 'Europe/Stockholm')).toBe('2026-04-30');
    expect(localDate(FROM, 'Europe/Stockholm')).toBe('2026-05-01');
  });

  it('refuses credit cards from 1 May 00:00 Stockholm, not at 30 April 23:59', () => {
    expect(refusedFundingTypesAt(se, undefined, BEFORE)).toEqual([]);
    expect(refusedFundingTypesAt(se, undefined, FROM)).toEqual(['CREDIT']);
    expect(fundingRefusalAt(se, undefined, 'CREDIT', BEFORE)).toBeNull();
    expect(fundingRefusalAt(se, undefined, 'CREDIT', FROM)).toEqual({ by: 'RULES', regulator: 'SPELINSPEKTIONEN' });
    expect(fundingRefusalAt(se, undefined, 'DEBIT', FROM)).toBeNull();
    expect(fundingRefusalAt(se, undefined, 'UNKNOWN', FROM)).toBeNull();
  });

  it('refuses credit-funded APMs from the same instant', () => {
    expect(creditMethodsBanAt(se, BEFORE)).toBeNull();
    expect(creditMethodsBanAt(se, FROM)).toMatchObject({ regulator: 'SPELINSPEKTIONEN' });
    expect(refusedFundingNow(se, BEFORE)).toBeNull();
    expect(refusedFundingNow(se, FROM)).toEqual({ regulator: 'SPELINSPEKTIONEN', fundingTypes: ['CREDIT'], creditMethods: true });
  });

  it("adds to the merchant's own refusals, and is named before them", () => {
    expect(refusedFundingTypesAt(se, ['PREPAID', 'CREDIT'], BEFORE)).toEqual(['CREDIT', 'PREPAID']);
    expect(refusedFundingTypesAt(se, ['PREPAID'], FROM)).toEqual(['CREDIT', 'PREPAID']);
    expect(fundingRefusalAt(se, ['CREDIT'], 'CREDIT', BEFORE)).toEqual({ by: 'MERCHANT' });
    expect(fundingRefusalAt(se, ['CREDIT'], 'CREDIT', FROM)).toEqual({ by: 'RULES', regulator: 'SPELINSPEKTIONEN' });
    expect(fundingRefusalAt(rulesInForce(['UKGC']), ['CREDIT'], 'CREDIT', FROM)).toEqual({ by: 'MERCHANT' });
  });

  it('combines licences as the union, each funding type from the earliest day any refuses it', () => {
    const combined = combineRefusedFunding([
      ['SPELINSPEKTIONEN', { fundingTypes: ['CREDIT'], creditMethods: true, from: '2026-05-01', timeZone: 'Europe/Stockholm' }],
      ['GGL', undefined],
      // 1 May 00:00 in London is 01:00 in Stockholm: later.
      ['UKGC', { fundingTypes: ['CREDIT', 'PREPAID'], creditMethods: false, from: '2026-05-01', timeZone: 'Europe/London' }],
      // 30 April in Auckland is 29-30 April in Stockholm: earlier.
      ['MGA', { fundingTypes: ['PREPAID'], creditMethods: true, from: '2026-04-30', timeZone: 'Pacific/Auckland' }],
    ]);
    expect(combined?.fundingTypes.CREDIT?.regulator).toBe('SPELINSPEKTIONEN');
    expect(combined?.fundingTypes.PREPAID?.regulator).toBe('MGA');
    expect(combined?.creditMethods?.regulator).toBe('MGA');
    expect(combineRefusedFunding([['GGL', undefined]])).toBeUndefined();
    expect(banInForce({ from: '2026-05-01', timeZone: 'Europe/London' }, FROM)).toBe(false);
  });
});
