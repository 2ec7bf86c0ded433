/**
 * A customer's net deposits over a window (docs/design.md, section 8): what they deposited less
 * what was paid out to them. The one definition of "net" in the sandbox, read wherever it matters:
 * the net deposit and loss limits a customer sets (financial-limits.ts, every licence), the KSA's
 * net deposit threshold of the calendar month (net-deposit-threshold.ts) and the UKGC's signal to
 * the merchant that financial vulnerability checks are due (£150 net over a rolling 30 days,
 * financial-check-signal.ts); other licences' rules may reuse it.
 *
 * - A deposit counts by when it was paid (`processed_at`, as deposit limits count it), for the
 *   amount the customer deposited without the cashier fee, less what was refunded of it (its
 *   share of the refund). `paid`: SUCCESS, REFUND_PENDING, PARTIALLY_REFUNDED, REFUND_FAILED;
 *   with `onTheirWay`, also PENDING and PENDING_3DS (a deposit about to be paid must not slip
 *   under a limit beside another).
 * - A withdrawal counts only once it is PROCESSED (paid out), by when it was paid out (the
 *   payout's `processed_at`, stamped by changePayout in core/records.ts), for the value asked without
 *   its fee. One CREATED, WAITING_FOR_CONFIRMATION or PENDING lowers nothing (it may still be
 *   cancelled or fail: counting it would let a customer withdraw, deposit into the room it made,
 *   then cancel, and pay in past any limit), nor one REJECTED (cancelled), FAILED or TIMEOUT.
 * - Amounts are summed per currency (ISO 4217, the pay-in's and payout's initial currency) in
 *   minor units; `netDepositsMinor` converts them into one currency at the sandbox's rates, leaving
 *   out a currency without a rate (it cannot be compared).
 *
 * Net deposits may be negative (more paid out than put in). In the core layer because the check
 * every deposit passes when it is paid (deposit-rules.ts, through financial-limits.ts) reads it.
 */
import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, payouts } from '@sandbox/db/schema';
import type { PayoutStatus } from '@hosted-checkout/contract/enums';
import { convertMinor } from '@hosted-checkout/contract/money';

/** Pay-in statuses whose money the customer paid in. */
export const PAID_DEPOSITS = ['SUCCESS', 'REFUND_PENDING', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;
/** Pay-in statuses on their way to being paid. */
export const DEPOSITS_ON_THEIR_WAY = ['PENDING', 'PENDING_3DS'] as const;
/** Payout statuses that lower net deposits: paid out only (never on its way, cancelled or failed). */
export const PAID_OUT = ['PROCESSED'] as const satisfies readonly PayoutStatus[];

/** One currency's sums over a window, minor units of `currency` (ISO 4217): deposits counted, withdrawals paid out. */
export interface NetDepositsInCurrency {
  currency: string;
  depositedMinor: number;
  withdrawnMinor: number;
}

/** Options of a net-deposit reading: count deposits on their way too (`onTheirWay`), leave one pay-in out (`except`: the one being paid). */
export interface NetDepositsOptions {
  onTheirWay?: boolean;
  except?: string;
}

/**
 * A customer's deposits and withdrawals paid out in the window (`from`, `to`] per currency, minor
 * units of each (see the module's notes for what counts and when). Two statements, by the indexes
 * of pay-ins and payouts by customer and payment time; currencies with neither are left out.
 */
export async function netDepositsByCurrency(
  tx: Db,
  customerId: string,
  from: Date,
  to: Date,
  options: NetDepositsOptions = {},
): Promise<NetDepositsInCurrency[]> {
  const statuses: string[] = [...PAID_DEPOSITS, ...(options.onTheirWay ? DEPOSITS_ON_THEIR_WAY : [])];
  // The deposit without its fee, less its share of what was refunded (refunds are in the processed currency's minor units).
  const deposited = sql<string>`coalesce(sum((${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) - case when ${payins.amountMinor} > 0 then round(${payins.refundedMinor}::numeric * (${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) / ${payins.amountMinor}) else 0 end), 0)`;
  const deposits = await tx
    .select({ currency: payins.initialCurrency, minor: deposited })
    .from(payins)
    .where(
      and(
        eq(payins.customerId, customerId),
        inArray(payins.status, statuses as (typeof payins.status.enumValues)[number][]),
        gt(payins.processedAt, from),
        lte(payins.processedAt, to),
        ...(options.except ? [ne(payins.id, options.except)] : []),
      ),
    )
    .groupBy(payins.initialCurrency);
  // Withdrawals paid out in the window, by when they were paid out (by the index of payouts by customer and that time).
  const withdrawals = await tx
    .select({ currency: payouts.initialCurrency, minor: sql<string>`coalesce(sum(${payouts.initialValueMinor}), 0)` })
    .from(payouts)
    .where(
      and(
        eq(payouts.customerId, customerId),
        inArray(payouts.status, [...PAID_OUT]),
        gt(payouts.processedAt, from),
        lte(payouts.processedAt, to),
      ),
    )
    .groupBy(payouts.initialCurrency);
  const byCurrency = new Map<string, NetDepositsInCurrency>();
  const entry = (currency: string) => {
    let e = byCurrency.get(currency);
    if (!e) byCurrency.set(currency, (e = { currency, depositedMinor: 0, withdrawnMinor: 0 }));
    return e;
  };
  for (const d of deposits) entry(d.currency).depositedMinor += Number(d.minor);
  for (const w of withdrawals) entry(w.currency).withdrawnMinor += Number(w.minor);
  return [...byCurrency.values()];
}

/**
 * Sums `sums` (per currency, minor units) into `currency` (ISO 4217) at `rates` (the sandbox's
 * rates to EUR): deposited less withdrawn, minor units of `currency`. A currency without a rate is
 * left out (it binds only its own currency).
 */
export function netInCurrency(sums: readonly NetDepositsInCurrency[], currency: string, rates: Record<string, number>): number {
  let net = 0;
  for (const s of sums) {
    const minor = s.depositedMinor - s.withdrawnMinor;
    if (s.currency === currency) net += minor;
    else if (rates[s.currency] !== undefined && rates[currency] !== undefined) net += convertMinor(minor, s.currency, currency, rates);
  }
  return net;
}

/**
 * A customer's net deposits in the window (`from`, `to`]: deposits paid (with `onTheirWay`, also
 * those on their way) less withdrawals paid out (PROCESSED) in it, in minor units of `currency`
 * (ISO 4217), other currencies converted at `rates` (the sandbox's rates to EUR; one without a
 * rate left out). Negative when more was paid out than put in.
 *
 * @example const net = await netDepositsMinor(tx, customerId, new Date(now - 30 * 86_400_000), new Date(now), { currency: 'GBP', rates });
 */
export async function netDepositsMinor(
  tx: Db,
  customerId: string,
  from: Date,
  to: Date,
  options: NetDepositsOptions & { currency: string; rates: Record<string, number> },
): Promise<number> {
  return netInCurrency(await netDepositsByCurrency(tx, customerId, from, to, options), options.currency, options.rates);
}
