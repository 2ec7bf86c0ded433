/**
 * The limit meter's figures (limit-meter.ts): every limit that binds a deposit (each kind and
 * period, the calendar month's net deposit threshold), the one that leaves least, the version that
 * changes with any figure, and when the figures next change by the clock.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CashierSession } from '@hosted-checkout/contract/cashier';

vi.mock('server-only', () => ({}));
const { bindingLimits, limitsVersion, nextLimitChangeAt, tightestLimit } = await import('./limit-meter');

type Rg = NonNullable<CashierSession['responsibleGambling']>;
const session = (rg: Partial<Rg>, depositLimits?: CashierSession['depositLimits']) =>
  ({ depositLimits, responsibleGambling: { pending: [], limitsPrompt: 'NONE', ...rg } as Rg }) as CashierSession;

const NOW = new Date('2026-11-29T12:00:00Z');

describe('the limit meter', () => {
  it('names the limit that leaves least, across kinds, periods and the monthly threshold', () => {
    const s = session(
      {
        room: [
          { kind: 'deposit', period: 'week', limit: 100, remaining: 40 },
          { kind: 'loss', period: 'day', limit: 50, remaining: 25 },
        ],
        netDepositThreshold: { limit: 700, netDeposited: 680, remaining: 20, youngAdult: false, resetsAt: '2026-12-01T00:00:00+01:00' },
      },
      { week: { limit: 100, remaining: 40 } },
    );
    const limits = bindingLimits(s);
    // The deposit room of the session and the same limit in `room` count once.
    expect(limits.map((l) => `${l.kind}:${l.period}`)).toEqual(['deposit:week', 'loss:day', 'threshold:calendarMonth']);
    expect(tightestLimit(limits)).toEqual({ kind: 'threshold', period: 'calendarMonth', limit: 700, remaining: 20 });
  });

  it('never leaves less than nothing, and has no figure without a limit', () => {
    const over = bindingLimits(session({ room: [{ kind: 'netDeposit', period: 'month', limit: 100, remaining: -30 }] }));
    expect(tightestLimit(over)?.remaining).toBe(0);
    expect(tightestLimit(bindingLimits(session({})))).toBeNull();
  });

  it('changes version with any figure, a pending change or an exclusion, and only then', () => {
    const base = { room: [{ kind: 'deposit' as const, period: 'day' as const, limit: 100, remaining: 60 }] };
    const v = limitsVersion(session(base));
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(limitsVersion(session(base))).toBe(v);
    expect(limitsVersion(session({ room: [{ ...base.room[0]!, remaining: 59.99 }] }))).not.toBe(v);
    expect(
      limitsVersion(session({ ...base, pending: [{ period: 'day', limit: 200, effectiveAt: '2026-11-30T12:00:00Z', ready: false }] })),
    ).not.toBe(v);
    expect(limitsVersion(session({ ...base, exclusion: { kind: 'TIME_OUT', until: '2026-11-30T12:00:00Z' } }))).not.toBe(v);
  });

  it("changes version when a national register's answer starts to refuse, as the deposit step gives way to its notice", () => {
    const base = { room: [{ kind: 'deposit' as const, period: 'day' as const, limit: 100, remaining: 60 }] };
    const v = limitsVersion(session(base));
    const excluded = {
      status: 'EXCLUDED' as const,
      regulator: 'SPILLEMYNDIGHEDEN' as const,
      register: 'ROFUS' as const,
      idType: 'CPR' as const,
      checkedAt: '2026-11-29T12:00:00Z',
      scheme: { url: 'https://www.spillemyndigheden.dk/rofus', name: 'ROFUS' },
    };
    expect(limitsVersion(session({ ...base, nationalRegister: excluded }))).not.toBe(v);
    expect(limitsVersion(session({ ...base, nationalRegister: { ...excluded, status: 'IDENTITY_REQUIRED' } }))).not.toBe(
      limitsVersion(session({ ...base, nationalRegister: excluded })),
    );
  });

  it('knows the next change by the clock: a raise taking effect, the month starting again, a time-out ending', () => {
    const s = session({
      pending: [
        { period: 'day', limit: 200, effectiveAt: '2026-11-30T12:00:00Z', ready: false },
        { period: 'week', limit: 900, effectiveAt: '2026-11-28T12:00:00Z', ready: true },
      ],
      exclusion: { kind: 'TIME_OUT', until: '2026-11-29T18:00:00Z' },
    });
    expect(nextLimitChangeAt(s, NOW)).toBe('2026-11-29T18:00:00.000Z');
    expect(nextLimitChangeAt(session({}), NOW)).toBeNull();
  });
});
