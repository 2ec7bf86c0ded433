/**
 * The sandbox's cashier rules (E19; docs/design.md, section 3): the merchant's bounds of one
 * deposit or withdrawal, a customer's deposit limits per rolling day, week and month (set by the
 * merchant: `PUT /public/customer/{id}/limits`), fees per method, the KYC refusal, and whether a
 * customer may cancel their pending withdrawal (the cancel itself: cashier/withdrawal-cancel.ts).
 * Amounts are integer minor units inside, major units at the API.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { customers, payins } from '@/lib/db/schema';
import type { DepositRoom } from '@/lib/contract/cashier';
import type { Customer } from '@/lib/contract/common';
import type { CustomerLimitsRequest } from '@/lib/contract/customer';
import { amountBounds, exceededPeriod, PERIODS, roomFromUsed, type Period, type PeriodLimitsMinor } from '@/lib/cashier/limits';
import { feeBreakdown, findFeeRule } from '@/lib/cashier/fees';
import { convertMinor, formatMinor, isKnownCurrency, toMajor, toMinor } from '@/lib/money';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { selectProcessor } from '../core/selection';
import type { SandboxMerchantConfig, StoredGambling } from '@/lib/db/stored-shapes';
import { activeExclusion, ceilingMinor, customerLimits, rulesFor } from './responsible-gambling';

/** Pay-in statuses that count against a deposit limit: paid, or on their way to being paid. */
const COUNTED = ['SUCCESS', 'PENDING', 'PENDING_3DS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;

const limitError = (message: string) => new SandboxApiError('LIMIT_EXCEEDED', message);
const money = (minor: number, currency: string) => formatMinor(minor, currency, 'en');

/**
 * PUT /public/customer/{customerId}/limits (E19, merchant only): replaces the deposit limits (and
 * any raise of the customer's still waiting). Under a monthly ceiling (E23, GGL) a higher month
 * limit is 400. 404, 400.
 */
export async function setCustomerLimits(tx: Db, principal: Principal, customerId: string, request: CustomerLimitsRequest, config: (merchantId: string) => Promise<SandboxMerchantConfig>): Promise<void> {
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
      if (ceiling !== undefined && minor > ceiling) throw invalid(`deposit.${currency}.month is above the monthly ceiling of the rules in force (${formatMinor(ceiling, currency, 'en')})`);
      stored[currency][period] = minor;
    }
  }
  // The merchant's limits replace the customer's, and any raise of theirs still waiting.
  const gambling = { ...(row.gambling ?? {}), pending: {} };
  await tx.update(customers).set({ depositLimits: stored, gambling, updatedAt: new Date() }).where(eq(customers.id, customerId));
}

/**
 * What the customer's deposit limits leave now, per period, in `currency` (minor units): every
 * limit binds every deposit, whatever their currencies (E23: a limit set in GBP cannot be escaped
 * by a session in EUR), so each currency's limits in force (a raise counts once its cooling-off
 * is over) are compared with all counted pay-ins of the last 30 days converted at `rates` (the
 * sandbox's rates to EUR), and the tightest is answered, converted into `currency`. With `lock`,
 * the customer row is locked first, so two deposits of one customer are counted one after the
 * other; `row` is the customer's row when the caller has read it already.
 */
export async function depositRoomMinor(
  tx: Db,
  customerId: string,
  currency: string,
  options: { lock?: boolean; row?: Pick<typeof customers.$inferSelect, 'depositLimits' | 'gambling'> | null; rates: Record<string, number> },
) {
  let customer = options.row;
  if (customer === undefined) {
    const query = tx.select({ depositLimits: customers.depositLimits, gambling: customers.gambling }).from(customers).where(eq(customers.id, customerId)).limit(1);
    [customer] = options.lock ? await query.for('update') : await query;
  }
  const limited = limitCurrencies(customer).flatMap((c) => {
    const { limits } = customerLimits(customer, c);
    return Object.keys(limits).length ? [{ currency: c, limits }] : [];
  });
  if (limited.length === 0) return {};
  const now = Date.now();
  const since = (period: Period) => new Date(now - PERIODS[period]).toISOString();
  // What the customer deposited (the amount without its fee), summed in SQL per currency and window of payment time.
  const used = (period: Period) =>
    sql<string>`coalesce(sum(${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) filter (where ${payins.processedAt} > ${since(period)}::timestamptz), 0)`;
  const rows = await tx
    .select({ currency: payins.initialCurrency, day: used('day'), week: used('week'), month: used('month') })
    .from(payins)
    .where(and(eq(payins.customerId, customerId), inArray(payins.status, [...COUNTED]), gt(payins.processedAt, new Date(now - PERIODS.month))))
    .groupBy(payins.initialCurrency);
  const convert = (minor: number, from: string, to: string) => (from === to ? minor : convertMinor(minor, from, to, options.rates));
  const room: Partial<Record<Period, { limit: number; remaining: number }>> = {};
  for (const { currency: limitCurrency, limits } of limited) {
    // A currency without a rate cannot be compared: its limit then binds deposits in its own currency only.
    const comparable = (c: string) => c === limitCurrency || (options.rates[c] !== undefined && options.rates[limitCurrency] !== undefined);
    if (!comparable(currency)) continue;
    const usedIn = (period: Period) => rows.reduce((sum, r) => (comparable(r.currency) ? sum + convert(Number(r[period]), r.currency, limitCurrency) : sum), 0);
    const own = roomFromUsed(limits, { day: usedIn('day'), week: usedIn('week'), month: usedIn('month') });
    for (const [period, r] of Object.entries(own) as [Period, { limit: number; remaining: number }][]) {
      const here = { limit: convert(r.limit, limitCurrency, currency), remaining: Math.max(0, convert(r.remaining, limitCurrency, currency)) };
      if (!room[period] || here.remaining < room[period]!.remaining) room[period] = here;
    }
  }
  return room;
}

/** The currencies in which the customer has limits or raises waiting. */
function limitCurrencies(row: Pick<typeof customers.$inferSelect, 'depositLimits' | 'gambling'> | null | undefined): string[] {
  return [...new Set([...Object.keys(row?.depositLimits ?? {}), ...Object.keys(row?.gambling?.pending ?? {})])];
}

/** E19's `depositLimits` of the session answer, in major units; undefined without limits. */
export function depositRoomMajor(room: Awaited<ReturnType<typeof depositRoomMinor>>, currency: string): DepositRoom | undefined {
  const entries = Object.entries(room).map(([period, r]) => [period, { limit: toMajor(r.limit, currency), remaining: toMajor(r.remaining, currency) }]);
  return entries.length ? (Object.fromEntries(entries) as DepositRoom) : undefined;
}

/**
 * Refuses (400) processing a cashier transaction by another method than the one the customer
 * chose in the cashier (its fee was computed for that one): `card`, or any APM for `apm`.
 */
export function assertCashierMethod(chosen: string | null, used: 'card' | 'apm'): void {
  if (chosen && (chosen === 'card') !== (used === 'card')) throw invalid(`This transaction was started for ${chosen === 'card' ? 'a card' : 'another method'} in the cashier: go back to the cashier to change the method`);
}

/** Refuses (400 LIMIT_EXCEEDED) an amount outside the merchant's bounds for the currency. */
export function assertWithinBounds(config: SandboxMerchantConfig, currency: string, direction: 'deposit' | 'withdrawal', amountMinor: number): void {
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
export async function assertDepositLimits(tx: Db, customerId: string, currency: string, amountMinor: number, rates: Record<string, number>, row?: Pick<typeof customers.$inferSelect, 'depositLimits' | 'gambling'>): Promise<void> {
  const over = exceededPeriod(await depositRoomMinor(tx, customerId, currency, row ? { row, rates } : { lock: true, rates }), amountMinor);
  if (over) throw limitError(`Your deposit limit is ${money(over.limit, currency)} a ${over.period}; ${money(over.remaining, currency)} is left`);
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
export function cashierFee(config: SandboxMerchantConfig, method: string | undefined, direction: 'deposit' | 'withdrawal', currency: string, amountMinor: number) {
  return feeBreakdown(findFeeRule(config.settings.fees, method, direction, currency), amountMinor, direction);
}

/**
 * Whether the customer may cancel their pending withdrawals: the merchant allows it, the rules of
 * the licences in force allow a reversal (E23: not UKGC RTS 14B, Sweden, Germany), and their
 * billing country is not GB (E19: a UK customer, licence named or not).
 */
export function mayCancelWithdrawals(config: SandboxMerchantConfig, customer: Pick<Customer, 'billing'> | null | undefined, gambling?: StoredGambling | null): boolean {
  // E23: a customer in a time-out or self-excluded does not put money back into play.
  if (activeExclusion(gambling)) return false;
  return config.settings.withdrawalCancel === true && customer?.billing?.countryCode?.toUpperCase() !== 'GB' && rulesFor(config, customer).withdrawalReversal;
}
