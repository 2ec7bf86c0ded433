/** The CPR number (cpr.ts): formats, the birth date and its century, the masked form, the customer's `kyc`. */
import { describe, expect, it } from 'vitest';
import { cprBirthDate, cprOfKyc, maskCpr, normaliseCpr, parseCpr } from './cpr';

describe('CPR', () => {
  it('takes DDMMYY-SSSS and ten bare digits, nothing else', () => {
    expect(normaliseCpr(' 010180-1010 ')).toBe('0101801010');
    expect(normaliseCpr('0101801010')).toBe('0101801010');
    expect(normaliseCpr('01018-01010')).toBeNull();
    expect(normaliseCpr('010180 1010')).toBeNull();
    expect(normaliseCpr('01018010101')).toBeNull();
  });

  it('reads the century from the first serial digit (the CPR office table)', () => {
    expect(cprBirthDate('0101801010')).toBe('1980-01-01');
    expect(cprBirthDate('0101104010')).toBe('2010-01-01');
    expect(cprBirthDate('0101504010')).toBe('1950-01-01');
    expect(cprBirthDate('0101205010')).toBe('2020-01-01');
    expect(cprBirthDate('0101605010')).toBe('1860-01-01');
    expect(cprBirthDate('0101379010')).toBe('1937-01-01');
  });

  it('refuses a date the calendar does not have; no modulo-11 check (given up in 2007)', () => {
    expect(parseCpr('310280-1010')).toBeNull();
    expect(parseCpr('290200-4010')).toBe('2902004010');
    expect(parseCpr('290201-4010')).toBeNull();
    expect(parseCpr('020280-2021')).toBe('0202802021');
  });

  it('masks all but the last two digits', () => {
    expect(maskCpr('010180-1010')).toBe('******-**10');
    expect(maskCpr('0101801010')).not.toContain('0101');
  });

  it("reads a customer's kyc: idType CPR, idCountry DK or left out", () => {
    expect(cprOfKyc({ idType: 'cpr', idNumber: '010180-1010', idCountry: 'DK' })).toBe('0101801010');
    expect(cprOfKyc({ idType: 'CPR', idNumber: '0101801010' })).toBe('0101801010');
    expect(cprOfKyc({ idType: 'CPR', idNumber: '010180-1010', idCountry: 'SE' })).toBeNull();
    expect(cprOfKyc({ idType: 'PASSPORT', idNumber: '010180-1010', idCountry: 'DK' })).toBeNull();
    expect(cprOfKyc(undefined)).toBeNull();
  });
});
