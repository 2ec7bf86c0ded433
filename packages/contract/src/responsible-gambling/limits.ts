/**
 * Cashier limits (docs/design.md, section 3): the merchant's bounds of one transaction per currency, and a
 * customer's deposit limits per rolling day (24 h), week (7 × 24 h) and month (30 × 24 h), set by
 * the merchant. All sums are integer minor units. Shared by the service (which enforces them)
 * and the cashier (which shows them before the customer types).
 */
import type { AmountLimits } from '../merchant';
import { toMinor } from '../money';

export const PERIODS = { day: 24 * 3600_000, week: 7 * 24 * 3600_000, month: 30 * 24 * 3600_000 } as const;
export type Period = keyof typeof PERIODS;

/** A customer's deposit limits in one currency, minor units. */
export type PeriodLimitsMinor = Partial<Record<Period, number>>;

/** A deposit that counts against the limits: its amount (minor units) and when it was paid (not created: a deposit created long ago and paid now counts now). */
interface CountedDeposit {
  amountMinor: number;
  at: Date;
}

type Room = Partial<Record<Period, { limit: number; remaining: number }>>;

/** Per period with a limit: the limit and what is left of it (never below 0), from what was `used` in each window; minor units. */
export function roomFromUsed(limits: PeriodLimitsMinor, used: Partial<Record<Period, number>>): Room {
  const room: Room = {};
  for (const period of Object.keys(PERIODS) as Period[]) {
    const limit = limits[period];
    if (limit !== undefined) room[period] = { limit, remaining: Math.max(0, limit - (used[period] ?? 0)) };
  }
  return room;
}

/** Per period with a limit: the limit and what is left of it at `now`, from the deposits made (paid) and when. */
export function depositRoom(limits: PeriodLimitsMinor, deposits: readonly CountedDeposit[], now: Date): Room {
  const used: Partial<Record<Period, number>> = {};
  for (const period of Object.keys(PERIODS) as Period[]) {
    const since = now.getTime() - PERIODS[period];
    used[period] = deposits.reduce((sum, d) => (d.at.getTime() > since ? sum + d.amountMinor : sum), 0);
  }
  return roomFromUsed(limits, used);
}

/** The first period whose limit `amountMinor` would pass, with its figures; null when it fits all. */
export function exceededPeriod(
  room: ReturnType<typeof depositRoom>,
  amountMinor: number,
): { period: Period; limit: number; remaining: number } | null {
  for (const period of Object.keys(PERIODS) as Period[]) {
    const r = room[period];
    if (r && amountMinor > r.remaining) return { period, ...r };
  }
  return null;
}

/** The merchant's minimum and maximum of one transaction of `direction` in a currency (major units), when set. */
export function amountBounds(
  limits: Record<string, AmountLimits> | undefined,
  currency: string,
  direction: 'deposit' | 'withdrawal',
): { min?: number; max?: number } {
  const forCurrency = limits?.[currency];
  if (!forCurrency) return {};
  return direction === 'deposit'
    ? { min: forCurrency.depositMin, max: forCurrency.depositMax }
    : { min: forCurrency.withdrawalMin, max: forCurrency.withdrawalMax };
}

/**
 * The merchant's minimum and maximum of one transaction of `direction` in a currency, in ISO 4217
 * minor units of it, when set: the settings carry major units (`amountBounds`), converted here
 * once. A bound with more decimals than the currency has is left out (no amount could be compared
 * with it).
 */
export function amountBoundsMinor(
  limits: Record<string, AmountLimits> | undefined,
  currency: string,
  direction: 'deposit' | 'withdrawal',
): { min?: number; max?: number } {
  const { min, max } = amountBounds(limits, currency, direction);
  const minMinor = min === undefined ? null : toMinor(min, currency);
  const maxMinor = max === undefined ? null : toMinor(max, currency);
  return { ...(minMinor !== null ? { min: minMinor } : {}), ...(maxMinor !== null ? { max: maxMinor } : {}) };
}
