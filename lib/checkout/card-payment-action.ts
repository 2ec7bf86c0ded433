'use server';
/**
 * Server actions of the card page: a new card or a saved card, for a pay-in (charge) or a
 * payout (destination), and removing a saved card. Each reads its form through the one pipeline
 * (`lib/forms/action-form.ts`: bounded, zod-checked), validates the card exactly as the form does,
 * completes the Browser object, and calls the payments service with one Idempotency-Key per
 * customer attempt. They work with and without JavaScript (the forms post to them natively).
 *
 * Card data: the PAN and CVV live in these functions' memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (docs/design.md, "Card data").
 */
import { cardBinFacts } from './card-bin';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { MAX_EXPIRY_CHARS, parseExpiry, validateCardForm, type CardFieldError, type CardFormValues } from '@/lib/card/card-rules';
import { completeBrowser } from '@/lib/checkout/browser-info';
import { fetchTransaction, PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { payinView, reasonKey } from '@/lib/checkout/payment-state';
import { localeParam, paymentHref } from '@/lib/checkout/payment-paths';
import type { Browser } from '@/lib/contract/common';
import type { PayinProcessingResponse } from '@/lib/contract/payin';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { trustedProxyHops } from '@/lib/config';
import { clientIpFrom } from '@/lib/net/client-ip';
import { parseActionForm } from '@/lib/forms/action-form';
import { classifyFailure, failureLogFields } from './call-failure';
import { beginCardAttempt, cardAttemptLimits, endCardAttempt, type CardAttemptLimits } from './card-velocity';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { safeRedirectTarget } from './redirect-target';

export interface CardPaymentState {
  /** Idempotency key of the next attempt; the same one again after a failure that changed nothing. */
  attemptKey: string;
  fieldErrors?: Partial<Record<keyof CardFormValues | 'cardId', CardFieldError>>;
  /** `errors.*` catalogue key of a form-level problem. */
  formError?: 'unavailable' | 'rejected' | 'notFound' | 'rateLimited' | 'challenge' | 'challengeNeedsJs';
  /** The next attempt needs a solved proof-of-work (lib/security/proof-of-work.ts). */
  challengeRequired?: boolean;
  /** `reasons.*` catalogue key of the last decline. */
  declineReason?: string;
  /** Non-sensitive fields to put back after a round trip without JavaScript. */
  values?: { expiry: string; cardHolderName: string; saveCard: boolean };
  /**
   * A co-badged card posted without JavaScript and without a chosen brand (E17): the form shows
   * the brand choice and asks for the card again (its number is never sent back to the page).
   */
  brandChoice?: { brands: string[]; preferred: string };
  /** The issuer's 3DS challenge (ACS URL) to show inside the page; with JavaScript only. */
  challengeUrl?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CARD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Fields every card form posts; a bad one is a forged post. */
const Control = {
  paymentId: z.string().regex(PAYMENT_ID),
  attemptKey: z.string().optional(),
  locale: z.string().optional(),
  browser: z.string().optional(),
  acceptHeader: z.string().optional(),
};
const text = z.string().default('');
const NewCardForm = z.object({ ...Control, cardNumber: text, expiry: text, cvv: text, cardHolderName: text, saveCard: z.string().optional(), altcha: z.string().optional(), preferredBrand: z.string().optional() });
const SavedCardForm = z.object({ ...Control, cardId: text, cvv: text });

/** Longest value of each field, in characters, checked before anything reads it. */
const LIMITS = { paymentId: 128, attemptKey: 64, locale: 35, browser: 2048, acceptHeader: 2048, cardNumber: 32, expiry: MAX_EXPIRY_CHARS, cvv: 8, cardHolderName: 128, cardId: 128, altcha: MAX_PAYLOAD_CHARS, preferredBrand: 40 };

/** The field error a too-long card field reads as. */
const TOO_LONG: Partial<Record<string, [keyof CardFormValues, CardFieldError]>> = {
  cardNumber: ['cardNumber', 'cardNumber.invalid'],
  expiry: ['expiry', 'expiry.invalid'],
  cvv: ['cvv', 'cvv.invalid'],
  cardHolderName: ['cardHolderName', 'cardHolderName.invalid'],
};

interface Common {
  paymentId: string;
  locale: string;
  attemptKey: string;
}

type Control = { paymentId: string; attemptKey?: string; locale?: string; browser?: string; acceptHeader?: string };

/** The attempt's key: the form's, else the previous state's, else a new one. `previous` may be forged. */
function attemptKeyOf(submitted: string | undefined, previous: unknown): string {
  if (submitted && UUID.test(submitted)) return submitted;
  const earlier = (previous as { attemptKey?: unknown } | null)?.attemptKey;
  return typeof earlier === 'string' && UUID.test(earlier) ? earlier : randomUUID();
}

/** Reads a card form through the pipeline: the parsed fields, or the state that answers a bad post. */
function readCardForm<S extends typeof NewCardForm | typeof SavedCardForm>(
  schema: S,
  previous: unknown,
  form: unknown,
): { c: Common; data: z.output<S>; form: FormData } | { state: CardPaymentState } {
  const parsed = parseActionForm(schema, form, LIMITS);
  if (!parsed.ok) {
    const attemptKey = attemptKeyOf(undefined, previous);
    if (parsed.problem === 'forged') return { state: { attemptKey, formError: 'notFound' } };
    const fieldErrors: CardPaymentState['fieldErrors'] = {};
    for (const name of parsed.fields) {
      const known = TOO_LONG[name];
      if (!known) return { state: { attemptKey, formError: 'rejected' } };
      fieldErrors[known[0]] = known[1];
    }
    return { state: { attemptKey, fieldErrors } };
  }
  const data = parsed.data as Control;
  return { c: { paymentId: data.paymentId, locale: localeParam(data.locale), attemptKey: attemptKeyOf(data.attemptKey, previous) }, data: parsed.data, form: parsed.form };
}

async function browserOf(data: Control): Promise<Browser> {
  const h = await headers();
  return completeBrowser(data.browser ?? null, {
    acceptHeader: data.acceptHeader || h.get('accept'),
    userAgent: h.get('user-agent'),
    customerIp: clientIpFrom(h.get('x-forwarded-for'), trustedProxyHops()),
    acceptLanguage: h.get('accept-language'),
  });
}

/** Turns a failed call into the form's state; returns a path to go to instead when there is one. */
function failure(error: unknown, c: Common, type: 'payin' | 'payout', keep?: CardPaymentState['values']): CardPaymentState | { go: string } {
  const kind = classifyFailure(error);
  logger.warn({ paymentId: c.paymentId, failure: kind, ...failureLogFields(error) }, 'card processing call failed');
  switch (kind) {
    // Nothing was tried: the same key may be used once the wait is over.
    case 'rateLimited':
      return { attemptKey: c.attemptKey, formError: 'rateLimited', values: keep };
    // Same key: trying again cannot charge twice.
    case 'unavailable':
      return { attemptKey: c.attemptKey, formError: 'unavailable', values: keep };
    case 'invalidState':
      return { go: paymentHref(type, 'status', c.paymentId, c.locale) };
    case 'notFound':
      return { attemptKey: randomUUID(), formError: 'notFound' };
    default:
      return { attemptKey: randomUUID(), formError: 'rejected', values: keep };
  }
}

/** After a decline: the form again with its reason while attempts remain (E16 answer; fetched when absent). */
async function afterDecline(c: Common, result: PayinProcessingResponse, keep?: CardPaymentState['values']): Promise<CardPaymentState | { go: string }> {
  let remaining = result.attemptsRemaining;
  let detailed = result.statusReason?.detailedStatus;
  if (remaining === undefined) {
    const payin = await fetchTransaction('payin', c.paymentId);
    remaining = payin.attemptsRemaining;
    detailed = payin.detailedStatus;
  }
  if (payinView('DECLINED', remaining) !== 'retry') return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
  return { attemptKey: randomUUID(), declineReason: reasonKey(detailed, 'DECLINED'), values: keep };
}

/** After a pay-in's processing call: the ACS, the status page, or the form again with the decline. */
async function afterPayin(c: Common, limits: CardAttemptLimits, run: () => Promise<PayinProcessingResponse>, keep?: CardPaymentState['values'], inPage = false): Promise<CardPaymentState> {
  let next: string;
  try {
    await beginCardAttempt(limits);
    const result = await run();
    await endCardAttempt(limits, result.status);
    logger.info({ paymentId: c.paymentId, status: result.status, challenge: Boolean(result.redirectUrl) }, 'card processing answered');
    if (result.redirectUrl) {
      const target = safeRedirectTarget(result.redirectUrl);
      if (!target) {
        logger.error({ paymentId: c.paymentId }, 'the service answered a redirectUrl that is not https: not followed');
        return { attemptKey: c.attemptKey, formError: 'unavailable', values: keep };
      }
      // With JavaScript the page shows the challenge in a frame of its own (an EMV window); without, the frame goes to the ACS.
      if (inPage) return { attemptKey: c.attemptKey, challengeUrl: target };
      next = target;
    }
    else if (result.status === 'DECLINED') {
      const outcome = await afterDecline(c, result, keep);
      if (!('go' in outcome)) return outcome;
      next = outcome.go;
    } else next = paymentHref('payin', 'status', c.paymentId, c.locale);
  } catch (error) {
    const outcome = failure(error, c, 'payin', keep);
    if (!('go' in outcome)) return outcome;
    next = outcome.go;
  }
  redirect(next);
}

/** The typed card after the same checks as the form; or the field errors. */
function checkedCard(data: z.output<typeof NewCardForm>, requireCvv: boolean) {
  const values: CardFormValues = { cardNumber: data.cardNumber, expiry: data.expiry, cvv: data.cvv, cardHolderName: data.cardHolderName };
  const keep = { expiry: data.expiry, cardHolderName: data.cardHolderName, saveCard: requireCvv && data.saveCard === 'on' };
  const fieldErrors = validateCardForm(values, { requireCvv });
  const expiry = parseExpiry(values.expiry);
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { fieldErrors, keep };
  const card = { cardNumber: values.cardNumber.replace(/\D/g, ''), cardHolderName: values.cardHolderName.trim(), expiryMonth: expiry.month, expiryYear: expiry.year };
  return { card, cvv: data.cvv, keep };
}

/** New card for a pay-in: process/card (E1). */
export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const read = readCardForm(NewCardForm, previous, form);
  if ('state' in read) return read.state;
  const { c, data } = read;
  const checked = checkedCard(data, true);
  if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
  const browser = await browserOf(data);
  if ((await challengeRequired(browser.customerIp)) && !(await verifyPayload(data.altcha))) {
    logger.warn({ event: 'security.challenge_required', paymentId: c.paymentId, customerIp: browser.customerIp }, 'card attempt without a solved challenge');
    const formError = browser.javascriptEnabled ? 'challenge' : 'challengeNeedsJs';
    return { attemptKey: c.attemptKey, formError, challengeRequired: true, values: checked.keep };
  }
  // The brand chosen for a co-badged card (E17); the service refuses one the card does not have.
  const preferredBrand = data.preferredBrand?.trim() || undefined;
  // Without JavaScript the page could not know the card is co-badged: ask before charging it.
  if (!browser.javascriptEnabled && !preferredBrand) {
    const facts = await cardBinFacts(c.paymentId, checked.card.cardNumber.slice(0, 8)).catch(() => null);
    if (facts && facts.brands.length === 2) return { attemptKey: c.attemptKey, brandChoice: { brands: facts.brands, preferred: facts.preferred }, values: checked.keep };
  }
  const body = { browser, cardData: { ...checked.card, cvv: checked.cvv, ...(preferredBrand ? { preferredBrand } : {}) }, saveCard: checked.keep.saveCard };
  const limits = cardAttemptLimits(browser.customerIp, checked.card.cardNumber, c.paymentId);
  const state = await afterPayin(c, limits, () => paymentsApi.processCard(c.paymentId, body, `card:${c.paymentId}:${c.attemptKey}`), checked.keep, browser.javascriptEnabled);
  // A decline may be the one that makes the next attempt need a check: start it now, not after another post.
  return state.declineReason && (await challengeRequired(browser.customerIp)) ? { ...state, challengeRequired: true } : state;
}

/** Saved card for a pay-in: process/saved-card with the CVV alone (E2). */
export async function payWithSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const read = readCardForm(SavedCardForm, previous, form);
  if ('state' in read) return read.state;
  const { c, data } = read;
  const cvvSize = read.form.get(`cvvSize:${data.cardId}`) === '4' ? 4 : 3;
  if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  if (data.cvv === '') return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.required' } };
  if (data.cvv.length !== cvvSize || !/^\d+$/.test(data.cvv)) return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.invalid' } };
  const browser = await browserOf(data);
  const body = { browser, savedCardData: { cardId: data.cardId, cvv: data.cvv } };
  const limits = cardAttemptLimits(browser.customerIp, { savedCardId: data.cardId }, c.paymentId);
  return afterPayin(c, limits, () => paymentsApi.processSavedCard(c.paymentId, body, `saved-card:${c.paymentId}:${c.attemptKey}`));
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
  const read = readCardForm(NewCardForm, previous, form);
  if ('state' in read) return read.state;
  const { c, data } = read;
  const checked = checkedCard(data, false);
  if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
  const browser = await browserOf(data);
  const body = { browser, cardData: checked.card };
  return afterPayout(c, () => paymentsApi.processPayoutCard(c.paymentId, body, `payout-card:${c.paymentId}:${c.attemptKey}`), checked.keep);
}

/** Saved card as a payout's destination: E5. */
export async function payoutToSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const read = readCardForm(SavedCardForm, previous, form);
  if ('state' in read) return read.state;
  const { c, data } = read;
  if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  const browser = await browserOf(data);
  const body = { browser, savedCardData: { cardId: data.cardId } };
  return afterPayout(c, () => paymentsApi.processPayoutCard(c.paymentId, body, `payout-saved:${c.paymentId}:${c.attemptKey}`));
}

const RemoveCardForm = z.object({
  transactionType: z.enum(['payin', 'payout']).catch('payin'),
  paymentId: z.string().regex(PAYMENT_ID),
  cardId: z.string().regex(CARD_ID),
  locale: z.string().optional(),
});

/** Removes a saved card of the transaction's customer (E7), after the page's confirmation step. */
export async function removeSavedCard(form: FormData): Promise<void> {
  const parsed = parseActionForm(RemoveCardForm, form, { locale: 35 });
  if (!parsed.ok) redirect('/');
  const { transactionType: type, paymentId, cardId } = parsed.data;
  let notice = 'removed';
  try {
    const transaction = await fetchTransaction(type, paymentId);
    await paymentsApi.deleteCard(transaction.customerId, cardId);
  } catch (error) {
    logger.warn({ paymentId, ...failureLogFields(error) }, 'removing a saved card failed');
    notice = 'removeFailed';
  }
  redirect(paymentHref(type, 'card', paymentId, localeParam(parsed.data.locale), { notice }));
}
