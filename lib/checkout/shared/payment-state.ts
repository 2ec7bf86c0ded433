/**
 * What a customer sees for a pay-in or payout status (docs/design.md, section 3 "States"): the
 * form, a wait, or a result, and where a result sends the customer. Shared by pages (server)
 * and the status view (client).
 */
import type { DetailedStatus, PayinStatus, PayoutStatus } from '@hosted-checkout/contract/enums';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

export type TransactionView = PayinView | PayoutOnlyView;

/** Payout-only views: the merchant has yet to confirm; the merchant rejected it. */
type PayoutOnlyView = 'waiting' | 'rejected';

type PayinView =
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
function payoutView(status: PayoutStatus): TransactionView {
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
export function viewOf(type: CheckoutTransactionType, status: string, attemptsRemaining = 0): TransactionView {
  return type === 'payin' ? payinView(status as PayinStatus, attemptsRemaining) : payoutView(status as PayoutStatus);
}

/** Whether the view is final: the customer goes back to the merchant. */
export const isFinalView = (view: TransactionView): boolean => view === 'success' || view === 'failed' || view === 'rejected';

/** Which merchant return URL a final view leads to. */
export const returnTarget = (view: TransactionView): 'success' | 'failure' | null =>
  view === 'success' ? 'success' : view === 'failed' || view === 'rejected' ? 'failure' : null;

/** The messages of the `reasons.*` catalogue: what the customer can do about a decline or failure. */
export const REASON_MESSAGES = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'CVV_INVALID',
  'AUTHENTICATION_FAILED',
  'AUTHENTICATION_REQUIRED',
  'PSP_ISSUES',
  'TRANSACTION_TIMEOUT',
  'NO_PROVIDER_AVAILABLE',
  'CARD_NOT_USABLE',
  'INVALID_CARD_NUMBER',
  'INVALID_EXPIRY_DATE',
  'NOT_ACCEPTED',
  'DUPLICATE_TRANSACTION',
  'BANK_ISSUES',
  'CUSTOMER_CANCELLED',
  // A transfer from an account not in the customer's name, returned to its payer (Brazil, SPA/MF: load-transaction.ts, `returnedToPayer`).
  'RETURNED_TO_PAYER',
  'generic',
] as const;
type ReasonMessage = (typeof REASON_MESSAGES)[number];

/**
 * The message of every detailedStatus the service may return (reference, statusReason). The
 * type makes it exhaustive: a new status without a message fails the type check. Fraud and
 * block reasons are never named to the customer (NOT_ACCEPTED: contact the merchant).
 */
export const REASON_OF: Record<DetailedStatus, ReasonMessage> = {
  CUSTOMER_CANCELLED: 'CUSTOMER_CANCELLED',
  GENERAL_DECLINE: 'CARD_DECLINED',
  CARD_DECLINED: 'CARD_DECLINED',
  BANK_ISSUES: 'BANK_ISSUES',
  PSP_ISSUES: 'PSP_ISSUES',
  PSP_UNREACHABLE: 'PSP_ISSUES',
  SYSTEM_ERROR: 'PSP_ISSUES',
  INVALID_CREDENTIALS: 'PSP_ISSUES',
  INVALID_REQUEST_FORMAT: 'PSP_ISSUES',
  CVV_INVALID: 'CVV_INVALID',
  CVV_MISMATCH: 'CVV_INVALID',
  CARD_EXPIRED: 'CARD_EXPIRED',
  INVALID_EXPIRY_DATE: 'INVALID_EXPIRY_DATE',
  INVALID_CARD_NUMBER: 'INVALID_CARD_NUMBER',
  CARD_BLOCKED: 'CARD_NOT_USABLE',
  BLOCKED_CARD: 'CARD_NOT_USABLE',
  CARD_NOT_SUPPORTED: 'CARD_NOT_USABLE',
  TRANSACTION_NOT_ALLOWED: 'CARD_NOT_USABLE',
  THREE_DS_NOT_SUPPORTED: 'CARD_NOT_USABLE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  AUTHENTICATION_FAILED: 'AUTHENTICATION_FAILED',
  AUTHENTICATION_REQUIRED: 'AUTHENTICATION_REQUIRED',
  NO_PROVIDER_AVAILABLE: 'NO_PROVIDER_AVAILABLE',
  PROVIDER_NOT_SUITABLE: 'NO_PROVIDER_AVAILABLE',
  PROVIDER_NOT_IN_ROUTE: 'NO_PROVIDER_AVAILABLE',
  FRAUD_SCORE_ABOVE_THRESHOLD: 'NOT_ACCEPTED',
  BLACKLISTED: 'NOT_ACCEPTED',
  BLOCKED_CUSTOMER: 'NOT_ACCEPTED',
  MARKED_AS_FRAUD: 'NOT_ACCEPTED',
  ACCESS_DENIED: 'NOT_ACCEPTED',
  DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  TRANSACTION_TIMEOUT: 'TRANSACTION_TIMEOUT',
  CUSTOMER_ISSUES: 'generic',
  VALIDATION_ERROR: 'generic',
  OTHER: 'generic',
  OTHER_FAILURES: 'generic',
  UNMAPPED_ERRORS: 'generic',
  REFUND_ERROR: 'generic',
  REFUND_ALREADY_PROCESSED: 'generic',
  PARTIAL_REFUND_NOT_ALLOWED: 'generic',
};

/** Catalogue key of a reason: `reasons.CARD_DECLINED`, …, or `reasons.generic`. */
export function reasonKey(detailed: DetailedStatus | undefined, status: string): ReasonMessage {
  if (detailed && detailed in REASON_OF) return REASON_OF[detailed];
  return status === 'TIMEOUT' ? 'TRANSACTION_TIMEOUT' : 'generic';
}
