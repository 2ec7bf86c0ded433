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
import { requestHolding } from '@/lib/cashier/binding';
import { localeParam, paymentHref } from '@/lib/checkout/payment-paths';
import type { Browser } from '@/lib/contract/common';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { trustedProxyHops } from '@/lib/config';
import { clientIpFrom } from '@/lib/net/client-ip';
import { parseActionForm } from '@/lib/forms/action-form';
import { failureLogFields } from './call-failure';
import { cardAttemptLimits } from './card-velocity';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { afterPayin, afterThreeDSMethod, failure, type CardPaymentState, type Common } from './card-outcome';

export type { CardPaymentState };


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

const MethodReport = z.object({ ...Control, threeDSCompInd: z.enum(['Y', 'N']).catch('N') });

/**
 * The second step of a pay-in's card action (new or saved card): the page ran the issuer's 3DS
 * Method in its hidden frame (E16) and posts `threeDSCompInd`: Y when the ACS notified within
 * 10 s, else N. Goes on with the attempt's key (same key: reported once) to the challenge in the
 * page, the status page or the form again. The same action, so the form keeps its no-JavaScript post.
 */
async function methodStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  const parsed = parseActionForm(MethodReport, form, LIMITS);
  if (!parsed.ok) return { attemptKey: attemptKeyOf(undefined, previous), formError: 'notFound' };
  const data = parsed.data;
  return afterThreeDSMethod({ paymentId: data.paymentId, locale: localeParam(data.locale), attemptKey: attemptKeyOf(data.attemptKey, previous) }, data.threeDSCompInd);
}

/** Whether a card action's post is the 3DS Method's report (`methodStep`). */
const isMethodReport = (form: unknown): form is FormData => form instanceof FormData && form.has('threeDSCompInd');

/** New card for a pay-in: process/card (E1); also its 3DS Method step (E16). */
export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  if (isMethodReport(form)) return methodStep(previous, form);
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
  // Once the address needs the proof-of-work, a decline's reason is no longer named (issue 20, finding 7).
  return state.declineReason && (await challengeRequired(browser.customerIp)) ? { ...state, declineReason: 'CARD_DECLINED', challengeRequired: true } : state;
}

/** Saved card for a pay-in: process/saved-card with the CVV alone (E2); also its 3DS Method step (E16). */
export async function payWithSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  if (isMethodReport(form)) return methodStep(previous, form);
  const read = readCardForm(SavedCardForm, previous, form);
  if ('state' in read) return read.state;
  const { c, data } = read;
  if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  if (data.cvv === '') return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.required' } };
  // 3 or 4 digits here; the brand's own length is the service's check (the saved card's brand is
  // the service's, never a form field's).
  if (!/^\d{3,4}$/.test(data.cvv)) return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.invalid' } };
  const browser = await browserOf(data);
  const body = { browser, savedCardData: { cardId: data.cardId, cvv: data.cvv } };
  const limits = cardAttemptLimits(browser.customerIp, { savedCardId: data.cardId }, c.paymentId);
  return afterPayin(c, limits, () => paymentsApi.processSavedCard(c.paymentId, body, `saved-card:${c.paymentId}:${c.attemptKey}`), undefined, browser.javascriptEnabled);
}

/**
 * After a payout's destination is given: its status page (waiting for the merchant, or processing).
 * Only the browser that holds the payout's page may give it (E22; a cashier withdrawal: the
 * browser that holds the session): anyone else, a script with the id off the merchant's page
 * included, is refused before the service is called.
 */
async function afterPayout(c: Common, run: () => Promise<unknown>, keep?: CardPaymentState['values']): Promise<CardPaymentState> {
  let next = paymentHref('payout', 'status', c.paymentId, c.locale);
  const holding = await requestHolding({ kind: 'payout', id: c.paymentId });
  if (holding !== 'held') {
    logger.warn({ event: 'security.binding_refused', paymentId: c.paymentId, holding }, 'a payout destination from a browser that does not hold the page');
    return { attemptKey: c.attemptKey, formError: holding === 'unavailable' ? 'unavailable' : 'rejected', values: keep };
  }
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
    // A payout's saved cards are the holder's to remove (E22); a pay-in's, whoever pays it.
    if (type === 'payout' && (await requestHolding({ kind: 'payout', id: paymentId })) !== 'held') throw new Error('not the holder of the payout page');
    const transaction = await fetchTransaction(type, paymentId);
    await paymentsApi.deleteCard(transaction.customerId, cardId);
  } catch (error) {
    logger.warn({ paymentId, ...failureLogFields(error) }, 'removing a saved card failed');
    notice = 'removeFailed';
  }
  redirect(paymentHref(type, 'card', paymentId, localeParam(parsed.data.locale), { notice }));
}
