/**
 * What binds a deposit of a customer when it is paid (E19, E23; docs/design.md, sections 3 and
 * 8): a time-out or self-exclusion the merchant recorded, and the customer's deposit limits in
 * every currency. The one check every pay-in passes on its way to SUCCESS (`refusalAtPayment`,
 * called by changePayin in records.ts), so no path (card, 3-D Secure Method or challenge, SPC,
 * wallet, APM, a timed outcome, host-to-host) can pay a deposit the rules refuse. Lives in the
 * core layer for that reason; the merchant layer (responsible-gambling.ts, cashier-rules.ts)
 * builds its answers on it. Integer minor units inside.
 */
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { customers, payins } from '@/lib/db/schema';
import { exceededPeriod, PERIODS, roomFromUsed, type Period } from '@/lib/cashier/limits';
import { limitsAcross } from '@/lib/cashier/limit-changes';
import { convertMinor, formatMinor } from '@/lib/money';
import type { StoredGambling, StoredStatusReason } from '@/lib/db/stored-shapes';
import { merchantConfig } from './request-context';

type CustomerRow = typeof customers.$inferSelect;
type PayinRow = typeof payins.$inferSelect;
type LimitsRow = Pick<CustomerRow, 'depositLimits' | 'gambling'>;

/** Pay-in statuses that count against a deposit limit: paid, or on their way to being paid. */
const COUNTED = ['SUCCESS', 'PENDING', 'PENDING_3DS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;

/** The active exclusion of a customer at `now`, or null (a time-out or fixed term that ended is over). */
export function activeExclusion(gambling: StoredGambling | null | undefined, now = new Date()) {
  const e = gambling?.exclusion;
  if (!e) return null;
  if (e.until && new Date(e.until).getTime() <= now.getTime()) return null;
  return e;
}

/**
 * A customer's limits at `now` across currencies (limitsAcross): those in force per currency they
 * were set in, the raises waiting and those ready to confirm (minor units of each currency).
 */
export const customerLimitsAcross = (row: LimitsRow | null | undefined, now = new Date()) =>
  limitsAcross(row?.depositLimits ?? {}, row?.gambling?.pending ?? {}, now);

/**
 * What the customer's deposit limits leave now, per period, in `currency` (minor units): every
 * limit binds every deposit, whatever their currencies (E23: a limit set in GBP cannot be escaped
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
  let customer = options.row;
  if (customer === undefined) {
    const query = tx
      .select({ depositLimits: customers.depositLimits, gambling: customers.gambling })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    [customer] = options.lock ? await query.for('update') : await query;
  }
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
      if (!room[period] || here.remaining < room[period]!.remaining) room[period] = here;
    }
  }
  return room;
}

/**
 * Why a pay-in about to become SUCCESS must be declined instead, or null when it may be paid.
 * Locks the customer row for the rest of the transaction (the pay-in row is locked by the caller
 * first: pay-in, then customer, as every path locks them). Every pay-in of a customer in a
 * time-out or self-excluded (E23) is BLOCKED_CUSTOMER; a cashier deposit (one of a session) that
 * would pass the customer's deposit limits as they are now (E19, E23: a limit lowered while the
 * deposit was under way binds it) is CUSTOMER_ISSUES, its reason naming the limit. The pay-in
 * itself is not counted (it is on its way, so counted already). Source: docs/design.md, E19 and
 * E23 ("checked ... again when the pay-in is paid").
 */
export async function refusalAtPayment(tx: Db, row: PayinRow, now = new Date()): Promise<StoredStatusReason | null> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId)).limit(1).for('update');
  const exclusion = activeExclusion(customer?.gambling, now);
  if (exclusion) {
    return {
      status: 'DECLINED',
      detailedStatus: 'BLOCKED_CUSTOMER',
      reason:
        exclusion.kind === 'TIME_OUT'
          ? 'The customer is taking a break from gambling: no deposits'
          : 'The customer is self-excluded: no deposits',
    };
  }
  if (!row.sessionId || !customer) return null;
  const config = await merchantConfig(tx, row.merchantId);
  const room = await depositRoomMinor(tx, row.customerId, row.initialCurrency, { row: customer, rates: config.ratesToEur, except: row.id });
  const over = exceededPeriod(room, row.initialAmountMinor - (row.feeMinor ?? 0));
  if (!over) return null;
  const money = (minor: number) => formatMinor(minor, row.initialCurrency, 'en');
  return {
    status: 'DECLINED',
    detailedStatus: 'CUSTOMER_ISSUES',
    reason: `The deposit would pass the customer's deposit limit of ${money(over.limit)} a ${over.period}; ${money(over.remaining)} is left`,
  };
}
