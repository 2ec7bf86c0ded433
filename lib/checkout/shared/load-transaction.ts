/**
 * Loads what a payment page needs from the payments service: the transaction (pay-in or
 * payout), normalized for the pages, and its merchant's checkout settings. An unknown id is
 * `not-found` (the page renders 404); a failing service is `unavailable` (the page offers a
 * retry), never an exception.
 */
import 'server-only';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { safeRedirectTarget } from './redirect-target';
import type { ReturnUrls } from '@hosted-checkout/contract/common';
import type { DetailedStatus } from '@hosted-checkout/contract/enums';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { notePaymentStatus } from './payment-outcome';
import { threeDsSentence, type ThreeDsSentence } from './three-ds-sentence';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import type { SavedCard } from '@hosted-checkout/contract/customer';
import type { PaymentMethod } from '@hosted-checkout/contract/methods';
import type { PayinTransaction } from '@hosted-checkout/contract/payin';
import type { PayinClickToPay } from '@hosted-checkout/contract/click-to-pay';
import type { PayoutTransaction } from '@hosted-checkout/contract/payout';

type TransactionType = CheckoutTransactionType;

/** A pay-in or payout as the hosted pages use it. Amounts in major units. */
export interface CheckoutTransaction {
  type: TransactionType;
  id: string;
  merchantId: string;
  customerId: string;
  orderId: string;
  /** The cashier session the transaction was made in (E9), when the service says so: its `orderId` is then the service's (order-reference.ts). */
  sessionId?: string;
  amount: number;
  currency: string;
  initialAmount: number;
  initialCurrency: string;
  status: string;
  attemptsRemaining: number;
  detailedStatus?: DetailedStatus;
  /** Pay-ins only: payouts have no return URLs. */
  returnUrls: ReturnUrls | null;
  /** A PENDING_3DS pay-in's challenge, to go back to after a reload; only a target we may send the customer to. */
  challengeUrl?: string;
  /** A pay-in's method type once processed (`CARD`, `BANK`…): the status page words a bank payment as such. */
  methodType?: string;
  /**
   * A declined pay-in whose provider reported a payer who is not the customer (`additionalData.payer.ownAccount`
   * false): the service returned the money to that account (Brazil, SPA/MF; docs/design.md, section 8).
   */
  returnedToPayer?: true;
  /** A card pay-in's 3-D Secure in one sentence (`status.authentication.*`), once it ended. */
  authentication?: ThreeDsSentence;
  /**
   * The customer's saved cards, masked, as the service answered them with the transaction
   * (docs/design.md, E7); absent when the service does not send them (the card page then asks the list).
   */
  savedCards?: SavedCard[];
  /** A pay-in's Click to Pay (docs/design.md, E28): the customer's identity, masked, while the merchant offers it and the pay-in is payable. */
  clickToPay?: PayinClickToPay;
}

type LoadedTransaction =
  /** `methods`: the transaction's payment methods, when asked for (`withMethods`). */
  | { outcome: 'ok'; transaction: CheckoutTransaction; settings: CheckoutSettings; methods?: PaymentMethod[] }
  | { outcome: 'not-found' }
  /** A payout whose destination pages this browser does not hold: `opened`, another browser holds them; else none does. */
  | { outcome: 'elsewhere'; settings: CheckoutSettings; opened: boolean }
  | { outcome: 'unavailable' };

/** The fields a pay-in and a payout answer alike (reference: PayinTransaction, PayoutTransaction). */
type Common = Pick<
  CheckoutTransaction,
  'id' | 'merchantId' | 'customerId' | 'orderId' | 'currency' | 'initialAmount' | 'initialCurrency'
> & {
  status: string;
  statusReason?: { detailedStatus?: DetailedStatus } | null;
  savedCards?: SavedCard[];
  sessionId?: string;
};

/** What the pages show of either kind, from its answer. */
const commonView = (p: Common) => ({
  id: p.id,
  merchantId: p.merchantId,
  customerId: p.customerId,
  orderId: p.orderId,
  ...(p.sessionId ? { sessionId: p.sessionId } : {}),
  currency: p.currency,
  initialAmount: p.initialAmount,
  initialCurrency: p.initialCurrency,
  status: p.status,
  ...(p.statusReason?.detailedStatus ? { detailedStatus: p.statusReason.detailedStatus } : {}),
  ...(p.savedCards ? { savedCards: p.savedCards } : {}),
});

/** Fetches the transaction only (status polling, server actions). Throws PaymentsApiError. */
export async function fetchTransaction(type: TransactionType, id: string): Promise<CheckoutTransaction> {
  return type === 'payin' ? payinView(id, await paymentsApi.getPayin(id)) : payoutView(id, await paymentsApi.getPayout(id));
}

/**
 * Fetches the transaction with its payment methods in one read when the service sends the
 * transaction with the methods (docs/design.md, E6 extended), else in two. Throws PaymentsApiError.
 */
export async function fetchTransactionWithMethods(
  type: TransactionType,
  id: string,
): Promise<{ transaction: CheckoutTransaction; methods: PaymentMethod[] }> {
  if (type === 'payin') {
    const { methods, payin } = await paymentsApi.getPayinWithMethods(id);
    return { transaction: payin ? payinView(id, payin) : await fetchTransaction(type, id), methods };
  }
  const { methods, payout } = await paymentsApi.getPayoutWithMethods(id);
  return { transaction: payout ? payoutView(id, payout) : await fetchTransaction(type, id), methods };
}

/** A pay-in's answer as the pages use it; its status noted (payment-outcome.ts). */
function payinView(id: string, p: PayinTransaction): CheckoutTransaction {
  // Where the APM, 3DS and provider returns and the status page (and its polling) learn a result: counted once (payment-outcome.ts).
  notePaymentStatus('payin', id, p.status, p.attemptsRemaining ?? 0);
  const challengeUrl = p.status === 'PENDING_3DS' && p.challengeUrl ? safeRedirectTarget(p.challengeUrl) : null;
  const authentication = threeDsSentence(p.threeDs);
  return {
    type: 'payin',
    ...commonView(p),
    amount: p.amount,
    attemptsRemaining: p.attemptsRemaining ?? 0,
    returnUrls: p.returnUrls,
    ...(challengeUrl ? { challengeUrl } : {}),
    ...(p.transactionType ? { methodType: p.transactionType } : {}),
    ...(authentication ? { authentication } : {}),
    ...(p.clickToPay?.identity ? { clickToPay: { identity: p.clickToPay.identity } } : {}),
    ...(p.status === 'DECLINED' && (p.additionalData?.payer as { ownAccount?: unknown } | undefined)?.ownAccount === false
      ? { returnedToPayer: true as const }
      : {}),
  };
}

/** A payout's answer as the pages use it; its status noted. */
function payoutView(id: string, p: PayoutTransaction): CheckoutTransaction {
  notePaymentStatus('payout', id, p.status, undefined);
  return { type: 'payout', ...commonView(p), amount: p.value, attemptsRemaining: 0, returnUrls: null };
}

/**
 * A payment page's transaction and its merchant's settings (with its methods when asked: `withMethods`):
 * `not-found` for an unknown type or id, `elsewhere` for a payout this browser does not hold (with
 * whether another holds it), `unavailable` when the service did not answer. Never throws.
 */
export async function loadTransaction(
  type: string,
  paymentId: string,
  options: { withMethods?: boolean } = {},
): Promise<LoadedTransaction> {
  if ((type !== 'payin' && type !== 'payout') || !PAYMENT_ID.test(paymentId)) return { outcome: 'not-found' };
  try {
    const { transaction, methods } = options.withMethods
      ? await fetchTransactionWithMethods(type, paymentId)
      : { transaction: await fetchTransaction(type, paymentId), methods: undefined };
    const settings = await paymentsApi.getCheckoutSettings(transaction.merchantId);
    return { outcome: 'ok', transaction, settings, ...(methods ? { methods } : {}) };
  } catch (error) {
    if (PaymentsApiError.is(error) && error.reason === 'http' && error.status === 404) return { outcome: 'not-found' };
    if (PaymentsApiError.is(error) && error.status === 403 && type === 'payout') {
      // The locator names the merchant and whether another browser holds the pages (absent from a service without it: false).
      const located = await paymentsApi.locate('payout', paymentId).catch(() => null);
      const settings = located ? await paymentsApi.getCheckoutSettings(located.merchantId).catch(() => null) : null;
      if (located && settings) return { outcome: 'elsewhere', settings, opened: located.opened === true };
    }
    logger.warn({ err: error, paymentId }, 'payment page could not load the transaction');
    return { outcome: 'unavailable' };
  }
}
