/**
 * What the status view shows of a transaction, and all that its polling endpoint answers
 * (`GET /api/payments/{type}/{id}`, open to anyone with the payment id): the status, the
 * attempts left (retry or final), the challenge to go back to, the reason in the words the
 * view uses, and the 3-D Secure sentence. The service's `detailedStatus` never leaves the server: a reason that says something
 * about the card (funds, expiry, security code, number, usability) reads "declined", so neither
 * the endpoint nor the page is a card-testing oracle. The payer learns the specific reason of a
 * pay-in's first decline from the card form's own answer (lib/checkout/payment-pages/card-outcome.ts).
 */
import { reasonKey, viewOf } from '@/lib/checkout/shared/payment-state';
import type { CheckoutTransactionType, DetailedStatus } from '@hosted-checkout/contract/enums';
import type { ThreeDsSentence } from '@/lib/checkout/shared/three-ds-sentence';

/** A `reasons.*` catalogue key (lib/checkout/shared/payment-state.ts, REASON_MESSAGES). */
export type ReasonMessage = ReturnType<typeof reasonKey>;

/** The status view's data, as the page renders it and the polling endpoint answers it. */
export interface PaymentSnapshot {
  status: string;
  attemptsRemaining: number;
  /** Only for a declined or failed transaction: the `reasons.*` key the view shows. */
  reason?: ReasonMessage;
  /** A PENDING_3DS pay-in's 3DS challenge: the customer lost it (a reload) and may go back to it. */
  challengeUrl?: string;
  /** A card pay-in's 3-D Secure, once it ended: the `status.authentication.*` sentence. */
  authentication?: ThreeDsSentence;
}

/** Reasons that describe the card itself: what a card tester wants to learn. Shown as CARD_DECLINED. */
const ABOUT_THE_CARD: ReadonlySet<ReasonMessage> = new Set<ReasonMessage>([
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'CVV_INVALID',
  'INVALID_CARD_NUMBER',
  'INVALID_EXPIRY_DATE',
  'CARD_NOT_USABLE',
]);

/**
 * The reason the status view may show anyone for `detailed` (the service's detailedStatus) and
 * `status`: the customer's message (`reasonKey`), with those about the card read as CARD_DECLINED.
 */
export function publicReason(detailed: DetailedStatus | undefined, status: string): ReasonMessage {
  const key = reasonKey(detailed, status);
  return ABOUT_THE_CARD.has(key) ? 'CARD_DECLINED' : key;
}

/**
 * The snapshot of a transaction as the hosted pages load it (lib/checkout/shared/load-transaction.ts):
 * `reason` only when the view is a decline or failure (a transfer returned to its payer, not the
 * customer: RETURNED_TO_PAYER); no `detailedStatus`, no return URL, no amount or ids (the page
 * has them from its render).
 */
export function statusSnapshot(t: {
  type: CheckoutTransactionType;
  status: string;
  attemptsRemaining: number;
  detailedStatus?: DetailedStatus;
  returnedToPayer?: boolean;
  challengeUrl?: string;
  authentication?: ThreeDsSentence;
}): PaymentSnapshot {
  const view = viewOf(t.type, t.status, t.attemptsRemaining);
  const reason = t.returnedToPayer ? 'RETURNED_TO_PAYER' : publicReason(t.detailedStatus, t.status);
  return {
    status: t.status,
    attemptsRemaining: t.attemptsRemaining,
    ...(view === 'retry' || view === 'failed' ? { reason } : {}),
    ...(t.challengeUrl ? { challengeUrl: t.challengeUrl } : {}),
    ...(t.authentication ? { authentication: t.authentication } : {}),
  };
}
