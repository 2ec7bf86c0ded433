'use server';
/**
 * Server action of the card form: validates the card exactly as the form does, completes
 * the Browser object, and calls `process/card` (E1) with one Idempotency-Key per customer
 * attempt. It works with and without JavaScript (the form posts to it natively).
 *
 * Card data: the PAN and CVV live in this function's memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (design brief, section 4).
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { parseExpiry, validateCardForm, type CardFieldError, type CardFormValues } from '@/lib/card/card-rules';
import { completeBrowser } from '@/lib/checkout/browser-info';
import { PAYMENT_ID } from '@/lib/checkout/load-payin';
import { localeParam, payinHref } from '@/lib/checkout/payin-paths';
import { payinView, reasonKey } from '@/lib/checkout/payment-state';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';

export interface CardPaymentState {
  /** Idempotency key of the next attempt; the same one again after a failure that changed nothing. */
  attemptKey: string;
  fieldErrors?: Partial<Record<keyof CardFormValues, CardFieldError>>;
  /** `errors.*` catalogue key of a form-level problem. */
  formError?: 'unavailable' | 'rejected' | 'notFound';
  /** `reasons.*` catalogue key of the last decline. */
  declineReason?: string;
  /** Non-sensitive fields to put back after a round trip without JavaScript. */
  values?: { expiry: string; cardHolderName: string; saveCard: boolean };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** Where the customer goes after processing: the status page, keeping an explicit `?locale=`. */
const statusPath = (paymentId: string, locale: string) => payinHref('status', paymentId, locale);

export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const paymentId = field(form, 'paymentId');
  const locale = localeParam(field(form, 'locale'));
  const submittedKey = field(form, 'attemptKey');
  const attemptKey = UUID.test(submittedKey) ? submittedKey : UUID.test(previous?.attemptKey ?? '') ? previous.attemptKey : randomUUID();
  if (!PAYMENT_ID.test(paymentId)) return { attemptKey, formError: 'notFound' };

  const values: CardFormValues = {
    cardNumber: field(form, 'cardNumber'),
    expiry: field(form, 'expiry'),
    cvv: field(form, 'cvv'),
    cardHolderName: field(form, 'cardHolderName'),
  };
  const keep = { expiry: values.expiry.slice(0, 16), cardHolderName: values.cardHolderName.slice(0, 64), saveCard: form.get('saveCard') === 'on' };
  const fieldErrors = validateCardForm(values, { requireCvv: true });
  const expiry = parseExpiry(values.expiry);
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { attemptKey, fieldErrors, values: keep };

  const h = await headers();
  const browser = completeBrowser(form.get('browser') as string | null, {
    acceptHeader: field(form, 'acceptHeader') || h.get('accept'),
    userAgent: h.get('user-agent'),
    forwardedFor: h.get('x-forwarded-for') ?? h.get('x-real-ip'),
    acceptLanguage: h.get('accept-language'),
  });

  let next: string;
  try {
    const result = await paymentsApi.processCard(
      paymentId,
      {
        browser,
        cardData: {
          cardNumber: values.cardNumber.replace(/\D/g, ''),
          cardHolderName: values.cardHolderName.trim(),
          expiryMonth: expiry.month,
          expiryYear: expiry.year,
          cvv: values.cvv ?? '',
        },
        saveCard: keep.saveCard,
      },
      `card:${paymentId}:${attemptKey}`,
    );
    logger.info({ paymentId, status: result.status, challenge: Boolean(result.redirectUrl) }, 'card processing answered');
    if (result.redirectUrl) {
      next = result.redirectUrl;
    } else if (result.status === 'DECLINED') {
      const payin = await paymentsApi.getPayin(paymentId);
      if (payinView(payin.status, payin.attemptsRemaining) !== 'retry') next = statusPath(paymentId, locale);
      else return { attemptKey: randomUUID(), declineReason: reasonKey(payin.statusReason?.detailedStatus, payin.status), values: keep };
    } else {
      next = statusPath(paymentId, locale);
    }
  } catch (error) {
    if (!(error instanceof PaymentsApiError)) {
      logger.error({ err: error, paymentId }, 'card payment failed unexpectedly');
      return { attemptKey, formError: 'unavailable', values: keep };
    }
    logger.warn({ paymentId, kind: error.kind, status: error.status, errorKey: error.errorKey }, 'card processing call failed');
    // Same key on a retryable failure: trying again cannot charge twice.
    if (error.retryable) return { attemptKey, formError: 'unavailable', values: keep };
    if (error.status === 409 && error.errorKey === 'INVALID_STATE') next = statusPath(paymentId, locale);
    else if (error.status === 404) return { attemptKey: randomUUID(), formError: 'notFound' };
    else return { attemptKey: randomUUID(), formError: 'rejected', values: keep };
  }
  redirect(next);
}
