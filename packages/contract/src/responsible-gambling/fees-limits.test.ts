/**
 * Fees and limits of the cashier: fees in integer minor units of each currency (0, 2 and 3
 * decimals), half-up rounding, no drift on large or repeated amounts; deposit limits per rolling
 * day, week and month.
 */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money';
import { feeBreakdown, feeMinor, findFeeRule } from '../fees';
import { amountBounds, amountBoundsMinor, depositRoom, exceededPeriod } from './limits';

const rule = (
  currency: string,
  fixedMinor: number,
  basisPoints: number,
  method = 'card',
  direction: 'deposit' | 'withdrawal' = 'deposit',
) => ({ method, direction, currency, fixedMinor, basisPoints });

describe('fees', () => {
  it('adds the fixed part and the percentage in minor units of each currency', () => {
    // EUR (2 decimals): 100.00 at 1.5 % + 0.30 = 1.80
    expect(feeMinor(rule('EUR', 30, 150), toMinor(100, 'EUR')!)).toBe(180);
    // JPY (0 decimals): 10 000 at 2.5 % + 50 = 300
    expect(feeMinor(rule('JPY', 50, 250), toMinor(10_000, 'JPY')!)).toBe(300);
    // KWD (3 decimals): 12.345 at 1 % = 0.123 (0.12345 rounds down)
    expect(feeMinor(rule('KWD', 0, 100), toMinor(12.345, 'KWD')!)).toBe(123);
  });

  it('rounds the percentage half up, once', () => {
    expect(feeMinor(rule('EUR', 0, 50), 1)).toBe(0); // 0.005 of a cent
    expect(feeMinor(rule('EUR', 0, 5000), 1)).toBe(1); // exactly half a cent: up
    expect(feeMinor(rule('EUR', 0, 150), 33)).toBe(0); // 0.495
    expect(feeMinor(rule('EUR', 0, 150), 34)).toBe(1); // 0.51
  });

  it('does not drift: the fee of a sum is within one minor unit per part of the sum of fees, at any size', () => {
    const r = rule('EUR', 0, 175);
    let sum = 0;
    for (let i = 1; i <= 1000; i += 1) sum += feeMinor(r, 1999);
    expect(Math.abs(feeMinor(r, 1999 * 1000) - sum)).toBeLessThanOrEqual(1000);
    // 10^13 minor units at 99.99 %: exact in integers (a float product would lose the units).
    expect(feeMinor(rule('EUR', 0, 9999), 10_000_000_000_000)).toBe(9_999_000_000_000);
    expect(feeMinor(rule('EUR', 7, 1), 9_007_199_254_740_991)).toBe(7 + 900_719_925_474);
    expect(() => feeMinor(r, 0.5)).toThrow(RangeError);
  });

  it('finds the exact method, then `apm` for an APM; a card has no `apm` fallback', () => {
    const rules = [
      rule('EUR', 30, 150),
      rule('EUR', 0, 100, 'apm'),
      rule('EUR', 0, 200, 'ewallet'),
      rule('EUR', 100, 0, 'card', 'withdrawal'),
    ];
    expect(findFeeRule(rules, 'card', 'deposit', 'EUR')?.basisPoints).toBe(150);
    expect(findFeeRule(rules, 'ewallet', 'deposit', 'EUR')?.basisPoints).toBe(200);
    expect(findFeeRule(rules, 'pix', 'deposit', 'EUR')?.basisPoints).toBe(100);
    expect(findFeeRule(rules, 'card', 'deposit', 'USD')).toBeNull();
    expect(findFeeRule(rules.slice(1), 'card', 'deposit', 'EUR')).toBeNull();
    expect(findFeeRule(rules, undefined, 'deposit', 'EUR')).toBeNull();
  });

  it('a deposit adds the fee to the total; a withdrawal takes it from what is received', () => {
    expect(feeBreakdown(rule('EUR', 30, 150), 10_000, 'deposit')).toEqual({ fee: 180, total: 10_180, received: 10_000 });
    expect(feeBreakdown(rule('EUR', 100, 0, 'card', 'withdrawal'), 5_000, 'withdrawal')).toEqual({
      fee: 100,
      total: 5_000,
      received: 4_900,
    });
    expect(feeBreakdown(rule('EUR', 100, 0, 'card', 'withdrawal'), 50, 'withdrawal').received).toBe(0);
    expect(feeBreakdown(null, 5_000, 'deposit')).toEqual({ fee: 0, total: 5_000, received: 5_000 });
  });
});

describe('deposit limits per period', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
  const deposits = [
    { amountMinor: 3_000, at: hoursAgo(1) },
    { amountMinor: 2_000, at: hoursAgo(23.9) },
    { amountMinor: 4_000, at: hoursAgo(24.1) }, // yesterday: week and month only
    { amountMinor: 10_000, at: hoursAgo(24 * 8) }, // month only
    { amountMinor: 99_999, at: hoursAgo(24 * 31) }, // none
  ];

  it('counts each rolling window on its own', () => {
    expect(depositRoom({ day: 10_000, week: 10_000, month: 50_000 }, deposits, now)).toEqual({
      day: { limit: 10_000, remaining: 5_000 },
      week: { limit: 10_000, remaining: 1_000 },
      month: { limit: 50_000, remaining: 31_000 },
    });
  });

  it('never answers below zero, and only the periods that have a limit', () => {
    expect(depositRoom({ week: 5_000 }, deposits, now)).toEqual({ week: { limit: 5_000, remaining: 0 } });
    expect(depositRoom({}, deposits, now)).toEqual({});
  });

  it('names the first period a deposit would pass', () => {
    const room = depositRoom({ day: 10_000, week: 10_000 }, deposits, now);
    expect(exceededPeriod(room, 1_000)).toBeNull();
    expect(exceededPeriod(room, 1_001)).toEqual({ period: 'week', limit: 10_000, remaining: 1_000 });
    expect(exceededPeriod(depositRoom({ day: 4_000 }, deposits, now), 1)).toEqual({ period: 'day', limit: 4_000, remaining: 0 });
  });

  it("reads the merchant's bounds per currency and direction", () => {
    const limits = { EUR: { depositMin: 10, depositMax: 5000, withdrawalMin: 20 } };
    expect(amountBounds(limits, 'EUR', 'deposit')).toEqual({ min: 10, max: 5000 });
    expect(amountBounds(limits, 'EUR', 'withdrawal')).toEqual({ min: 20, max: undefined });
    expect(amountBounds(limits, 'USD', 'deposit')).toEqual({});
  });

  it("answers the merchant's bounds in minor units of the currency, leaving out one the currency cannot hold", () => {
    const limits = { EUR: { depositMin: 10.5, depositMax: 5000, withdrawalMin: 20.005 }, JPY: { depositMin: 500, depositMax: 0.5 } };
    expect(amountBoundsMinor(limits, 'EUR', 'deposit')).toEqual({ min: 1050, max: 500_000 });
    expect(amountBoundsMinor(limits, 'EUR', 'withdrawal')).toEqual({});
    expect(amountBoundsMinor(limits, 'JPY', 'deposit')).toEqual({ min: 500 });
    expect(amountBoundsMinor(limits, 'USD', 'deposit')).toEqual({});
  });
});
