/**
 * Row ↔ API record mapping of the sandbox's pay-ins and payouts, and the one place where
 * their status changes are written: each is checked against the transitions table
 * (transitions.ts, 409 INVALID_STATE) and queues the merchant's event and, for a legacy
 * host-to-host pay-in, its webhook, in the same transaction (outbox).
 */
import { acsUrl } from './acs-url';
import { checkoutUrl, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, payins, payouts } from '@sandbox/db/schema';
import { PAYOUT_STATUSES, type DetailedStatus, type PayinStatus, type PayoutStatus } from '@hosted-checkout/contract/enums';
import type { PayinTransaction } from '@hosted-checkout/contract/payin';
import type { PayoutTransaction } from '@hosted-checkout/contract/payout';
import { toMajor } from '@hosted-checkout/contract/money';
import type { CashierEventContext } from '@hosted-checkout/contract/events';
import { enqueueEvent } from './webhooks';
import { cashierEventContext } from './cashier-context';
import { enqueueH2hWebhook } from './h2h-webhook';
import { assertTransition, isTerminal } from './transitions';
import { emitStatusChange, paymentRefusal } from './status-events';
import type { PendingOutcome, StoredStatusReason } from '@sandbox/db/stored-shapes';
import { shownResult } from './sca-decision';

export type PayinRow = typeof payins.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

/** Processing attempts a pay-in allows; a DECLINED one may be processed again below this. */
export const MAX_ATTEMPTS = 3;

export const REASONS: Partial<Record<DetailedStatus, string>> = {
  CARD_DECLINED: 'The card was declined by the issuer',
  CUSTOMER_CANCELLED: 'The customer cancelled the withdrawal',
  GENERAL_DECLINE: 'The payment was declined by the provider',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  CARD_EXPIRED: 'The card has expired',
  CVV_INVALID: 'The security code is not valid',
  PSP_ISSUES: 'The processor could not process the payment',
  TRANSACTION_TIMEOUT: 'The payment timed out',
  AUTHENTICATION_FAILED: '3-D Secure authentication failed',
  NO_PROVIDER_AVAILABLE: 'No processor is available for this payment',
  BLOCKED_CUSTOMER: 'The customer may not deposit now',
};

/** statusReason for a status with a detailed reason, or null. */
export function reasonFor(status: PayinStatus | PayoutStatus, detailed: DetailedStatus | undefined): StoredStatusReason | null {
  return detailed ? { reason: REASONS[detailed] ?? detailed, detailedStatus: detailed, status } : null;
}

/** Processing attempts a pay-in has left: 0 unless it is CREATED or DECLINED (fetch answer, and processing answers). */
export function attemptsRemaining(row: PayinRow): number {
  return row.status === 'CREATED' || row.status === 'DECLINED' ? Math.max(0, MAX_ATTEMPTS - row.attemptCount) : 0;
}

export function toPayinTransaction(row: PayinRow): PayinTransaction {
  const card = row.card;
  const reason = row.statusReason;
  const threeDs = row.threeDs;
  // The ACS page a PENDING_3DS pay-in waits on (its challenge; none during the 3DS Method).
  const challengeUrl =
    row.status === 'PENDING_3DS' && threeDs?.phase !== 'METHOD'
      ? acsUrl({ checkoutUrl: checkoutUrl(), sandboxUrl: sandboxPublicUrl() }, row.id)
      : null;
  const threeDsResult = shownResult(row);
  return {
    id: row.id,
    amount: toMajor(row.amountMinor, row.currency),
    merchantId: row.merchantId,
    customerId: row.customerId,
    orderId: row.orderId,
    currency: row.currency,
    status: row.status,
    initialAmount: toMajor(row.initialAmountMinor, row.initialCurrency),
    initialCurrency: row.initialCurrency,
    ...(row.routerId ? { routerId: row.routerId } : {}),
    returnUrls: row.returnUrls,
    ...(card?.cardId ? { cardId: card.cardId } : {}),
    ...(card ? { cardMask: card.mask, cardBrand: card.brand, cardHash: card.hash } : {}),
    ...(row.pspId ? { merchantPspId: row.pspId } : {}),
    ...(row.pspTransactionId ? { pspTransactionId: row.pspTransactionId } : {}),
    ...(reason ? { statusReason: reason } : {}),
    previousTransactionCount: row.previousTransactionCount,
    ...(row.metadata ? { metadata: row.metadata } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType as PayinTransaction['transactionType'] } : {}),
    ...(row.additionalData ? { additionalData: row.additionalData } : {}),
    ...(row.pspTransactionId ? { pspAdditionalData: { processor: row.pspId, reference: row.pspTransactionId } } : {}),
    attemptsRemaining: attemptsRemaining(row),
    ...(threeDs?.methodCompletion ? { threeDSCompInd: threeDs.methodCompletion } : {}),
    ...(challengeUrl ? { challengeUrl } : {}),
    ...(row.feeMinor !== null ? { fee: toMajor(row.feeMinor, row.initialCurrency) } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    ...(row.authentication ? { authentication: row.authentication } : {}),
    ...(threeDsResult ? { threeDs: threeDsResult } : {}),
    // Paid by Click to Pay (docs/design.md, E28): the token that stood for the card. The link and identity are added at a read.
    ...(card?.clickToPay ? { clickToPay: { paidWith: card.clickToPay.paidWith } } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPayoutTransaction(row: PayoutRow): PayoutTransaction {
  const card = row.card;
  const reason = row.statusReason;
  return {
    id: row.id,
    value: toMajor(row.valueMinor, row.currency),
    merchantId: row.merchantId,
    customerId: row.customerId,
    orderId: row.orderId,
    currency: row.currency,
    status: row.status,
    initialAmount: toMajor(row.initialValueMinor, row.initialCurrency),
    initialCurrency: row.initialCurrency,
    ...(row.routerId ? { routerId: row.routerId } : {}),
    ...(reason ? { statusReason: reason } : {}),
    ...(card ? { cardMask: card.mask, cardBrand: card.brand } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType as PayoutTransaction['transactionType'] } : {}),
    ...(row.feeMinor !== null ? { fee: toMajor(row.feeMinor, row.initialCurrency) } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    ...(row.payoutDueAt ? { payoutDueAt: row.payoutDueAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The event's `cashier` member for a payment of a cashier session (cashier-context.ts); nothing for one outside a session. */
async function cashierData(tx: Db, payment: PayinRow | PayoutRow): Promise<{ cashier?: CashierEventContext }> {
  const cashier = await cashierEventContext(tx, payment);
  return cashier ? { cashier } : {};
}

/**
 * Writes a change to a pay-in (`row`: read locked by the caller). A status in `set` must be an
 * edge of the transitions table (409 INVALID_STATE, the same status included); a new status
 * queues `payin.status_changed` (in a cashier session with `cashier`: whose deposit it is) and,
 * for a host-to-host pay-in, its webhook, then tells the status listeners (status-events.ts). The one way to SUCCESS: the payment guards are heard first, and a pay-in one
 * of them refuses ends DECLINED instead, with its reason, whichever path paid it (responsible
 * gambling registers its guard, exclusions and limits: responsible-gambling/status-listeners.ts).
 */
export async function changePayin(tx: Db, row: PayinRow, set: Partial<typeof payins.$inferInsert>): Promise<PayinRow> {
  if (set.status !== undefined) assertTransition('payin', row.status, set.status);
  if (set.status === 'SUCCESS') {
    const refusal = await paymentRefusal(tx, row);
    if (refusal) set = { ...set, status: 'DECLINED', statusReason: refusal, pendingUntil: null, pendingOutcome: null };
  }
  const [updated] = await tx
    .update(payins)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payins.id, row.id))
    .returning();
  if (!updated) throw new Error('pay-in vanished during update');
  if (updated.status !== row.status) {
    await enqueueEvent(tx, updated.merchantId, 'payin.status_changed', updated.id, {
      object: toPayinTransaction(updated),
      previousStatus: row.status,
      ...(await cashierData(tx, updated)),
    });
    if (updated.h2h) await enqueueH2hWebhook(tx, updated);
    await emitStatusChange(tx, { kind: 'payin', row: updated, previous: row.status });
  }
  return updated;
}

/** Payout statuses that still reserve their amount of a session's balance (not final): withdrawals on their way. */
export const RESERVING = PAYOUT_STATUSES.filter((status) => !isTerminal('payout', status));

/**
 * What a withdrawal reserves of its session's balance while it is not final, and takes from it when
 * PROCESSED: the value asked plus the cashier fee, minor units of the session currency.
 */
export const reservationMinor = sql<number>`${payouts.initialValueMinor} + coalesce(${payouts.feeMinor}, 0)`;

/**
 * Writes a change to a payout: a status in `set` must be an edge of the transitions table (409); a
 * new one queues `payout.status_changed` (in a cashier session with `cashier`: whose withdrawal it is); one that becomes PROCESSED is stamped `processedAt` (when
 * it was paid out: net deposits count it from then, responsible-gambling/net-deposits.ts), and a session withdrawal
 * that does lowers the session balance by its amount (its reservation ends as the money leaves);
 * the status listeners are told (status-events.ts).
 */
export async function changePayout(tx: Db, row: PayoutRow, set: Partial<typeof payouts.$inferInsert>): Promise<PayoutRow> {
  if (set.status !== undefined) assertTransition('payout', row.status, set.status);
  const now = new Date();
  // PROCESSED is final (the table has no edge out of it), so the stamp is written once.
  const paidOut = set.status === 'PROCESSED' ? { processedAt: now } : {};
  const [updated] = await tx
    .update(payouts)
    .set({ ...set, ...paidOut, updatedAt: now })
    .where(eq(payouts.id, row.id))
    .returning();
  if (!updated) throw new Error('payout vanished during update');
  if (updated.status !== row.status) {
    await enqueueEvent(tx, updated.merchantId, 'payout.status_changed', updated.id, {
      object: toPayoutTransaction(updated),
      previousStatus: row.status,
      ...(await cashierData(tx, updated)),
    });
    // A withdrawal paid out leaves the session's balance (its reservation ends with it).
    if (updated.status === 'PROCESSED' && updated.sessionId) {
      await tx
        .update(cashierSessions)
        .set({
          balanceMinor: sql`greatest(${cashierSessions.balanceMinor} - ${updated.initialValueMinor + (updated.feeMinor ?? 0)}, 0)`,
          updatedAt: new Date(),
        })
        .where(and(eq(cashierSessions.id, updated.sessionId), isNotNull(cashierSessions.balanceMinor)));
    }
    await emitStatusChange(tx, { kind: 'payout', row: updated, previous: row.status });
  }
  return updated;
}

interface Timed {
  status: PayinStatus | PayoutStatus;
  pendingUntil: Date | null;
  pendingOutcome: unknown;
}

/** The timed outcome of a pay-in or payout row if it is due at `now`, else null. */
function dueOutcome<R extends Timed>(row: R, now: Date): PendingOutcome<R['status']> | null {
  if (!row.pendingUntil || row.pendingUntil > now) return null;
  return row.pendingOutcome as PendingOutcome<R['status']>;
}

/**
 * Applies a locked row's due timed outcome through its table's change function (changePayin,
 * changePayout: the transition is checked and the status event queued with it); a row with
 * nothing due is returned as is.
 */
export async function settleDue<R extends Timed>(
  row: R,
  change: (
    row: R,
    set: { status: R['status']; statusReason: ReturnType<typeof reasonFor>; pendingUntil: null; pendingOutcome: null },
  ) => Promise<R>,
  now = new Date(),
): Promise<R> {
  const outcome = dueOutcome(row, now);
  if (!outcome) return row;
  return change(row, {
    status: outcome.status,
    statusReason: reasonFor(outcome.status, outcome.detailedStatus),
    pendingUntil: null,
    pendingOutcome: null,
  });
}
