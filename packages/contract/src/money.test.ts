import { describe, expect, it } from 'vitest';
import { convertMinor, decimalAmount, formatMinor, isKnownCurrency, minorUnits, toMajor, toMinor } from './money';

describe('ISO 4217 amounts', () => {
  it('knows the minor units', () => {
    expect([minorUnits('EUR'), minorUnits('JPY'), minorUnits('BHD'), minorUnits('KWD'), minorUnits('CLF')]).toEqual([2, 0, 3, 3, 4]);
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
  });

  it('converts major to minor units and refuses extra decimals', () => {
    expect(toMinor(10.5, 'EUR')).toBe(1050);
    // Exact: what JSON carried is refused when it has more decimals, never rounded.
    expect(toMinor(0.1 + 0.2, 'EUR')).toBeNull();
    expect(toMinor(0.3, 'EUR')).toBe(30);
    expect(toMinor(123456789012.345, 'EUR')).toBeNull();
    expect(toMinor(123456789012.34, 'EUR')).toBe(12345678901234);
    expect(toMinor(1e-7, 'EUR')).toBeNull();
    expect(toMinor(1e21, 'EUR')).toBeNull();
    expect(toMinor(-2.5, 'EUR')).toBe(-250);
    expect(toMinor(10.001, 'EUR')).toBeNull();
    expect(toMinor(10.5, 'JPY')).toBeNull();
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMajor(1050, 'EUR')).toBe(10.5);
    expect(toMajor(1234, 'KWD')).toBe(1.234);
  });

  it('converts through the rates to EUR, rounded to the target minor units', () => {
    const rates = { EUR: 1, USD: 0.92, JPY: 0.0061, KWD: 2.98 };
    expect(convertMinor(10000, 'USD', 'EUR', rates)).toBe(9200);
    expect(convertMinor(10000, 'JPY', 'EUR', rates)).toBe(6100);
    expect(convertMinor(1000, 'KWD', 'EUR', rates)).toBe(298);
    expect(() => convertMinor(1, 'GBP', 'EUR', rates)).toThrow();
  });

  it('formats for the locale', () => {
    expect(formatMinor(2550, 'EUR', 'en')).toBe('€25.50');
    expect(formatMinor(1000, 'JPY', 'en')).toBe('¥1,000');
  });

  it('amounts are decimal strings in the currency’s minor units (ISO 4217)', () => {
    expect(decimalAmount(2550, 'EUR')).toBe('25.50');
    expect(decimalAmount(5, 'EUR')).toBe('0.05');
    expect(decimalAmount(2500, 'JPY')).toBe('2500');
    expect(decimalAmount(1250, 'KWD')).toBe('1.250');
  });
});
