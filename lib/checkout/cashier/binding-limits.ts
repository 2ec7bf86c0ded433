/**
 * The limits that bind a cashier deposit now, from the session as the service answers it: the
 * customer's deposit, loss and net deposit limits per period and the Kansspelautoriteit's net
 * deposit threshold of the calendar month, each with what it leaves (major units of the session
 * currency, never below 0), and the one that leaves least. Pure: shared by the cashier's terms
 * (the amount field's bound and its error), the limit meter and its version (limit-meter.ts).
 */
import type { CashierSession } from '@hosted-checkout/contract/cashier';
import type { LimitKind } from '@hosted-checkout/contract/responsible-gambling/schemas';
import type { Period } from '@hosted-checkout/contract/responsible-gambling/limits';

/** The limit that binds a deposit first: a customer's limit per period, or the calendar month's net deposit threshold (KSA). */
export interface BindingLimit {
  kind: LimitKind | 'threshold';
  period: Period | 'calendarMonth';
  /** Major units: the limit, and what it leaves of a deposit now (never below 0). */
  limit: number;
  remaining: number;
}

/** Every limit that binds a deposit of the session now (each kind and period once; the deposit room first). */
export function bindingLimits(session: Pick<CashierSession, 'depositLimits' | 'responsibleGambling'>): BindingLimit[] {
  const out: BindingLimit[] = [];
  const seen = new Set<string>();
  const add = (limit: BindingLimit) => {
    const key = `${limit.kind}:${limit.period}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...limit, remaining: Math.max(0, limit.remaining) });
  };
  for (const period of ['day', 'week', 'month'] as const) {
    const room = session.depositLimits?.[period];
    if (room) add({ kind: 'deposit', period, limit: room.limit, remaining: room.remaining });
  }
  const rg = session.responsibleGambling;
  for (const room of rg?.room ?? []) add({ kind: room.kind, period: room.period, limit: room.limit, remaining: room.remaining });
  const threshold = rg?.netDepositThreshold;
  if (threshold) add({ kind: 'threshold', period: 'calendarMonth', limit: threshold.limit, remaining: threshold.remaining });
  return out;
}

/** The limit that leaves least (the first of equals, as the service names it in a refusal), or null when none binds. */
export function tightestLimit(limits: readonly BindingLimit[]): BindingLimit | null {
  return limits.reduce<BindingLimit | null>((least, l) => (least === null || l.remaining < least.remaining ? l : least), null);
}
