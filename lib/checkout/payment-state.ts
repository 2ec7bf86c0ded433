/**
 * What a customer sees for a pay-in or payout status (docs/design.md, section 3 "States"): the
 * form, a wait, or a result, and where a result sends the customer. Shared by pages (server)
 * and the status view (client).
 */
import type { DetailedStatus, PayinStatus, PayoutStatus } from '@/lib/contract/enums';

export type TransactionView = PayinView | PayoutOnlyView;

/** Payout-only views: the merchant has yet to confirm; the merchant rejected it. */
export type PayoutOnlyView = 'waiting' | 'rejected';

export type PayinView =
  /** CREATED: the card form. */
  | 'form'
  /** DECLINED with attempts left: the form again, with the reason. */
  | 'retry'
  /** PENDING. */
  | 'processing'
  /** PENDING_3DS: waiting for the card issuer's authentication. */
  | 'challenge'
  | 'success'
  /** FAILED, TIMEOUT, or DECLINED with no attempt left. */
  | 'failed';

export function payinView(status: PayinStatus, attemptsRemaining = 0): PayinView {
  switch (status) {
    case 'CREATED':
      return 'form';
    case 'DECLINED':
      return attemptsRemaining > 0 ? 'retry' : 'failed';
    case 'PENDING':
      return 'processing';
    case 'PENDING_3DS':
      return 'challenge';
    case 'SUCCESS':
    case 'REFUND_PENDING':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUND_FAILED':
      return 'success';
    case 'FAILED':
    case 'TIMEOUT':
      return 'failed';
  }
}

/** Payout: CREATED form; WAITING_FOR_CONFIRMATION waiting; PENDING processing; PROCESSED, REJECTED, FAILED, TIMEOUT final. */
export function payoutView(status: PayoutStatus): TransactionView {
  switch (status) {
    case 'CREATED':
      return 'form';
    case 'WAITING_FOR_CONFIRMATION':
      return 'waiting';
    case 'PENDING':
      return 'processing';
    case 'PROCESSED':
      return 'success';
    case 'REJECTED':
      return 'rejected';
    case 'FAILED':
    case 'TIMEOUT':
      return 'failed';
  }
}

/** The view of either transaction type. */
export function viewOf(type: 'payin' | 'payout', status: string, attemptsRemaining = 0): TransactionView {
  return type === 'payin' ? payinView(status as PayinStatus, attemptsRemaining) : payoutView(status as PayoutStatus);
}

/** Whether the view is final: the customer goes back to the merchant. */
export const isFinalView = (view: TransactionView): boolean => view === 'success' || view === 'failed' || view === 'rejected';

/** Which merchant return URL a final view leads to. */
export const returnTarget = (view: TransactionView): 'success' | 'failure' | null =>
  view === 'success' ? 'success' : view === 'failed' || view === 'rejected' ? 'failure' : null;

/** Decline and failure reasons the catalogue explains (`reasons.*`); others read `reasons.generic`. */
export const EXPLAINED_REASONS: readonly DetailedStatus[] = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'CVV_INVALID',
  'AUTHENTICATION_FAILED',
  'PSP_ISSUES',
  'TRANSACTION_TIMEOUT',
  'NO_PROVIDER_AVAILABLE',
];

/** Catalogue key of a reason: `reasons.CARD_DECLINED` or `reasons.generic`. */
export function reasonKey(detailed: DetailedStatus | undefined, status: string): string {
  if (detailed && EXPLAINED_REASONS.includes(detailed)) return detailed;
  return status === 'TIMEOUT' ? 'TRANSACTION_TIMEOUT' : 'generic';
}
