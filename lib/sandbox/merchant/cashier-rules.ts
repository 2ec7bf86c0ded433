/**
 * The sandbox's cashier rules (E19; docs/design.md, section 3): the merchant's bounds of one
 * deposit or withdrawal, a customer's deposit limits per rolling day, week and month (set by the
 * merchant: `PUT /public/customer/{id}/limits`), fees per method, the KYC refusal, and whether a
 * customer may cancel their pending withdrawal (the cancel itself: cashier/withdrawal-cancel.ts).
 * Amounts are integer minor units inside, major units at the API.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import type { DepositRoom } from '@/lib/contract/cashier';
import type { Customer } from '@/lib/contract/common';
import type { CustomerLimitsRequest } from '@/lib/contract/customer';
import { amountBounds, exceededPeriod, PERIODS, type PeriodLimitsMinor } from '@/lib/cashier/limits';
import { feeBreakdown, findFeeRule } from '@/lib/cashier/fees';
import { formatMinor, isKnownCurrency, toMajor, toMinor } from '@/lib/money';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { selectProcessor } from '../core/selection';
import type { SandboxMerchantConfig, StoredGambling } from '@/lib/db/stored-shapes';
import { depositRoomMinor } from '../core/deposit-rules';
import { activeExclusion, ceilingMinor, rulesFor } from './responsible-gambling';

const limitError = (message: string) => new SandboxApiError('LIMIT_EXCEEDED', message);
const money = (minor: number, currency: string) => formatMinor(minor, currency, 'en');

/**
 * PUT /public/customer/{customerId}/limits (E19, merchant only): replaces the deposit limits (and
 * any raise of the customer's still waiting). Under a monthly ceiling (E23, GGL) a higher month
 * limit is 400. 404, 400.
 */
export async function setCustomerLimits(
  tx: Db,
  principal: Principal,
  customerId: string,
  request: CustomerLimitsRequest,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
): Promise<void> {
  requireMerchant(principal);
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Customer');
  const merchant = await config(row.merchantId);
  const rules = rulesFor(merchant, row.data);
  const stored: Record<string, PeriodLimitsMinor> = {};
  const entries = Object.entries(request.deposit);
  if (entries.length > 50) throw invalid('deposit names more than 50 currencies');
  for (const [currency, limits] of entries) {
    if (!isKnownCurrency(currency)) throw invalid(`deposit.${currency} is not an ISO 4217 currency`);
    stored[currency] = {};
    for (const period of Object.keys(PERIODS) as (keyof typeof PERIODS)[]) {
      const major = limits[period];
      if (major === undefined) continue;
      const minor = toMinor(major, currency);
      if (minor === null || minor <= 0) throw invalid(`deposit.${currency}.${period} is not an amount of ${currency}`);
      const ceiling = period === 'month' ? ceilingMinor(rules, merchant, currency) : undefined;
      if (ceiling !== undefined && minor > ceiling)
        throw invalid(
          `deposit.${currency}.month is above the monthly ceiling of the rules in force (${formatMinor(ceiling, currency, 'en')})`,
        );
      stored[currency][period] = minor;
    }
  }
  // The merchant's limits replace the customer's, and any raise of theirs still waiting.
  const gambling = { ...(row.gambling ?? {}), pending: {} };
  await tx.update(customers).set({ depositLimits: stored, gambling, updatedAt: new Date() }).where(eq(customers.id, customerId));
}

/** What the customer's deposit limits leave now, per period (deposit-rules.ts: the check at payment uses the same). */
export { depositRoomMinor };

/** E19's `depositLimits` of the session answer, in major units; undefined without limits. */
export function depositRoomMajor(room: Awaited<ReturnType<typeof depositRoomMinor>>, currency: string): DepositRoom | undefined {
  const entries = Object.entries(room).map(([period, r]) => [
    period,
    { limit: toMajor(r.limit, currency), remaining: toMajor(r.remaining, currency) },
  ]);
  return entries.length ? (Object.fromEntries(entries) as DepositRoom) : undefined;
}

/**
 * Refuses (400) processing a cashier transaction by another method than the one the customer
 * chose in the cashier (its fee was computed for that one): `card`, or any APM for `apm`.
 */
export function assertCashierMethod(chosen: string | null, used: 'card' | 'apm'): void {
  if (chosen && (chosen === 'card') !== (used === 'card'))
    throw invalid(
      `This transaction was started for ${chosen === 'card' ? 'a card' : 'another method'} in the cashier: go back to the cashier to change the method`,
    );
}

/** Refuses (400 LIMIT_EXCEEDED) an amount outside the merchant's bounds for the currency. */
export function assertWithinBounds(
  config: SandboxMerchantConfig,
  currency: string,
  direction: 'deposit' | 'withdrawal',
  amountMinor: number,
): void {
  const { min, max } = amountBounds(config.settings.limits, currency, direction);
  const noun = direction === 'deposit' ? 'deposit' : 'withdrawal';
  const minMinor = min === undefined ? null : toMinor(min, currency);
  const maxMinor = max === undefined ? null : toMinor(max, currency);
  if (minMinor !== null && amountMinor < minMinor) throw limitError(`The smallest ${noun} is ${money(minMinor, currency)}`);
  if (maxMinor !== null && amountMinor > maxMinor) throw limitError(`The largest ${noun} is ${money(maxMinor, currency)}`);
}

/**
 * Refuses (400 LIMIT_EXCEEDED) a deposit above what the customer's limits leave (in any currency,
 * at `rates`), naming the limit. Locks the customer, unless the caller passes its `row`, read
 * locked already.
 */
export async function assertDepositLimits(
  tx: Db,
  customerId: string,
  currency: string,
  amountMinor: number,
  rates: Record<string, number>,
  row?: Pick<typeof customers.$inferSelect, 'depositLimits' | 'gambling'>,
): Promise<void> {
  const over = exceededPeriod(await depositRoomMinor(tx, customerId, currency, row ? { row, rates } : { lock: true, rates }), amountMinor);
  if (over)
    throw limitError(`Your deposit limit is ${money(over.limit, currency)} a ${over.period}; ${money(over.remaining, currency)} is left`);
}

/**
 * Refuses (409 KYC_REQUIRED) a transaction no PSP would take from an unverified customer while a
 * verified one would be served: the cashier then sends the customer to the merchant's KYC page.
 */
export function assertServedWithoutKyc(config: SandboxMerchantConfig, currency: string, amountMinor: number, kycVerified: boolean): void {
  if (kycVerified) return;
  if (selectProcessor(config, { currency, amountMinor, kycVerified: false }).psp) return;
  if (selectProcessor(config, { currency, amountMinor, kycVerified: true }).psp) {
    throw new SandboxApiError('KYC_REQUIRED', 'No payment provider serves this customer until their identity is verified (kycVerified)');
  }
}

/** The fee (minor units) of a cashier transaction of `method` under the merchant's rules. */
export function cashierFee(
  config: SandboxMerchantConfig,
  method: string | undefined,
  direction: 'deposit' | 'withdrawal',
  currency: string,
  amountMinor: number,
) {
  return feeBreakdown(findFeeRule(config.settings.fees, method, direction, currency), amountMinor, direction);
}

/**
 * Whether the customer may cancel their pending withdrawals: the merchant allows it, the rules of
 * the licences in force allow a reversal (E23: not UKGC RTS 14B, Sweden, Germany), and their
 * billing country is not GB (E19: a UK customer, licence named or not).
 */
export function mayCancelWithdrawals(
  config: SandboxMerchantConfig,
  customer: Pick<Customer, 'billing'> | null | undefined,
  gambling?: StoredGambling | null,
): boolean {
  // E23: a customer in a time-out or self-excluded does not put money back into play.
  if (activeExclusion(gambling)) return false;
  return (
    config.settings.withdrawalCancel === true &&
    customer?.billing?.countryCode?.toUpperCase() !== 'GB' &&
    rulesFor(config, customer).withdrawalReversal
  );
}
