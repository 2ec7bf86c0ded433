/**
 * Limits required before the first deposit, each period or one of them (regulators.ts
 * `missingRequired`, limit-changes.ts `planLimits`): Sweden asks all three, Germany the month,
 * Denmark (BEK 1274/2019 § 21) and Brazil one of day, week or month; where licences combine,
 * one suffices only if every licence requiring limits says so.
 */
import { describe, expect, it } from 'vitest';
import { missingRequired, rulesInForce } from './regulators';
import { isLimitProblem, planLimits } from './limit-changes';

const now = new Date('2026-11-29T12:00:00Z');
const has =
  (...periods: string[]) =>
  (p: string) =>
    periods.includes(p);

describe('required limits', () => {
  it('Denmark and Brazil: one of day, week or month; Sweden: each; combined with Sweden: each', () => {
    const dk = rulesInForce(['SPILLEMYNDIGHEDEN']);
    expect(dk).toMatchObject({ limitsBeforeFirstDeposit: 'required', requiredPeriods: ['day', 'week', 'month'], requiredOneOf: true });
    expect(missingRequired(dk, has('week'))).toBeNull();
    expect(missingRequired(dk, has())).toBe('day');
    expect(rulesInForce(['SPA_MF']).requiredOneOf).toBe(true);
    const se = rulesInForce(['SPELINSPEKTIONEN']);
    expect(se.requiredOneOf).toBeUndefined();
    expect(missingRequired(se, has('day', 'month'))).toBe('week');
    expect(rulesInForce(['SPILLEMYNDIGHEDEN', 'SPELINSPEKTIONEN']).requiredOneOf).toBeUndefined();
    expect(rulesInForce(['SPILLEMYNDIGHEDEN', 'UKGC']).requiredOneOf).toBe(true);
    expect(missingRequired(rulesInForce(['UKGC']), has())).toBeNull();
  });

  it('planLimits under Denmark: one limit answers; the last one cannot be removed, one of two can', () => {
    const dk = rulesInForce(['SPILLEMYNDIGHEDEN']);
    const first = planLimits({}, {}, { month: 100_000 }, dk, now);
    expect(isLimitProblem(first)).toBe(false);
    expect(planLimits({}, {}, {}, dk, now)).toEqual({ problem: 'required', period: 'day' });
    expect(planLimits({ month: 100_000 }, {}, { month: null }, dk, now)).toEqual({ problem: 'required', period: 'day' });
    const removal = planLimits({ month: 100_000, day: 5_000 }, {}, { month: null }, dk, now);
    expect(isLimitProblem(removal)).toBe(false);
    // Sweden: a month alone does not answer, and no required period is removed.
    const se = rulesInForce(['SPELINSPEKTIONEN']);
    expect(planLimits({}, {}, { month: 100_000 }, se, now)).toEqual({ problem: 'required', period: 'day' });
    expect(planLimits({ day: 1, week: 2, month: 3 }, {}, { week: null }, se, now)).toEqual({ problem: 'required', period: 'week' });
  });
});
