/**
 * A customer's deposit limits, owned here (docs/design.md, sections 3 and 8): how they are stored
 * (per currency they were set in, with the customer's raises still waiting their cooling-off) and
 * what they leave of a deposit now, checked when a deposit is made or paid. What the session
 * answer shows of them is deposit-limit-views.ts's; the two ways they change (the merchant's
 * `PUT /public/customer/{id}/limits` and the customer's own change in the cashier) are
 * deposit-limit-changes.ts's. In the core layer because the check when a deposit is paid
 * (deposit-rules.ts, called by changePayin) reads them. ISO 4217 minor units throughout; a deposit
 * over them is refused (400 LIMIT_EXCEEDED) by financial-limits.ts's assertFinancialLimits.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payins } from '@sandbox/db/schema';
import { PERIODS, roomFromUsed, type Period } from '@hosted-checkout/contract/responsible-gambling/limits';
import { limitsAcross } from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import type { RulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { convertMinor, formatMinor } from '@hosted-checkout/contract/money';
import type { SandboxMerchantConfig, StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { effectiveMonthlyCeiling } from '@hosted-checkout/contract/responsible-gambling/limit-raise';

type CustomerRow = typeof customers.$inferSelect;
/** The columns of a customer's row that hold their deposit limits and raises. */
export type LimitsRow = Pick<CustomerRow, 'depositLimits' | 'gambling'>;
/** The limit periods, shortest first. */
export const PERIOD_LIST = Object.keys(PERIODS) as Period[];

/** Pay-in statuses that count against a deposit limit: paid, or on their way to being paid. */
const COUNTED = ['SUCCESS', 'PENDING', 'PENDING_3DS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;

/** `minor` (minor units of `currency`) as English text, for an error message. */
export const moneyText = (minor: number, currency: string) => formatMinor(minor, currency, 'en');

/**
 * A customer's limits at `now` across currencies (limitsAcross): those in force per currency they
 * were set in, the raises waiting and those ready to confirm (minor units of each currency).
 */
export const customerLimitsAcross = (row: LimitsRow | null | undefined, now = new Date()) =>
  limitsAcross(row?.depositLimits ?? {}, row?.gambling?.pending ?? {}, now);

/** Converts minor units between currencies at the merchant's rates (to EUR); null without a rate for one of them. */
export const converterOf = (config: SandboxMerchantConfig) => (minor: number, from: string, to: string) =>
  from === to
    ? minor
    : config.ratesToEur[from] === undefined || config.ratesToEur[to] === undefined
      ? null
      : convertMinor(minor, from, to, config.ratesToEur);

/**
 * The rules' monthly ceiling in `currency` (minor units), converted at the sandbox's rates;
 * undefined without one. Without a rate it is 0 (fails closed: no month limit can be set, so no
 * deposit is made, rather than one above the ceiling).
 */
export function ceilingMinor(rules: RulesInForce, config: SandboxMerchantConfig, currency: string): number | undefined {
  const ceiling = rules.monthlyCeiling;
  if (!ceiling) return undefined;
  if (ceiling.currency === currency) return ceiling.minor;
  if (config.ratesToEur[ceiling.currency] === undefined || config.ratesToEur[currency] === undefined) return 0;
  return convertMinor(ceiling.minor, ceiling.currency, currency, config.ratesToEur);
}

/**
 * `rules` with the customer's own monthly ceiling: the one the merchant approved (`gambling.approvedCeiling`,
 * Germany, GlüStV 2021 §6c(1) S.3; limit-raise.ts) in place of the rules' (EUR 1,000), and only once approved.
 */
export function withApprovedCeiling(rules: RulesInForce, gambling: StoredResponsibleGambling | null | undefined): RulesInForce {
  const ceiling = effectiveMonthlyCeiling(rules.monthlyCeiling, gambling?.approvedCeiling);
  return ceiling === rules.monthlyCeiling ? rules : { ...rules, monthlyCeiling: ceiling };
}

/**
 * The customer's limits row: `options.row` when the caller read it (null: no such customer), else
 * read now, locked for update when `options.lock`.
 */
export async function customerLimitsRow(tx: Db, customerId: string, options: { lock?: boolean; row?: LimitsRow | null }) {
  if (options.row !== undefined) return options.row;
  const query = tx
    .select({ depositLimits: customers.depositLimits, gambling: customers.gambling })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  const [customer] = options.lock ? await query.for('update') : await query;
  return customer;
}

/**
 * What the customer's deposit limits leave now, per period, in `currency` (minor units): every
 * limit binds every deposit, whatever their currencies (a limit set in GBP cannot be escaped
 * by a session in EUR), so each limit in force (in the currency it was set in; a raise counts once
 * its cooling-off is over) is compared with all counted pay-ins of the last 30 days converted at
 * `rates` (the sandbox's rates to EUR), and the tightest is answered, converted into `currency`.
 * With `lock`, the customer row is locked first, so two deposits of one customer are counted one
 * after the other; `row` is the customer's row when the caller has read it already; `except`: a
 * pay-in not to count (the one being paid, itself on its way).
 */
export async function depositRoomMinor(
  tx: Db,
  customerId: string,
  currency: string,
  options: { lock?: boolean; row?: LimitsRow | null; rates: Record<string, number>; except?: string },
) {
  const customer = await customerLimitsRow(tx, customerId, options);
  const limited = Object.entries(customerLimitsAcross(customer).limits).map(([c, limits]) => ({ currency: c, limits }));
  if (limited.length === 0) return {};
  const now = Date.now();
  const since = (period: Period) => new Date(now - PERIODS[period]).toISOString();
  // What the customer deposited (the amount without its fee), summed in SQL per currency and window of payment time.
  const used = (period: Period) =>
    sql<string>`coalesce(sum(${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) filter (where ${payins.processedAt} > ${since(period)}::timestamptz), 0)`;
  const rows = await tx
    .select({ currency: payins.initialCurrency, day: used('day'), week: used('week'), month: used('month') })
    .from(payins)
    .where(
      and(
        eq(payins.customerId, customerId),
        inArray(payins.status, [...COUNTED]),
        gt(payins.processedAt, new Date(now - PERIODS.month)),
        ...(options.except ? [ne(payins.id, options.except)] : []),
      ),
    )
    .groupBy(payins.initialCurrency);
  const convert = (minor: number, from: string, to: string) => (from === to ? minor : convertMinor(minor, from, to, options.rates));
  const room: Partial<Record<Period, { limit: number; remaining: number }>> = {};
  for (const { currency: limitCurrency, limits } of limited) {
    // A currency without a rate cannot be compared: its limit then binds deposits in its own currency only.
    const comparable = (c: string) => c === limitCurrency || (options.rates[c] !== undefined && options.rates[limitCurrency] !== undefined);
    if (!comparable(currency)) continue;
    const usedIn = (period: Period) =>
      rows.reduce((sum, r) => (comparable(r.currency) ? sum + convert(Number(r[period]), r.currency, limitCurrency) : sum), 0);
    const own = roomFromUsed(limits, { day: usedIn('day'), week: usedIn('week'), month: usedIn('month') });
    for (const [period, r] of Object.entries(own) as [Period, { limit: number; remaining: number }][]) {
      const here = {
        limit: convert(r.limit, limitCurrency, currency),
        remaining: Math.max(0, convert(r.remaining, limitCurrency, currency)),
      };
      const tightest = room[period];
      if (!tightest || here.remaining < tightest.remaining) room[period] = here;
    }
  }
  return room;
}
