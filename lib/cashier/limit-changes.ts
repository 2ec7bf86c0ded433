/**
 * A customer's own deposit limits (E23): a lower limit, or a new one, takes effect at once; a
 * higher one, or removing one, waits for the cooling-off of the rules in force (UKGC RTS 12,
 * AGCO 2.24, Spelförordningen 11:3, GlüStV 2021 §6c; docs/design.md, section 8), and under some
 * rules the customer confirms it again once the wait is over. Pure functions over integer minor
 * units and instants, shared by the service (which stores the outcome) and the cashier (which
 * shows what a change will do before the customer confirms it).
 */
import { PERIODS, type Period, type PeriodLimitsMinor } from './limits';
import { coolingOffHours, type RulesInForce } from './regulators';

/** A raise or removal waiting for its cooling-off: the new limit (null: none), when it may apply, and whether the customer must then confirm it again (the rules when it was asked). */
export interface PendingLimit {
  limit: number | null;
  effectiveAt: string;
  confirm?: boolean;
}
export type PendingLimits = Partial<Record<Period, PendingLimit>>;

/** What the customer asks for one period: a limit in minor units, or null for none. Absent periods stay as they are. */
export type RequestedLimits = Partial<Record<Period, number | null>>;

/** One period's change: from and to (minor units, null: none) and when it applies (null: now). */
export interface LimitChange {
  period: Period;
  from: number | null;
  to: number | null;
  effectiveAt: string | null;
}

export type LimitProblem =
  /** The rules require a limit in this period (Sweden: day, week and month; Germany: month). */
  | { problem: 'required'; period: Period }
  /** Above the ceiling of the rules (GGL: EUR 1,000 a month across operators). */
  | { problem: 'ceiling'; period: Period; ceilingMinor: number };

const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/**
 * The limits in force at `now` and the raises still waiting: a raise whose cooling-off is over
 * applies, unless it must be confirmed again (then it is `ready`, and applies when the customer
 * confirms).
 */
export function limitsAt(current: PeriodLimitsMinor, pending: PendingLimits, now: Date) {
  const limits: PeriodLimitsMinor = { ...current };
  const waiting: PendingLimits = {};
  const ready: PendingLimits = {};
  for (const period of PERIOD_LIST) {
    const p = pending[period];
    if (!p) continue;
    if (new Date(p.effectiveAt).getTime() > now.getTime()) waiting[period] = p;
    else if (p.confirm) ready[period] = p;
    else if (p.limit === null) delete limits[period];
    else limits[period] = p.limit;
  }
  return { limits, waiting, ready };
}

/** The ready raises applied (the customer confirmed them after the cooling-off). */
export function confirmReady(limits: PeriodLimitsMinor, ready: PendingLimits): PeriodLimitsMinor {
  const next = { ...limits };
  for (const period of PERIOD_LIST) {
    const p = ready[period];
    if (!p) continue;
    if (p.limit === null) delete next[period];
    else next[period] = p.limit;
  }
  return next;
}

/**
 * What a request does to the limits in force (`limits`, after `limitsAt`) and the raises
 * waiting: each asked period is lowered (or set) at once, or waits `coolingOffHours`; asking the
 * limit in force again drops a waiting raise. Answers the new limits and waiting raises with the
 * changes, or the first problem (a required period left without a limit, a ceiling passed).
 * `ceilingMinor`: the rules' monthly ceiling in the limits' currency, when one applies.
 */
export function planLimits(
  limits: PeriodLimitsMinor,
  waiting: PendingLimits,
  requested: RequestedLimits,
  rules: Pick<RulesInForce, 'coolingOffHours' | 'coolingOffSpansPeriod' | 'requiredPeriods' | 'confirmAfterCoolingOff'>,
  now: Date,
  ceilingMinor?: number,
): { limits: PeriodLimitsMinor; pending: PendingLimits; changes: LimitChange[] } | LimitProblem {
  const next: PeriodLimitsMinor = { ...limits };
  const pending: PendingLimits = { ...waiting };
  const changes: LimitChange[] = [];
  for (const period of PERIOD_LIST) {
    if (!(period in requested)) continue;
    const to = requested[period] ?? null;
    const from = limits[period] ?? null;
    if (to === null && rules.requiredPeriods.includes(period)) return { problem: 'required', period };
    if (period === 'month' && ceilingMinor !== undefined && (to === null || to > ceilingMinor)) return { problem: 'ceiling', period, ceilingMinor };
    if (to === from) {
      if (pending[period]) changes.push({ period, from: pending[period]!.limit, to, effectiveAt: null });
      delete pending[period];
      continue;
    }
    const lower = to !== null && (from === null || to < from);
    if (lower) {
      next[period] = to;
      delete pending[period];
      changes.push({ period, from, to, effectiveAt: null });
    } else {
      const effectiveAt = new Date(now.getTime() + coolingOffHours(rules, period) * 3600_000).toISOString();
      pending[period] = { limit: to, effectiveAt, ...(rules.confirmAfterCoolingOff ? { confirm: true } : {}) };
      changes.push({ period, from, to, effectiveAt });
    }
  }
  for (const period of rules.requiredPeriods) if (next[period] === undefined) return { problem: 'required', period };
  return { limits: next, pending, changes };
}

/** Whether `plan` is a problem rather than a plan. */
export const isLimitProblem = (plan: ReturnType<typeof planLimits>): plan is LimitProblem => 'problem' in plan;
