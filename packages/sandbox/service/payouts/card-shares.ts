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
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, payouts } from '@sandbox/db/schema';
import { PAYOUT_STATUSES } from '@/lib/contract/enums';
import { convertMinor } from '@/lib/money';
import { PAID_PAYIN_STATUSES } from '../bank/closed-loop';

/** Payout statuses whose card has received its money or may still: all but REJECTED (a cancel too) and FAILED. */
export const RECEIVING_PAYOUT_STATUSES = PAYOUT_STATUSES.filter((s) => s !== 'REJECTED' && s !== 'FAILED');

/** One card's sums in one currency (ISO 4217), minor units of it. */
export interface CardSums {
  currency: string;
  /** What the card's paid pay-ins brought to the balance: without the fee, less the refunded part. */
  paidInMinor: number;
  /** What the card's payouts (not rejected, not failed) send it. */
  receivedMinor: number;
}

const payinHash = sql<string>`${payins.card}->>'hash'`;
const payoutHash = sql<string>`${payouts.card}->>'hash'`;
/** A pay-in's amount credited to the balance (initial currency, fee excluded) less its share of the refunds (refunds are in the processed currency's minor units). */
const credited = sql<string>`coalesce(sum((${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) - case when ${payins.amountMinor} > 0 then round(${payins.refundedMinor}::numeric * (${payins.initialAmountMinor} - coalesce(${payins.feeMinor}, 0)) / ${payins.amountMinor}) else 0 end), 0)`;

/** A customer's cards at a merchant as the closed loop reads them. */
export interface CardLedger {
  /** The keyed hashes of the cards of their paid card pay-ins (the deposit cards), a fully refunded one's too. */
  depositHashes: Set<string>;
  /** Each card's sums (a deposit card's, or a card that only received), by keyed hash. */
  sums: Map<string, CardSums[]>;
}

/**
 * The deposit cards of `customerId` at `merchantId` and every card's sums, by card hash then
 * currency. Two grouped statements; reads only (the caller locks the customer where it decides on them).
 */
export async function cardLedger(tx: Db, merchantId: string, customerId: string): Promise<CardLedger> {
  const paidIn = await tx
    .select({ hash: payinHash, currency: payins.initialCurrency, minor: credited })
    .from(payins)
    .where(
      and(
        eq(payins.customerId, customerId),
        eq(payins.merchantId, merchantId),
        inArray(payins.status, [...PAID_PAYIN_STATUSES]),
        isNotNull(payins.card),
      ),
    )
    .groupBy(payinHash, payins.initialCurrency);
  const received = await tx
    .select({ hash: payoutHash, currency: payouts.initialCurrency, minor: sql<string>`coalesce(sum(${payouts.initialValueMinor}), 0)` })
    .from(payouts)
    .where(
      and(
        eq(payouts.customerId, customerId),
        eq(payouts.merchantId, merchantId),
        inArray(payouts.status, RECEIVING_PAYOUT_STATUSES),
        isNotNull(payouts.card),
      ),
    )
    .groupBy(payoutHash, payouts.initialCurrency);
  const sums = new Map<string, CardSums[]>();
  const entry = (cardHash: string, currency: string): CardSums => {
    let card = sums.get(cardHash);
    if (!card) sums.set(cardHash, (card = []));
    let e = card.find((s) => s.currency === currency);
    if (!e) card.push((e = { currency, paidInMinor: 0, receivedMinor: 0 }));
    return e;
  };
  const depositHashes = new Set<string>();
  for (const r of paidIn) {
    if (!r.hash) continue;
    depositHashes.add(r.hash);
    entry(r.hash, r.currency).paidInMinor += Number(r.minor);
  }
  for (const r of received) if (r.hash) entry(r.hash, r.currency).receivedMinor += Number(r.minor);
  return { depositHashes, sums };
}

/**
 * A card's share left, in minor units of `currency` (ISO 4217): what it paid in less what it
 * received, never below 0, each currency's sums converted at `rates` (the merchant's rates to EUR).
 * A pay-in in a currency without a rate is left out (it cannot be compared); a payout in one leaves
 * nothing (what it took cannot be told). Pure.
 *
 * @example shareMinor([{ currency: 'EUR', paidInMinor: 1000, receivedMinor: 400 }], 'EUR', { EUR: 1 }) // 600
 */
export function shareMinor(sums: readonly CardSums[] | undefined, currency: string, rates: Record<string, number>): number {
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
