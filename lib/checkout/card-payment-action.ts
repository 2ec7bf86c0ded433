'use server';
/**
 * Server actions of the card page: a new card or a saved card, for a pay-in (charge) or a
 * payout (destination), and removing a saved card. Each validates exactly as the form does,
 * completes the Browser object, and calls the payments service with one Idempotency-Key per
 * customer attempt. They work with and without JavaScript (the forms post to them natively).
 *
 * Card data: the PAN and CVV live in these functions' memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (design brief, section 4).
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { parseExpiry, validateCardForm, type CardFieldError, type CardFormValues } from '@/lib/card/card-rules';
import { completeBrowser } from '@/lib/checkout/browser-info';
import { fetchTransaction, PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { payinView, reasonKey } from '@/lib/checkout/payment-state';
import { localeParam, paymentHref } from '@/lib/checkout/payment-paths';
import type { Browser } from '@/lib/contract/common';
import type { PayinProcessingResponse } from '@/lib/contract/payin';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';

export interface CardPaymentState {
  /** Idempotency key of the next attempt; the same one again after a failure that changed nothing. */
  attemptKey: string;
  fieldErrors?: Partial<Record<keyof CardFormValues | 'cardId', CardFieldError>>;
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

interface Common {
  paymentId: string;
  locale: string;
  attemptKey: string;
}

function common(previous: CardPaymentState | undefined, form: FormData): Common | null {
  const paymentId = field(form, 'paymentId');
  const submitted = field(form, 'attemptKey');
  const attemptKey = UUID.test(submitted) ? submitted : UUID.test(previous?.attemptKey ?? '') ? previous!.attemptKey : randomUUID();
  if (!PAYMENT_ID.test(paymentId)) return null;
  return { paymentId, locale: localeParam(field(form, 'locale')), attemptKey };
}

async function browserOf(form: FormData): Promise<Browser> {
  const h = await headers();
  return completeBrowser(form.get('browser') as string | null, {
    acceptHeader: field(form, 'acceptHeader') || h.get('accept'),
    userAgent: h.get('user-agent'),
    forwardedFor: h.get('x-forwarded-for') ?? h.get('x-real-ip'),
    acceptLanguage: h.get('accept-language'),
  });
}

/** Turns a failed call into the form's state; returns a path to go to instead when there is one. */
function failure(error: unknown, c: Common, type: 'payin' | 'payout', keep?: CardPaymentState['values']): CardPaymentState | { go: string } {
  if (!(error instanceof PaymentsApiError)) {
    logger.error({ err: error, paymentId: c.paymentId }, 'card page action failed unexpectedly');
    return { attemptKey: c.attemptKey, formError: 'unavailable', values: keep };
  }
  logger.warn({ paymentId: c.paymentId, kind: error.kind, status: error.status, errorKey: error.errorKey }, 'card processing call failed');
  // Same key on a retryable failure: trying again cannot charge twice.
  if (error.retryable) return { attemptKey: c.attemptKey, formError: 'unavailable', values: keep };
  if (error.status === 409 && error.errorKey === 'INVALID_STATE') return { go: paymentHref(type, 'status', c.paymentId, c.locale) };
  if (error.status === 404) return { attemptKey: randomUUID(), formError: 'notFound' };
  return { attemptKey: randomUUID(), formError: 'rejected', values: keep };
}

/** After a pay-in's processing call: the ACS, the status page, or the form again with the decline. */
async function afterPayin(c: Common, run: () => Promise<PayinProcessingResponse>, keep?: CardPaymentState['values']): Promise<CardPaymentState> {
  let next: string;
  try {
    const result = await run();
    logger.info({ paymentId: c.paymentId, status: result.status, challenge: Boolean(result.redirectUrl) }, 'card processing answered');
    if (result.redirectUrl) next = result.redirectUrl;
    else if (result.status === 'DECLINED') {
      const payin = await fetchTransaction('payin', c.paymentId);
      if (payinView('DECLINED', payin.attemptsRemaining) !== 'retry') next = paymentHref('payin', 'status', c.paymentId, c.locale);
      else return { attemptKey: randomUUID(), declineReason: reasonKey(payin.detailedStatus, payin.status), values: keep };
    } else next = paymentHref('payin', 'status', c.paymentId, c.locale);
  } catch (error) {
    const outcome = failure(error, c, 'payin', keep);
    if (!('go' in outcome)) return outcome;
    next = outcome.go;
  }
  redirect(next);
}

function cardValues(form: FormData): CardFormValues {
  return { cardNumber: field(form, 'cardNumber'), expiry: field(form, 'expiry'), cvv: field(form, 'cvv'), cardHolderName: field(form, 'cardHolderName') };
}

/** New card for a pay-in: process/card (E1). */
export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const c = common(previous, form);
  if (!c) return { attemptKey: randomUUID(), formError: 'notFound' };
  const values = cardValues(form);
  const keep = { expiry: values.expiry.slice(0, 16), cardHolderName: values.cardHolderName.slice(0, 64), saveCard: form.get('saveCard') === 'on' };
  const fieldErrors = validateCardForm(values, { requireCvv: true });
  const expiry = parseExpiry(values.expiry);
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { attemptKey: c.attemptKey, fieldErrors, values: keep };
  const browser = await browserOf(form);
  return afterPayin(
    c,
    () =>
      paymentsApi.processCard(
        c.paymentId,
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
        `card:${c.paymentId}:${c.attemptKey}`,
      ),
    keep,
  );
}

/** Saved card for a pay-in: process/saved-card with the CVV alone (E2). */
export async function payWithSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const c = common(previous, form);
  if (!c) return { attemptKey: randomUUID(), formError: 'notFound' };
  const cardId = field(form, 'cardId');
  const cvv = field(form, 'cvv');
  const cvvSize = field(form, `cvvSize:${cardId}`) === '4' ? 4 : 3;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  if (cvv === '') return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.required' } };
  if (!new RegExp(`^\\d{${cvvSize}}$`).test(cvv)) return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.invalid' } };
  const browser = await browserOf(form);
  return afterPayin(c, () => paymentsApi.processSavedCard(c.paymentId, { browser, savedCardData: { cardId, cvv } }, `saved-card:${c.paymentId}:${c.attemptKey}`));
}

/** After a payout's destination is given: its status page (waiting for the merchant, or processing). */
async function afterPayout(c: Common, run: () => Promise<unknown>, keep?: CardPaymentState['values']): Promise<CardPaymentState> {
  let next = paymentHref('payout', 'status', c.paymentId, c.locale);
  try {
    await run();
  } catch (error) {
    const outcome = failure(error, c, 'payout', keep);
    if (!('go' in outcome)) return outcome;
    next = outcome.go;
  }
  redirect(next);
}

/** New destination card for a payout: E5, no CVV. */
export async function payoutToCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const c = common(previous, form);
  if (!c) return { attemptKey: randomUUID(), formError: 'notFound' };
  const values = cardValues(form);
  const keep = { expiry: values.expiry.slice(0, 16), cardHolderName: values.cardHolderName.slice(0, 64), saveCard: false };
  const fieldErrors = validateCardForm(values, { requireCvv: false });
  const expiry = parseExpiry(values.expiry);
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { attemptKey: c.attemptKey, fieldErrors, values: keep };
  const browser = await browserOf(form);
  const cardData = { cardNumber: values.cardNumber.replace(/\D/g, ''), cardHolderName: values.cardHolderName.trim(), expiryMonth: expiry.month, expiryYear: expiry.year };
  return afterPayout(c, () => paymentsApi.processPayoutCard(c.paymentId, { browser, cardData }, `payout-card:${c.paymentId}:${c.attemptKey}`), keep);
}

/** Saved card as a payout's destination: E5. */
export async function payoutToSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const c = common(previous, form);
  if (!c) return { attemptKey: randomUUID(), formError: 'notFound' };
  const cardId = field(form, 'cardId');
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  const browser = await browserOf(form);
  return afterPayout(c, () => paymentsApi.processPayoutCard(c.paymentId, { browser, savedCardData: { cardId } }, `payout-saved:${c.paymentId}:${c.attemptKey}`));
}

/** Removes a saved card of the transaction's customer (E7), after the page's confirmation step. */
export async function removeSavedCard(form: FormData): Promise<void> {
  const type = field(form, 'transactionType') === 'payout' ? 'payout' : 'payin';
  const paymentId = field(form, 'paymentId');
  const cardId = field(form, 'cardId');
  const locale = localeParam(field(form, 'locale'));
  if (!PAYMENT_ID.test(paymentId) || !/^[A-Za-z0-9_-]{1,128}$/.test(cardId)) redirect('/');
  let notice = 'removed';
  try {
    const transaction = await fetchTransaction(type, paymentId);
    await paymentsApi.deleteCard(transaction.customerId, cardId);
  } catch (error) {
    logger.warn({ paymentId, err: error }, 'removing a saved card failed');
    notice = 'removeFailed';
  }
  redirect(paymentHref(type, 'card', paymentId, locale, { notice }));
}
