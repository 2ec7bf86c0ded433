/**
 * Cashier fees (docs/design.md, E19): a merchant's rule per method, direction and currency is a
 * fixed amount in ISO 4217 minor units plus basis points (1/100 %) of the amount. Everything is integer
 * minor units, computed with BigInt, so no floating-point drift at any size; the percentage
 * part rounds half up to the currency's minor unit. Shared by the service (which records the
 * fee) and the cashier (which shows it before confirmation).
 */
import type { FeeRule } from './merchant';

type Direction = 'deposit' | 'withdrawal';

/** The fee of `amountMinor` under `rule`, in minor units: fixedMinor + round_half_up(amount × bp / 10 000). */
export function feeMinor(rule: Pick<FeeRule, 'fixedMinor' | 'basisPoints'>, amountMinor: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amountMinor must be a non-negative safe integer');
  const percentage = (BigInt(amountMinor) * BigInt(rule.basisPoints) + 5_000n) / 10_000n;
  return rule.fixedMinor + Number(percentage);
}

/**
 * The merchant's fee rule for `method` (`card`, an APM id, or `apm` for any APM), `direction`
 * and `currency`: the exact method first, then `apm` for an APM; null when there is none.
 */
export function findFeeRule(
  rules: readonly FeeRule[] | undefined,
  method: string | undefined,
  direction: Direction,
  currency: string,
): FeeRule | null {
  if (!rules?.length || !method) return null;
  const matching = rules.filter((r) => r.direction === direction && r.currency === currency);
  return matching.find((r) => r.method === method) ?? (method !== 'card' ? matching.find((r) => r.method === 'apm') : undefined) ?? null;
}

/**
 * What the customer sees of a fee, in minor units: a deposit's fee is added to what is charged
 * (`total`), a withdrawal's is taken from what is received (`received`, never below 0).
 */
export function feeBreakdown(
  rule: FeeRule | null,
  amountMinor: number,
  direction: Direction,
): { fee: number; total: number; received: number } {
  const fee = rule ? feeMinor(rule, amountMinor) : 0;
  return direction === 'deposit'
    ? { fee, total: amountMinor + fee, received: amountMinor }
    : { fee, total: amountMinor, received: Math.max(0, amountMinor - fee) };
}
