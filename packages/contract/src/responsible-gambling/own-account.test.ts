/**
 * Brazil's payment-step rules (Portaria SPA/MF 615/2024, DOU 18/04/2024; docs/design.md, section
 * 8, "funding" and "own-name account"): cards only debit or prepaid (CREDIT and UNKNOWN refused),
 * APMs only Pix and TED, a transfer's payer the customer by CPF.
 */
import { describe, expect, it } from 'vitest';
import { RULES, rulesForCustomer } from './regulators';
import { fundingRefusalAt, refusedFundingTypesAt } from './refused-funding';
import { combineOwnAccountDeposits, ownAccountDepositsAt, payerIsCustomer, refusedApms } from './own-account';

const LICENCES = ['UKGC', 'MGA', 'SPA_MF'] as const;
// 17 April 2024 23:59 and 18 April 2024 00:00 in São Paulo (UTC−3).
const BEFORE = new Date('2024-04-18T02:59:00Z');
const FROM = new Date('2024-04-18T03:00:00Z');
const NOW = new Date('2026-11-29T12:00:00Z');
const APMS = ['card', 'bank-transfer', 'ewallet', 'pix', 'crypto', 'bank', 'boleto'];
const CPF = { idType: 'CPF', idNumber: '529.982.247-25', idCountry: 'BR' };

describe("Brazil's payment step (SPA/MF)", () => {
  const br = rulesForCustomer([...LICENCES], 'BR');

  it('refuses credit cards and cards of unknown funding, from 18 April 2024 in São Paulo', () => {
    expect(refusedFundingTypesAt(br, undefined, BEFORE)).toEqual([]);
    expect(refusedFundingTypesAt(br, undefined, FROM)).toEqual(['CREDIT', 'UNKNOWN']);
    expect(fundingRefusalAt(br, ['CREDIT'], 'CREDIT', NOW)).toEqual({ by: 'RULES', regulator: 'SPA_MF' });
    expect(fundingRefusalAt(br, undefined, 'UNKNOWN', NOW)).toEqual({ by: 'RULES', regulator: 'SPA_MF' });
    expect(fundingRefusalAt(br, undefined, 'DEBIT', NOW)).toBeNull();
    expect(fundingRefusalAt(br, undefined, 'PREPAID', NOW)).toBeNull();
  });

  it('offers only Pix and TED among APMs, to Brazilian customers only', () => {
    expect(refusedApms(br, APMS, BEFORE)).toEqual([]);
    expect(refusedApms(br, APMS, NOW)).toEqual(['ewallet', 'crypto', 'bank', 'boleto']);
    expect(ownAccountDepositsAt(br, NOW)).toMatchObject({ regulator: 'SPA_MF', payerId: 'CPF' });
    expect(refusedApms(rulesForCustomer([...LICENCES], 'GB'), APMS, NOW)).toEqual([]);
    expect(refusedApms(rulesForCustomer([...LICENCES], 'PT'), APMS, NOW)).toEqual([]);
    expect(RULES.SPA_MF.ownAccountDeposits?.methods).toEqual(['pix', 'bank-transfer']);
  });

  it('combines licences: the methods every one allows', () => {
    const rule = { methods: ['pix', 'bank-transfer'], payerId: 'CPF' as const, from: '2024-04-18', timeZone: 'America/Sao_Paulo' };
    expect(
      combineOwnAccountDeposits([
        ['SPA_MF', rule],
        ['MGA', undefined],
        ['UKGC', { ...rule, methods: ['pix'] }],
      ]),
    ).toMatchObject({
      regulator: 'SPA_MF',
      methods: ['pix'],
    });
    expect(combineOwnAccountDeposits([['MGA', undefined]])).toBeUndefined();
  });

  it("knows the payer by the customer's CPF, formatted or bare; a payer not shown to be the customer is not", () => {
    expect(payerIsCustomer(CPF, '52998224725')).toBe(true);
    expect(payerIsCustomer({ ...CPF, idNumber: '52998224725' }, '529.982.247-25')).toBe(true);
    expect(payerIsCustomer(CPF, '111.444.777-35')).toBe(false);
    expect(payerIsCustomer(CPF, '529.982.247-24')).toBe(false);
    expect(payerIsCustomer(CPF, undefined)).toBe(false);
    expect(payerIsCustomer(undefined, '52998224725')).toBe(false);
    expect(payerIsCustomer({ idType: 'PASSPORT', idNumber: '52998224725' }, '52998224725')).toBe(false);
  });
});
