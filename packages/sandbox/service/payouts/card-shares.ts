/**
 * A card's share of a customer's balance (docs/design.md, "Withdrawals by card (closed loop)"):
 * return to source with an amount. A card (by its keyed hash, `payins.card.hash`) may receive back at
 * most what it paid in to that customer at that merchant, net of what it has already received.
 *
 * - Paid in: each paid card pay-in of the customer (SUCCESS, REFUND_PENDING, PARTIALLY_REFUNDED,
 *   REFUNDED, REFUND_FAILED), for what reached the balance: its initial amount without the cashier
 *   fee, less its share of what was refunded (a refund counts from the moment it is asked,
 *   REFUND_PENDING; a fully refunded pay-in adds nothing). The sandbox has no chargebacks; one
 *   would take its pay-in's whole amount out of the share.
 * - Received: each payout of the customer given that card, in every status but REJECTED and FAILED
 *   (CREATED with a card, WAITING_FOR_CONFIRMATION, PENDING, PROCESSED, TIMEOUT): a payout on its
 *   way holds its part, so two withdrawals at once cannot both take the same share; a TIMEOUT's money
 *   may have reached the card, so it keeps its part; a rejected, cancelled or failed one frees it.
 *   For what the card is sent: the payout's initial value (a cashier withdrawal's fee stays out).
 * - Amounts are integers in ISO 4217 minor units, summed per currency (the pay-in's and payout's
 *   initial currency) and compared in one currency at the merchant's rates (`convertMinor`).
 *
 * The same arithmetic serves every source kind (`sourceLedger`, `shareMinor`): an APM account's
 * share (apm-closed-loop.ts) is counted as a card's, keyed by its source key instead of a card hash.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, payouts } from '@sandbox/db/schema';
import { PAYOUT_STATUSES } from '@hosted-checkout/contract/enums';
import { convertMinor } from '@hosted-checkout/contract/money';
import { PAID_PAYIN_STATUSES } from '../bank/closed-loop';

/** Payout statuses whose card has received its money or may still: all but REJECTED (a cancel too) and FAILED. */
export const RECEIVING_PAYOUT_STATUSES = PAYOUT_STATUSES.filter((s) => s !== 'REJECTED' && s !== 'FAILED');

/** One source's sums (a card's, an APM account's) in one currency (ISO 4217), minor units of it. */
export interface SourceSums {
  currency: string;
  /** What the source's paid pay-ins brought to the balance: without the fee, less the refunded part. */
  paidInMinor: number;
  /** What the source's payouts (not rejected, not failed) send it. */
  receivedMinor: number;
}

/** One card's sums: a source's, the card known by its keyed hash. */
export type CardSums = SourceSums;

/** A pay-in's amount credited to the balance (initial currency, fee excluded) less its share of the refunds (refunds are in the processed currency's minor units). */
const credited = sql<string>`coalesce(sum((${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) - case when ${payins.amountMinor} > 0 then round(${payins.refundedMinor}::numeric * (${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) / ${payins.amountMinor}) else 0 end), 0)`;

/** A customer's sources of one kind at a merchant as the closed loop reads them, by their keys (a card's keyed hash, an APM account's source key). */
export interface SourceLedger {
  /** The keys of the sources of their paid pay-ins (the deposit sources), a fully refunded one's too. */
  depositKeys: Set<string>;
  /** Each source's sums (a deposit source's, or one that only received), by key. */
  sums: Map<string, SourceSums[]>;
}

/** How one kind of source is told in the rows: its key in a pay-in and in a payout, and which rows are of that kind. */
export interface SourceKind {
  payinKey: SQL<string>;
  payoutKey: SQL<string>;
  /** Pay-ins of this kind (e.g. a card's: `card` not null). */
  payinWhere: SQL | undefined;
  /** Payouts of this kind. */
  payoutWhere: SQL | undefined;
}

/** The condition on pay-ins or payouts (`table`) that they are `customerId`'s at `merchantId`. */
export const ofCustomerAt = (table: typeof payins | typeof payouts, merchantId: string, customerId: string) =>
  and(eq(table.customerId, customerId), eq(table.merchantId, merchantId));

/**
 * The deposit sources of `customerId` at `merchantId` of `kind` and every source's sums, by key
 * then currency. Two grouped statements; reads only (the caller locks the customer where it decides on them).
 */
export async function sourceLedger(tx: Db, merchantId: string, customerId: string, kind: SourceKind): Promise<SourceLedger> {
  const paidIn = await tx
    .select({ key: kind.payinKey, currency: payins.initialCurrency, minor: credited })
    .from(payins)
    .where(and(ofCustomerAt(payins, merchantId, customerId), inArray(payins.status, [...PAID_PAYIN_STATUSES]), kind.payinWhere))
    .groupBy(kind.payinKey, payins.initialCurrency);
  const received = await tx
    .select({ key: kind.payoutKey, currency: payouts.initialCurrency, minor: sql<string>`coalesce(sum(${payouts.initialValueMinor}), 0)` })
    .from(payouts)
    .where(and(ofCustomerAt(payouts, merchantId, customerId), inArray(payouts.status, RECEIVING_PAYOUT_STATUSES), kind.payoutWhere))
    .groupBy(kind.payoutKey, payouts.initialCurrency);
  const sums = new Map<string, SourceSums[]>();
  const entry = (key: string, currency: string): SourceSums => {
    let source = sums.get(key);
    if (!source) sums.set(key, (source = []));
    let e = source.find((s) => s.currency === currency);
    if (!e) source.push((e = { currency, paidInMinor: 0, receivedMinor: 0 }));
    return e;
  };
  const depositKeys = new Set<string>();
  for (const r of paidIn) {
    if (!r.key) continue;
    depositKeys.add(r.key);
    entry(r.key, r.currency).paidInMinor += Number(r.minor);
  }
  for (const r of received) if (r.key) entry(r.key, r.currency).receivedMinor += Number(r.minor);
  return { depositKeys, sums };
}

/** A customer's cards at a merchant as the closed loop reads them. */
export interface CardLedger {
  /** The keyed hashes of the cards of their paid card pay-ins (the deposit cards), a fully refunded one's too. */
  depositHashes: Set<string>;
  /** Each card's sums (a deposit card's, or a card that only received), by keyed hash. */
  sums: Map<string, CardSums[]>;
}

const CARDS: SourceKind = {
  payinKey: sql<string>`${payins.card}->>'hash'`,
  payoutKey: sql<string>`${payouts.card}->>'hash'`,
  payinWhere: isNotNull(payins.card),
  payoutWhere: isNotNull(payouts.card),
};

/**
 * The deposit cards of `customerId` at `merchantId` and every card's sums, by card hash then
 * currency (sourceLedger). Reads only (the caller locks the customer where it decides on them).
 */
export async function cardLedger(tx: Db, merchantId: string, customerId: string): Promise<CardLedger> {
  const { depositKeys, sums } = await sourceLedger(tx, merchantId, customerId, CARDS);
  return { depositHashes: depositKeys, sums };
}

/**
 * A source's share left (a card's, an APM account's), in minor units of `currency` (ISO 4217): what it paid in less what it
 * received, never below 0, each currency's sums converted at `rates` (the merchant's rates to EUR).
 * A pay-in in a currency without a rate is left out (it cannot be compared); a payout in one leaves
 * nothing (what it took cannot be told). Pure.
 *
 * @example shareMinor([{ currency: 'EUR', paidInMinor: 1000, receivedMinor: 400 }], 'EUR', { EUR: 1 }) // 600
 */
export function shareMinor(sums: readonly SourceSums[] | undefined, currency: string, rates: Record<string, number>): number {
  let paidIn = 0;
  let received = 0;
  for (const s of sums ?? []) {
    const comparable = s.currency === currency || (rates[s.currency] !== undefined && rates[currency] !== undefined);
    if (!comparable) {
      if (s.receivedMinor > 0) return 0;
      continue;
    }
    paidIn += convertMinor(s.paidInMinor, s.currency, currency, rates);
    received += convertMinor(s.receivedMinor, s.currency, currency, rates);
  }
  return Math.max(0, paidIn - received);
}
