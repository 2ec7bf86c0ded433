import { describe, expect, it } from 'vitest';
import { isLimitProblem, planLimits } from './limit-changes';
import { documentProblem, effectiveMonthlyCeiling, LIMIT_RAISE_DOCUMENT_MAX_BYTES, LimitRaiseDecision } from './limit-raise';
import { RULES } from './regulators';

const ggl = RULES.GGL;
const now = new Date('2026-11-29T12:00:00Z');
const plan = (ceiling: number | undefined) => planLimits({ month: 1000_00 }, {}, { month: 4000_00 }, ggl, now, ceiling);

describe('the GGL ceiling and its raise (GlüStV 2021 §6c(1))', () => {
  it('stays EUR 1,000 without an approval: a pending or declined request changes nothing', () => {
    expect(effectiveMonthlyCeiling(ggl.monthlyCeiling, undefined)).toEqual({ currency: 'EUR', minor: 1000_00 });
    const ceiling = effectiveMonthlyCeiling(ggl.monthlyCeiling, undefined)?.minor;
    expect(plan(ceiling)).toEqual({ problem: 'ceiling', period: 'month', ceilingMinor: 1000_00 });
  });

  it('is the approved ceiling once approved, and a raise up to it waits the 7 days of any raise', () => {
    const ceiling = effectiveMonthlyCeiling(ggl.monthlyCeiling, { currency: 'EUR', minor: 4000_00 })?.minor;
    expect(ceiling).toBe(4000_00);
    const raised = plan(ceiling);
    if (isLimitProblem(raised)) throw new Error('planned a problem');
    expect(raised.limits).toEqual({ month: 1000_00 });
    expect(raised.pending.month).toEqual({ limit: 4000_00, effectiveAt: '2026-12-06T12:00:00.000Z' });
    expect(planLimits({ month: 1000_00 }, {}, { month: 4000_01 }, ggl, now, ceiling)).toMatchObject({ problem: 'ceiling' });
  });

  it('never lowers the rules’ ceiling, needs the rules’ currency, and is nothing where the rules have none', () => {
    expect(effectiveMonthlyCeiling(ggl.monthlyCeiling, { currency: 'EUR', minor: 500_00 })?.minor).toBe(1000_00);
    expect(effectiveMonthlyCeiling(ggl.monthlyCeiling, { currency: 'GBP', minor: 5000_00 })?.minor).toBe(1000_00);
    expect(effectiveMonthlyCeiling(undefined, { currency: 'EUR', minor: 5000_00 })).toBeUndefined();
  });

  it('the merchant approves a ceiling of at most EUR 30,000 or declines with a reason', () => {
    expect(LimitRaiseDecision.safeParse({ status: 'approved', ceiling: 30_000 }).success).toBe(true);
    expect(LimitRaiseDecision.safeParse({ status: 'approved', ceiling: 30_000.01 }).success).toBe(false);
    expect(LimitRaiseDecision.safeParse({ status: 'declined', reason: '  ' }).success).toBe(false);
    expect(LimitRaiseDecision.safeParse({ status: 'declined' }).success).toBe(false);
  });
});

describe('documentProblem', () => {
  it('accepts PDF, JPEG and PNG by their first bytes up to 5 MiB, and nothing else', () => {
    expect(documentProblem(Buffer.from('%PDF-1.4 …'), 'application/pdf')).toBeNull();
    expect(documentProblem(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/jpeg')).toBeNull();
    expect(documentProblem(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png')).toBeNull();
    expect(documentProblem(Buffer.from('%PDF-1.4'), 'image/png')).toBe('type');
    expect(documentProblem(Buffer.from('<html>'), 'application/pdf')).toBe('type');
    expect(documentProblem(Buffer.from('%PDF-'), 'text/html')).toBe('type');
    expect(documentProblem(new Uint8Array(0), 'application/pdf')).toBe('empty');
    const big = Buffer.alloc(LIMIT_RAISE_DOCUMENT_MAX_BYTES + 1);
    big.write('%PDF-');
    expect(documentProblem(big, 'application/pdf')).toBe('tooLarge');
  });
});
