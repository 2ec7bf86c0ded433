/**
 * Row ↔ API record mapping of the sandbox's pay-ins and payouts, and the one place where
 * their status changes are written: each change queues the merchant's event and, for a
 * legacy host-to-host pay-in, its webhook, in the same transaction (outbox).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payins, payouts } from '@/lib/db/schema';
import type { DetailedStatus, PayinStatus, PayoutStatus } from '@/lib/contract/enums';
import type { PayinTransaction } from '@/lib/contract/payin';
import type { PayoutTransaction } from '@/lib/contract/payout';
import type { ReturnUrls } from '@/lib/contract/common';
import { toMajor } from '@/lib/money';
import { enqueueEvent } from './webhooks';
import { enqueueH2hWebhook } from './h2h-webhook';

export type PayinRow = typeof payins.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

/** Processing attempts a pay-in allows; a DECLINED one may be processed again below this. */
export const MAX_ATTEMPTS = 3;

/** A card as the sandbox keeps it: never the PAN or the CVV. */
export interface StoredCard {
  cardId?: string;
  mask: string;
  brand: string;
  hash: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string;
}

/** A timed outcome (test cards, unanswered challenge, payout processing) due at `pendingUntil`. */
export interface PendingOutcome {
  status: string;
  detailedStatus?: DetailedStatus;
  reason?: string;
}

export const REASONS: Partial<Record<DetailedStatus, string>> = {
  CARD_DECLINED: 'The card was declined by the issuer',
  GENERAL_DECLINE: 'The payment was declined by the provider',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  CARD_EXPIRED: 'The card has expired',
  CVV_INVALID: 'The security code is not valid',
  PSP_ISSUES: 'The processor could not process the payment',
  TRANSACTION_TIMEOUT: 'The payment timed out',
  AUTHENTICATION_FAILED: '3-D Secure authentication failed',
  NO_PROVIDER_AVAILABLE: 'No processor is available for this payment',
};

/** statusReason for a status with a detailed reason, or null. */
export function reasonFor(status: string, detailed: DetailedStatus | undefined) {
  return detailed ? { reason: REASONS[detailed] ?? detailed, detailedStatus: detailed, status } : null;
}

function attemptsRemaining(row: PayinRow): number {
  return row.status === 'CREATED' || row.status === 'DECLINED' ? Math.max(0, MAX_ATTEMPTS - row.attemptCount) : 0;
}

export function toPayinTransaction(row: PayinRow): PayinTransaction {
  const card = row.card as StoredCard | null;
  const reason = row.statusReason as PayinTransaction['statusReason'] | null;
  return {
    id: row.id,
    amount: toMajor(row.amountMinor, row.currency),
    merchantId: row.merchantId,
    customerId: row.customerId,
    orderId: row.orderId,
    currency: row.currency,
    status: row.status as PayinStatus,
    initialAmount: toMajor(row.initialAmountMinor, row.initialCurrency),
    initialCurrency: row.initialCurrency,
    ...(row.routerId ? { routerId: row.routerId } : {}),
    returnUrls: row.returnUrls as ReturnUrls,
    ...(card?.cardId ? { cardId: card.cardId } : {}),
    ...(card ? { cardMask: card.mask, cardBrand: card.brand, cardHash: card.hash } : {}),
    ...(row.pspId ? { merchantPspId: row.pspId } : {}),
    ...(row.pspTransactionId ? { pspTransactionId: row.pspTransactionId } : {}),
    ...(reason ? { statusReason: reason } : {}),
    previousTransactionCount: row.previousTransactionCount,
    ...(row.metadata ? { metadata: row.metadata as PayinTransaction['metadata'] } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType as PayinTransaction['transactionType'] } : {}),
    ...(row.additionalData ? { additionalData: row.additionalData as Record<string, unknown> } : {}),
    ...(row.pspTransactionId ? { pspAdditionalData: { processor: row.pspId, reference: row.pspTransactionId } } : {}),
    attemptsRemaining: attemptsRemaining(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPayoutTransaction(row: PayoutRow): PayoutTransaction {
  const card = row.card as StoredCard | null;
  const reason = row.statusReason as PayoutTransaction['statusReason'] | null;
  return {
    id: row.id,
    value: toMajor(row.valueMinor, row.currency),
    merchantId: row.merchantId,
    customerId: row.customerId,
    orderId: row.orderId,
    currency: row.currency,
    status: row.status as PayoutStatus,
    initialAmount: toMajor(row.initialValueMinor, row.initialCurrency),
    initialCurrency: row.initialCurrency,
    ...(row.routerId ? { routerId: row.routerId } : {}),
    ...(reason ? { statusReason: reason } : {}),
    ...(card ? { cardMask: card.mask, cardBrand: card.brand } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType as PayoutTransaction['transactionType'] } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Writes a change to a pay-in; a new status queues `payin.status_changed` (and the h2h webhook). */
export async function changePayin(tx: Db, row: PayinRow, set: Partial<typeof payins.$inferInsert>): Promise<PayinRow> {
  const [updated] = await tx.update(payins).set({ ...set, updatedAt: new Date() }).where(eq(payins.id, row.id)).returning();
  if (!updated) throw new Error('pay-in vanished during update');
  if (updated.status !== row.status) {
    await enqueueEvent(tx, updated.merchantId, 'payin.status_changed', updated.id, {
      object: toPayinTransaction(updated),
      previousStatus: row.status,
    });
    if (updated.h2h) await enqueueH2hWebhook(tx, updated);
  }
  return updated;
}

/** Writes a change to a payout; a new status queues `payout.status_changed`. */
export async function changePayout(tx: Db, row: PayoutRow, set: Partial<typeof payouts.$inferInsert>): Promise<PayoutRow> {
  const [updated] = await tx.update(payouts).set({ ...set, updatedAt: new Date() }).where(eq(payouts.id, row.id)).returning();
  if (!updated) throw new Error('payout vanished during update');
  if (updated.status !== row.status) {
    await enqueueEvent(tx, updated.merchantId, 'payout.status_changed', updated.id, {
      object: toPayoutTransaction(updated),
      previousStatus: row.status,
    });
  }
  return updated;
}

/** The timed outcome of a pay-in or payout row if it is due at `now`, else null. */
function dueOutcome(row: { pendingUntil: Date | null; pendingOutcome: unknown }, now: Date): PendingOutcome | null {
  if (!row.pendingUntil || row.pendingUntil > now) return null;
  return row.pendingOutcome as PendingOutcome;
}

/**
 * Applies a locked row's due timed outcome through its table's change function (changePayin,
 * changePayout: the status event is queued with it); a row with nothing due is returned as is.
 */
export async function settleDue<R extends { pendingUntil: Date | null; pendingOutcome: unknown }>(
  row: R,
  change: (row: R, set: { status: string; statusReason: ReturnType<typeof reasonFor>; pendingUntil: null; pendingOutcome: null }) => Promise<R>,
  now = new Date(),
): Promise<R> {
  const outcome = dueOutcome(row, now);
  if (!outcome) return row;
  return change(row, { status: outcome.status, statusReason: reasonFor(outcome.status, outcome.detailedStatus), pendingUntil: null, pendingOutcome: null });
}
