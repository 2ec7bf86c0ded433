/**
 * The rules table of the regulated cashier (docs/design.md, section 8) as pure functions: which
 * licences cover a customer, their strictest combination, the cooling-off per period, and the plan of a change of
 * limits (lower at once, higher after the wait, confirmation where asked, required periods, the
 * monthly ceiling), with integer minor units.
 */
import { describe, expect, it } from 'vitest';
import { applicableRegulators, coolingOffHours, RULES, rulesInForce, UNREGULATED } from './regulators';
import { confirmReady, isLimitProblem, limitsAt, planLimits } from './limit-changes';

const NOW = new Date('2026-11-25T12:00:00Z');
const hoursAfter = (iso: string) => (new Date(iso).getTime() - NOW.getTime()) / 3600_000;

describe('the licences that cover a customer', () => {
  const all = ['UKGC', 'AGCO', 'MGA', 'SPELINSPEKTIONEN', 'GGL'] as const;
  it('are the national one, Ontario by province code or name, else MGA, else every licence named', () => {
    expect(applicableRegulators(all, 'GB')).toEqual(['UKGC']);
    expect(applicableRegulators(all, 'ca', 'CA-ON')).toEqual(['AGCO']);
    expect(applicableRegulators(all, 'CA', ' ontario ')).toEqual(['AGCO']);
    expect(applicableRegulators(all, 'CA', 'BC')).toEqual(['MGA']);
    expect(applicableRegulators(['UKGC', 'GGL'], 'FR')).toEqual(['UKGC', 'GGL']);
    expect(applicableRegulators([], 'GB')).toEqual([]);
  });

  it('combine at their strictest', () => {
    const both = rulesInForce(['UKGC', 'GGL']);
    expect(both).toMatchObject({
      limitsBeforeFirstDeposit: 'required',
      requiredPeriods: ['month'],
      coolingOffHours: 168,
      confirmAfterCoolingOff: true,
      withdrawalReversal: false,
      monthlyCeiling: RULES.GGL.monthlyCeiling,
    });
    expect(rulesInForce([])).toBe(UNREGULATED);
  });

  it('let a raise wait the period too in Sweden', () => {
    const se = rulesInForce(['SPELINSPEKTIONEN']);
    expect([coolingOffHours(se, 'day'), coolingOffHours(se, 'week'), coolingOffHours(se, 'month')]).toEqual([72, 168, 720]);
    expect(coolingOffHours(rulesInForce(['UKGC']), 'month')).toBe(24);
  });
});

describe('a change of limits', () => {
  const uk = rulesInForce(['UKGC']);
  it('lowers or sets at once and lets a raise or a removal wait', () => {
    const plan = planLimits({ day: 10_000, week: 50_000 }, {}, { day: 5_000, week: 80_000, month: 100_000 }, uk, NOW);
    if (isLimitProblem(plan)) throw new Error('a problem');
    expect(plan.limits).toEqual({ day: 5_000, week: 50_000, month: 100_000 });
    expect(plan.pending.week).toMatchObject({ limit: 80_000, confirm: true });
    expect(hoursAfter(plan.pending.week!.effectiveAt)).toBe(24);
    const removal = planLimits({ day: 10_000 }, {}, { day: null }, uk, NOW);
    expect(!isLimitProblem(removal) && removal.pending.day?.limit).toBeNull();
  });

  it('asks the confirmation after the wait where the rules do, and applies by itself elsewhere', () => {
    const pending = { day: { limit: 20_000, effectiveAt: '2026-11-25T11:00:00Z', confirm: true } };
    const waited = limitsAt({ day: 10_000 }, pending, NOW);
    expect(waited).toMatchObject({ limits: { day: 10_000 }, ready: pending });
    expect(confirmReady(waited.limits, waited.ready)).toEqual({ day: 20_000 });
    expect(limitsAt({ day: 10_000 }, { day: { limit: 20_000, effectiveAt: '2026-11-25T11:00:00Z' } }, NOW).limits).toEqual({ day: 20_000 });
    expect(limitsAt({ day: 10_000 }, { day: { limit: null, effectiveAt: '2026-11-25T13:00:00Z' } }, NOW)).toMatchObject({
      limits: { day: 10_000 },
      waiting: { day: { limit: null } },
    });
  });

  it('refuses a required period left empty and a monthly limit above the ceiling', () => {
    const de = rulesInForce(['GGL']);
    expect(planLimits({}, {}, { day: 1_000 }, de, NOW)).toEqual({ problem: 'required', period: 'month' });
    expect(planLimits({ month: 50_000 }, {}, { month: null }, de, NOW)).toEqual({ problem: 'required', period: 'month' });
    expect(planLimits({}, {}, { month: 100_001 }, de, NOW, 100_000)).toEqual({
      problem: 'ceiling',
      period: 'month',
      ceilingMinor: 100_000,
    });
    expect(isLimitProblem(planLimits({}, {}, { month: 100_000 }, de, NOW, 100_000))).toBe(false);
  });
});
