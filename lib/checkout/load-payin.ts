/**
 * Loads what a pay-in page needs from the payments service: the pay-in and its merchant's
 * checkout settings. An unknown id is `not-found` (the page renders 404); a failing service
 * is `unavailable` (the page offers a retry), never an exception.
 */
import 'server-only';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import type { PayinTransaction } from '@/lib/contract/payin';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';

export type LoadedPayin =
  | { kind: 'ok'; payin: PayinTransaction; settings: CheckoutSettings }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

/** Payment ids are opaque; anything outside this shape cannot be one. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export async function loadPayin(paymentId: string): Promise<LoadedPayin> {
  if (!PAYMENT_ID.test(paymentId)) return { kind: 'not-found' };
  try {
    const payin = await paymentsApi.getPayin(paymentId);
    const settings = await paymentsApi.getCheckoutSettings(payin.merchantId);
    return { kind: 'ok', payin, settings };
  } catch (error) {
    if (error instanceof PaymentsApiError && error.kind === 'http' && error.status === 404) return { kind: 'not-found' };
    logger.warn({ err: error, paymentId }, 'pay-in page could not load the pay-in');
    return { kind: 'unavailable' };
  }
}

export { PAYMENT_ID };
