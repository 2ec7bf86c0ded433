import { describe, expect, it } from 'vitest';
import { cpfOfKyc, formatCpf, isCpfKyc, isValidCpf, maskCpf, normaliseCpf, parseCpf } from './cpf';

describe('CPF', () => {
  it('accepts a valid CPF formatted or bare, with spaces around', () => {
    expect(parseCpf('529.982.247-25')).toBe('52998224725');
    expect(parseCpf('52998224725')).toBe('52998224725');
    expect(parseCpf(' 529.982.247-25 ')).toBe('52998224725');
    // Check digits of 0 (a remainder of 10 counts as 0) and others.
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('935.411.347-80')).toBe(true);
  });

  it('refuses a wrong check digit, either of them', () => {
    expect(parseCpf('529.982.247-24')).toBeNull();
    expect(parseCpf('529.982.247-35')).toBeNull();
    expect(parseCpf('52998224752')).toBeNull();
  });

  it('refuses one repeated digit, though its check digits add up', () => {
    for (let d = 0; d <= 9; d++) expect(parseCpf(String(d).repeat(11))).toBeNull();
    expect(parseCpf('111.111.111-11')).toBeNull();
  });

  it('refuses what is not 11 digits or has separators misplaced', () => {
    for (const bad of [
      '',
      '5299822472',
      '529982247250',
      '529.982.24725',
      '529-982-247.25',
      '529 982 247 25',
      'abc.def.ghi-jk',
      '５２９９８２２４７２５',
    ])
      expect(normaliseCpf(bad)).toBeNull();
  });

  it('formats and masks', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25')).toBe('***.***.*47-**');
    expect(maskCpf('52998224725')).not.toContain('982');
    expect(maskCpf('12')).toBe('***.***.***-**');
  });

  it("reads the customer's kyc: idType CPF, idCountry BR or left out", () => {
    expect(cpfOfKyc({ idType: 'CPF', idNumber: '529.982.247-25', idCountry: 'BR' })).toBe('52998224725');
    expect(cpfOfKyc({ idType: 'cpf', idNumber: '52998224725' })).toBe('52998224725');
    expect(cpfOfKyc({ idType: 'CPF', idNumber: '529.982.247-24', idCountry: 'BR' })).toBeNull();
    expect(cpfOfKyc({ idType: 'PASSPORT', idNumber: '52998224725', idCountry: 'BR' })).toBeNull();
    expect(isCpfKyc({ idType: 'CPF', idCountry: 'PT' })).toBe(false);
    expect(cpfOfKyc(undefined)).toBeNull();
  });
});
