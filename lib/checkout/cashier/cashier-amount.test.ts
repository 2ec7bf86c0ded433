/** The cashier's amounts as customers of each language type them, and the amount rules. */
import { describe, expect, it } from 'vitest';
import { checkAmount, formatAmountInput, parseAmount } from './cashier-amount';

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
