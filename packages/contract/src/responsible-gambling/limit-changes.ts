/**
 * A customer's own deposit limits: a lower limit, or a new one, takes effect at once; a
 * higher one, or removing one, waits for the cooling-off of the rules in force (UKGC RTS 12,
 * AGCO 2.24, Spelförordningen 11:3, GlüStV 2021 §6c; docs/design.md, section 8), and under some
 * rules the customer confirms it again once the wait is over. Pure functions over integer minor
 * units and instants, shared by the service (which stores the outcome) and the cashier (which
 * shows what a change will do before the customer confirms it).
 */
import { PERIODS, type Period, type PeriodLimitsMinor } from './limits';
import { coolingOffHours, missingRequired, type RulesInForce } from './regulators';

/**
 * A raise or removal waiting for its cooling-off: the new limit (null: none), when it may apply,
 * and whether the customer must then confirm it again (the rules when it was asked).
 * `currencyOnly`: the merchant's, which sets limits per currency: it changes the period's limit in
 * its own currency only, the other currencies' limits of the period staying (absent: the
 * customer's, which becomes the period's one limit).
 */
export interface PendingLimit {
  limit: number | null;
  effectiveAt: string;
  confirm?: boolean;
  currencyOnly?: boolean;
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
  rules: Pick<RulesInForce, 'coolingOffHours' | 'coolingOffSpansPeriod' | 'requiredPeriods' | 'requiredOneOf' | 'confirmAfterCoolingOff'>,
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
    if (to === null && !rules.requiredOneOf && rules.requiredPeriods.includes(period)) return { problem: 'required', period };
    if (period === 'month' && ceilingMinor !== undefined && (to === null || to > ceilingMinor))
      return { problem: 'ceiling', period, ceilingMinor };
    if (to === from) {
      const cancelled = pending[period];
      if (cancelled) changes.push({ period, from: cancelled.limit, to, effectiveAt: null });
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
  // A removal asked (null) leaves no limit once it applies: with one of the periods required, another must stay.
  const missing = missingRequired(rules, (p) => next[p] !== undefined && requested[p] !== null);
  if (missing) return { problem: 'required', period: missing };
  return { limits: next, pending, changes };
}

/** Whether `plan` is a problem rather than a plan. */
export const isLimitProblem = (plan: ReturnType<typeof planLimits>): plan is LimitProblem => 'problem' in plan;

/** A customer's limits per currency (minor units of each), as the service stores them. */
export type LimitsByCurrency = Record<string, PeriodLimitsMinor>;
/** The raises waiting per currency: the currency each was asked in. */
export type PendingByCurrency = Record<string, PendingLimits>;

/**
 * A customer's limits in force at `now`, across currencies (the merchant's are stored per
 * currency; the customer's own changes keep one limit per period, in the currency it was last
 * set in): a raise whose cooling-off is over and needs no confirmation applies, and replaces that
 * period's limit in every currency (a removal removes it everywhere; the merchant's, `currencyOnly`,
 * in its own currency only: applyRaise); the raises still waiting,
 * and those ready to confirm, are answered per currency. Several raises of one period that are due
 * apply in the order of their dates. Currencies left without a limit are dropped. Minor units of
 * each currency.
 */
export function limitsAcross(
  stored: LimitsByCurrency,
  pending: PendingByCurrency,
  now: Date,
): { limits: LimitsByCurrency; waiting: PendingByCurrency; ready: PendingByCurrency } {
  const limits: LimitsByCurrency = Object.fromEntries(Object.entries(stored).map(([c, l]) => [c, { ...l }]));
  const waiting: PendingByCurrency = {};
  const ready: PendingByCurrency = {};
  const due: { currency: string; period: Period; change: PendingLimit }[] = [];
  for (const [currency, periods] of Object.entries(pending)) {
    for (const period of PERIOD_LIST) {
      const p = periods[period];
      if (!p) continue;
      if (new Date(p.effectiveAt).getTime() > now.getTime()) (waiting[currency] ??= {})[period] = p;
      else if (p.confirm) (ready[currency] ??= {})[period] = p;
      else due.push({ currency, period, change: p });
    }
  }
  due.sort((a, b) => new Date(a.change.effectiveAt).getTime() - new Date(b.change.effectiveAt).getTime());
  for (const { currency, period, change } of due) applyRaise(limits, period, currency, change);
  return { limits: withoutEmpty(limits), waiting, ready };
}

/** Applies a raise or removal of `period` asked in `currency`: in that currency only when `currencyOnly` (the merchant's), else as the period's one limit (setOnlyIn). Mutates `limits`. */
export function applyRaise(limits: LimitsByCurrency, period: Period, currency: string, raise: PendingLimit): void {
  if (!raise.currencyOnly) return setOnlyIn(limits, period, currency, raise.limit);
  const own = (limits[currency] ??= {});
  if (raise.limit === null) delete own[period];
  else own[period] = raise.limit;
}

/** Makes `minor` the one limit of `period` (in `currency`; null: none), removing that period's limit in every other currency. Mutates `limits`. */
export function setOnlyIn(limits: LimitsByCurrency, period: Period, currency: string, minor: number | null): void {
  for (const periods of Object.values(limits)) delete periods[period];
  if (minor !== null) (limits[currency] ??= {})[period] = minor;
}

/** Drops the currencies that hold no period. */
export function withoutEmpty<T extends object>(byCurrency: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(byCurrency).filter(([, v]) => Object.keys(v).length > 0));
}

/** One period's binding limit in a currency: the amount there (minor units), and the currency and amount it was set in. */
export interface BindingLimit {
  minor: number;
  setIn: string;
  setMinor: number;
}

/**
 * Per period, the limit that binds deposits in `currency`: every currency's limit converted at
 * `convert` (minor units from one currency into another; null when there is no rate, and then
 * that limit binds its own currency only), the smallest winning.
 */
export function bindingLimits(
  limits: LimitsByCurrency,
  currency: string,
  convert: (minor: number, from: string, to: string) => number | null,
): Partial<Record<Period, BindingLimit>> {
  const binding: Partial<Record<Period, BindingLimit>> = {};
  for (const [setIn, periods] of Object.entries(limits)) {
    for (const period of PERIOD_LIST) {
      const setMinor = periods[period];
      if (setMinor === undefined) continue;
      const minor = setIn === currency ? setMinor : convert(setMinor, setIn, currency);
      if (minor === null) continue;
      const tightest = binding[period];
      if (!tightest || minor < tightest.minor) binding[period] = { minor, setIn, setMinor };
    }
  }
  return binding;
}

/** One of the customer's raises (or removals) not applied yet, named by the currency it was asked in and its period; `limitMinor` in minor units of that currency (null: no limit). */
export interface RaiseNote {
  currency: string;
  period: Period;
  limitMinor: number | null;
  effectiveAt: string;
}

/**
 * What becomes of the customer's raises not applied yet (waiting their cooling-off, or ready to
 * confirm) when the merchant replaces the limits with `limits`. A raise is moot, and dropped, when
 * the merchant's new limits already give it: the period has no limit left in any currency (a
 * raise or removal has nothing left to do), or the period's tightest new limit, converted into the
 * raise's currency by `convert` (null: no rate), is at or above the raise. Every other raise is
 * kept as it is, date and confirmation included: it still applies when its wait is over, as the
 * customer asked. Answers the raises kept per currency (as stored), and both as lists. Minor
 * units of each currency.
 */
export function raisesAfterMerchantLimits(
  limits: LimitsByCurrency,
  raises: PendingByCurrency,
  convert: (minor: number, from: string, to: string) => number | null,
): { pending: PendingByCurrency; kept: RaiseNote[]; dropped: RaiseNote[] } {
  const pending: PendingByCurrency = {};
  const kept: RaiseNote[] = [];
  const dropped: RaiseNote[] = [];
  for (const [currency, periods] of Object.entries(raises)) {
    const binding = bindingLimits(limits, currency, convert);
    for (const period of PERIOD_LIST) {
      const raise = periods[period];
      if (!raise) continue;
      const note = { currency, period, limitMinor: raise.limit, effectiveAt: raise.effectiveAt };
      const anyLeft = Object.values(limits).some((l) => l[period] !== undefined);
      const tightest = binding[period];
      const given = tightest !== undefined && raise.limit !== null && tightest.minor >= raise.limit;
      if (!anyLeft || given) dropped.push(note);
      else {
        (pending[currency] ??= {})[period] = raise;
        kept.push(note);
      }
    }
  }
  return { pending, kept, dropped };
}
