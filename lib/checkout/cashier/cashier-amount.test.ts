/** The cashier's amounts as customers of each language type them, and the amount rules. */
import { describe, expect, it } from 'vitest';
import { checkAmount, checkedAmount, formatAmountInput, offeredPresets, parseAmount } from './cashier-amount';

describe('parseAmount per locale', () => {
  it.each([
    ['en', '1,000', 1000],
    ['en', '1,000.50', 1000.5],
    ['en', '25.5', 25.5],
    ['en', '1 000.50', 1000.5],
    ['de', '1.000,50', 1000.5],
    ['de', '1,000', 1],
    ['de', '25,50', 25.5],
    ['fr', '1\u202f000,50', 1000.5],
    ['fr', '1 000,5', 1000.5],
    ['hi', '1,00,000', 100000],
    ['ja', '1,000', 1000],
    ['ar', '١٬٠٠٠٫٥٠', 1000.5],
    ['ar', '1000.50', 1000.5],
    ['pt-BR', '1.234,56', 1234.56],
    ['ru', '1\u00a0234,56', 1234.56],
  ])('%s reads %j as %d', (locale, raw, value) => {
    expect(parseAmount(raw, locale)).toBe(value);
  });

  it.each([
    ['en', '10,5'],
    ['en', '1,00'],
    ['en', '1.000.000'],
    ['de', '25.50'],
    ['de', '1,000,5'],
    ['en', '12a'],
    ['en', '-5'],
    ['en', '1e3'],
    ['en', '.'],
    ['en', `1${'0'.repeat(40)}`],
  ])('%s refuses %j (a clear message, never a guess)', (locale, raw) => {
    expect(parseAmount(raw, locale)).toBeNull();
  });

  it('formats preset amounts as the customer of the locale would type them', () => {
    expect(formatAmountInput(12.5, 'de')).toBe('12,5');
    expect(formatAmountInput(10000, 'en')).toBe('10000');
    expect(formatAmountInput(12.5, 'ar')).toBe('12.5');
    for (const locale of ['en', 'de', 'fr', 'hi', 'ar', 'ja']) expect(parseAmount(formatAmountInput(1234.5, locale), locale)).toBe(1234.5);
  });
});

describe('checkAmount', () => {
  it('applies the currency’s minor units and the available balance', () => {
    expect(checkAmount('', 'EUR', 'deposit', null, 'en')).toBe('required');
    expect(checkAmount('10,5', 'EUR', 'deposit', null, 'en')).toBe('invalid');
    expect(checkAmount('10,5', 'EUR', 'deposit', null, 'de')).toBeNull();
    expect(checkAmount('10.555', 'EUR', 'deposit', null, 'en')).toBe('tooManyDecimals');
    expect(checkAmount('1.5', 'JPY', 'deposit', null, 'en')).toBe('tooManyDecimals');
    expect(checkAmount('0', 'EUR', 'deposit', null, 'en')).toBe('notPositive');
    expect(checkAmount('1,000', 'EUR', 'withdraw', 999.99, 'en')).toBe('aboveBalance');
    expect(checkAmount('1,000', 'EUR', 'withdraw', 999.99, 'de')).toBeNull();
  });
});

describe('checkedAmount: the typed amount in minor units, read once', () => {
  it('answers integer minor units of the currency (ISO 4217), read digit by digit', () => {
    expect(checkedAmount('1.234,56', 'EUR', 'withdraw', 2000, 'de')).toEqual({ minor: 123456 });
    expect(checkedAmount('1,234.5', 'KWD', 'deposit', null, 'en')).toEqual({ minor: 1234500 });
    expect(checkedAmount('1000', 'JPY', 'withdraw', 1000, 'en')).toEqual({ minor: 1000 });
    // Trailing zeros are no decimals: 10.0 yen is 10 yen; zero written with decimals is still zero.
    expect(checkedAmount('10.0', 'JPY', 'deposit', null, 'en')).toEqual({ minor: 10 });
    expect(checkAmount('0.000', 'EUR', 'deposit', null, 'en')).toBe('notPositive');
    expect(checkAmount('0.001', 'EUR', 'deposit', null, 'en')).toBe('tooManyDecimals');
  });

  it('calls an amount too large to carry exactly not an amount, never one with too many decimals', () => {
    expect(checkAmount('99999999999999999', 'EUR', 'deposit', null, 'en')).toBe('invalid');
    expect(checkAmount('12345678901234567890', 'JPY', 'withdraw', null, 'en')).toBe('invalid');
  });

  it('compares the bounds and the balance in minor units: up to them exactly, one minor unit above refused', () => {
    const rules = { min: 10, max: 500.5, limitRemaining: 300.25 };
    expect(checkAmount('9.99', 'EUR', 'deposit', null, 'en', rules)).toBe('belowMin');
    expect(checkedAmount('10', 'EUR', 'deposit', null, 'en', rules)).toEqual({ minor: 1000 });
    expect(checkedAmount('300.25', 'EUR', 'deposit', null, 'en', rules)).toEqual({ minor: 30025 });
    expect(checkAmount('300.26', 'EUR', 'deposit', null, 'en', rules)).toBe('aboveLimit');
    expect(checkAmount('500.51', 'EUR', 'withdraw', null, 'en', rules)).toBe('aboveMax');
    expect(checkedAmount('999.99', 'EUR', 'withdraw', 999.99, 'en')).toEqual({ minor: 99999 });
    expect(checkAmount('1000', 'EUR', 'withdraw', 999.99, 'en')).toBe('aboveBalance');
    // A balance the service computed with a floating-point remainder counts to its nearest minor unit.
    expect(checkedAmount('99.9', 'EUR', 'withdraw', 100.1 - 0.2, 'en')).toEqual({ minor: 9990 });
    expect(checkAmount('99.91', 'EUR', 'withdraw', 100.1 - 0.2, 'en')).toBe('aboveBalance');
  });
});

describe('offeredPresets: a withdrawal offers no amount it could not take', () => {
  it('keeps the withdraw presets at most the available balance, compared in minor units', () => {
    expect(offeredPresets([10, 25, 50, 100], 'EUR', 'withdraw', 30)).toEqual([10, 25]);
    expect(offeredPresets([10, 25, 50, 100], 'EUR', 'withdraw', 50)).toEqual([10, 25, 50]);
    // A balance with a floating-point remainder counts to its nearest minor unit: 49.99 takes no 50.
    expect(offeredPresets([25, 50], 'EUR', 'withdraw', 50.1 - 0.11)).toEqual([25]);
    expect(offeredPresets([1000, 5000, 10000], 'JPY', 'withdraw', 5000)).toEqual([1000, 5000]);
    expect(offeredPresets([10, 25], 'EUR', 'withdraw', 0)).toEqual([]);
  });

  it('keeps the merchant bounds of one withdrawal, and offers every preset without a balance', () => {
    expect(offeredPresets([5, 10, 25, 50, 100], 'EUR', 'withdraw', 1000, { min: 10, max: 50 })).toEqual([10, 25, 50]);
    expect(offeredPresets([10, 25, 50, 100], 'EUR', 'withdraw', null)).toEqual([10, 25, 50, 100]);
  });

  it('never offers a preset with more decimals than the currency has', () => {
    expect(offeredPresets([5.5, 10], 'JPY', 'withdraw', 100)).toEqual([10]);
  });

  it("leaves a deposit's presets as the merchant set them", () => {
    expect(offeredPresets([10, 25, 50, 100], 'EUR', 'deposit', 30)).toEqual([10, 25, 50, 100]);
  });
});
