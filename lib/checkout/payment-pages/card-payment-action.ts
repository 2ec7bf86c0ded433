'use server';
/**
 * Server actions of the card page: a new card, a saved card or a wallet's token for a pay-in
 * (charge), a new or saved card as a payout's destination, and removing a saved card (Apple Pay's
 * merchant validation: ./apple-pay-action.ts). They work with and without JavaScript (the forms
 * post to them natively).
 *
 * Read from the top down: each entry runs the card side of the payment pages' action pipeline
 * (`cardAction`, ./card-action-forms.ts: the post read and bounded, the attempt's key and Browser
 * object, failures mapped, the banner) with its step; the steps follow the entries, then the
 * pay-in's helpers (the proof-of-work rule, the counted processing call). What a processing
 * answer leads to is ./card-outcome.ts's; nothing there or in the forms calls back up here.
 *
 * Card data: the PAN and CVV live in these functions' memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (docs/design.md, "Card data").
 */
import { cardBinFacts } from './card-bin';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { fetchTransaction } from '@/lib/checkout/shared/load-transaction';
import { CARD_ID, PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { SpcAssertionReport } from '@hosted-checkout/contract/payin';
import { requestProof } from '@/lib/checkout/shared/holding';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import type { Outcome } from '@/lib/checkout/shared/action-pipeline';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { charge, challengeAfterDecline, challengeRefusal } from './card-charge';
import { CLICK_TO_PAY_LINK_TEXT } from './click-to-pay-offer';
import { parseActionForm } from '@hosted-checkout/contract/action-form';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import { cardAttemptLimits } from './card-velocity';
import { afterSpc, afterThreeDSMethod, type CardPaymentState } from './card-outcome';
import {
  cardAction,
  checkedCard,
  ClickToPayForm,
  isMethodReport,
  SRC_CORRELATION_ID,
  isSpcReport,
  MethodReport,
  NewCardForm,
  SavedCardForm,
  SpcReport,
  WalletForm,
  type Card,
} from './card-action-forms';

export type { CardPaymentState };

/** New card for a pay-in: process/card; also its 3DS Method step and its Secure Payment Confirmation step. */
export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return reportStep(previous, form) ?? cardAction(previous, form, 'payin', NewCardForm, chargeNewCard);
}

/** Saved card for a pay-in: process/saved-card with the CVV alone; also its 3DS Method and Secure Payment Confirmation steps. */
export async function payWithSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return reportStep(previous, form) ?? cardAction(previous, form, 'payin', SavedCardForm, chargeSavedCard);
}

/**
 * A wallet's token for a pay-in (the sandbox wallet, Google Pay, Apple Pay), from the card
 * page's wallet buttons; also its 3DS Method and SPC steps, as a card's. The token stands for a
 * card (Google Pay PAN_ONLY carries the card number, encrypted for the gateway): it is passed on
 * as is, never logged (packages/runtime/src/log.ts redacts it). The attempt counts against the address's card
 * limits and this pay-in's, and is under the card form's proof-of-work rule.
 */
export async function payByWallet(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return reportStep(previous, form) ?? cardAction(previous, form, 'payin', WalletForm, chargeWallet);
}

/**
 * A card chosen in Click to Pay for a pay-in (docs/design.md, E28): the SRC system's sealed
 * payload (a network token and its cryptogram) passed on as is; also its 3DS Method and SPC
 * steps, as a card's. Under the card form's rules: the proof-of-work rule, and the attempt
 * limits counted per Click to Pay card.
 */
export async function payByClickToPay(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return reportStep(previous, form) ?? cardAction(previous, form, 'payin', ClickToPayForm, chargeClickToPay);
}

/**
 * A pay-in's later step posted to the same action (so the form keeps its no-JavaScript post): the
 * 3DS Method's report or the SPC assertion, run as its step; undefined for a new attempt.
 */
function reportStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> | undefined {
  if (isMethodReport(form)) return cardAction(previous, form, 'payin', MethodReport, reportThreeDSMethod);
  if (isSpcReport(form)) return cardAction(previous, form, 'payin', SpcReport, reportSpc);
  return undefined;
}

/** A new card's charge: checked as the form checks it, under the proof-of-work rule; without JavaScript a co-badged card's brand is asked first. */
async function chargeNewCard(c: Card, data: z.output<typeof NewCardForm>): Promise<Outcome<CardPaymentState>> {
  const checked = checkedCard(data, true);
  if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
  c.values = checked.keep;
  const browser = await c.browser();
  const refused = await challengeRefusal(c, browser, data.altcha);
  if (refused) return refused;
  // The brand chosen for a co-badged card; the service refuses one the card does not have.
  const preferredBrand = data.preferredBrand?.trim() || undefined;
  // Without JavaScript the page could not know the card is co-badged: ask before charging it.
  if (!browser.javascriptEnabled && !preferredBrand) {
    const facts = await cardBinFacts(c.paymentId, checked.card.cardNumber.slice(0, 8)).catch(() => null);
    if (facts && facts.brands.length === 2)
      return { attemptKey: c.attemptKey, brandChoice: { brands: facts.brands, preferred: facts.preferred }, values: checked.keep };
  }
  const body = {
    browser,
    cardData: { ...checked.card, cvv: checked.cvv, ...(preferredBrand ? { preferredBrand } : {}) },
    saveCard: checked.keep.saveCard,
    ...clickToPayLink(data, c.locale),
  };
  const limits = cardAttemptLimits(browser.customerIp, checked.card.cardNumber, c.paymentId);
  const outcome = await charge(c, limits, { by: 'card', body }, browser.javascriptEnabled === true);
  return challengeAfterDecline(outcome, browser);
}

/**
 * The customer ticked "Link this card to Click to Pay" under the typed card: the consent's text
 * version and locale, and the SRC session they validated in on this page, if any (the service
 * links the card once the pay-in is SUCCESS, and checks the brand again).
 */
function clickToPayLink(data: z.output<typeof NewCardForm>, locale: string) {
  if (data.clickToPayLink !== 'on') return {};
  const srcCorrelationId = data.clickToPaySession && SRC_CORRELATION_ID.test(data.clickToPaySession) ? data.clickToPaySession : undefined;
  return {
    clickToPay: {
      link: { textVersion: CLICK_TO_PAY_LINK_TEXT, locale: locale || 'en', ...(srcCorrelationId ? { srcCorrelationId } : {}) },
    },
  };
}

/** A Click to Pay card's charge, under the proof-of-work rule. */
async function chargeClickToPay(c: Card, data: z.output<typeof ClickToPayForm>): Promise<Outcome<CardPaymentState>> {
  const browser = await c.browser();
  const refused = await challengeRefusal(c, browser, data.altcha);
  if (refused) return refused;
  const { srcCorrelationId, srcDigitalCardId, checkoutResponse } = data;
  const body = { browser, clickToPay: { srcCorrelationId, srcDigitalCardId, checkoutResponse } };
  const limits = cardAttemptLimits(browser.customerIp, { savedCardId: `c2p:${srcDigitalCardId}` }, c.paymentId);
  const outcome = await charge(c, limits, { by: 'click-to-pay', body }, true);
  return challengeAfterDecline(outcome, browser);
}

/** A saved card's charge: the CVV alone. */
async function chargeSavedCard(c: Card, data: z.output<typeof SavedCardForm>): Promise<Outcome<CardPaymentState>> {
  if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
  if (data.cvv === '') return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.required' } };
  // 3 or 4 digits here; the brand's own length is the service's check (the saved card's brand is
  // the service's, never a form field's).
  if (!/^\d{3,4}$/.test(data.cvv)) return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.invalid' } };
  const browser = await c.browser();
  const body = { browser, savedCardData: { cardId: data.cardId, cvv: data.cvv } };
  const limits = cardAttemptLimits(browser.customerIp, { savedCardId: data.cardId }, c.paymentId);
  return charge(c, limits, { by: 'saved-card', body }, browser.javascriptEnabled === true);
}

/** A wallet's charge, under the proof-of-work rule. */
async function chargeWallet(c: Card, data: z.output<typeof WalletForm>): Promise<Outcome<CardPaymentState>> {
  const browser = await c.browser();
  const refused = await challengeRefusal(c, browser, data.altcha);
  if (refused) return refused;
  const body = { browser, wallet: { type: data.walletType, token: data.walletToken } };
  // The per-card limit counts this pay-in's wallet attempts (a wallet's card is not known here); the per-address limits stand.
  const limits = cardAttemptLimits(browser.customerIp, { savedCardId: `wallet:${data.walletType}:${c.paymentId}` }, c.paymentId);
  const outcome = await charge(c, limits, { by: 'wallet', body }, true);
  return challengeAfterDecline(outcome, browser);
}

/**
 * The 3DS Method's report: the page ran the issuer's 3DS Method in its hidden frame and posts
 * `threeDSCompInd`. Goes on with the attempt's key (same key: reported once) to the challenge in
 * the page, the status page or the form again.
 */
function reportThreeDSMethod(c: Card, data: z.output<typeof MethodReport>): Promise<Outcome<CardPaymentState>> {
  return afterThreeDSMethod(c, data.threeDSCompInd);
}

/**
 * The SPC assertion's report: the page showed the issuer's passkey prompt and posts the
 * assertion. Checked against the contract's shape before it is sent; a malformed one is not sent.
 */
async function reportSpc(c: Card, data: z.output<typeof SpcReport>): Promise<Outcome<CardPaymentState>> {
  let assertion: unknown;
  try {
    assertion = JSON.parse(data.spcAssertion);
  } catch {
    assertion = null;
  }
  const parsed = SpcAssertionReport.shape.assertion.safeParse(assertion);
  // Not an assertion: the pay-in still waits for its challenge, which its status page links to.
  if (!parsed.success) return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
  return afterSpc(c, parsed.data);
}

// A payout's destination is given through its status page (waiting for the merchant, or
// processing). Only the browser that holds the payout's page may give it (the one that spent its
// launch secret; a cashier withdrawal: the browser that holds the session): anyone else, a script
// with the id off the merchant's page included, is refused (`requireHolder`) before the service is
// called, once the card's own fields are checked.

/** New destination card for a payout (process/card of the payout), no CVV. */
export async function payoutToCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payout', NewCardForm, async (c, data) => {
    const checked = checkedCard(data, false);
    if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
    c.values = checked.keep;
    const body = { browser: await c.browser(), cardData: checked.card };
    await c.requireHolder();
    await paymentsApi.processPayoutCard(c.paymentId, body, `payout-card:${c.paymentId}:${c.attemptKey}`);
    return { go: paymentHref('payout', 'status', c.paymentId, c.locale) };
  });
}

/** Saved card as a payout's destination (process/card of the payout with `savedCardData`). */
export async function payoutToSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payout', SavedCardForm, async (c, data) => {
    if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
    const body = { browser: await c.browser(), savedCardData: { cardId: data.cardId } };
    await c.requireHolder();
    await paymentsApi.processPayoutCard(c.paymentId, body, `payout-saved:${c.paymentId}:${c.attemptKey}`);
    return { go: paymentHref('payout', 'status', c.paymentId, c.locale) };
  });
}

const RemoveCardForm = z.object({
  transactionType: z.enum(['payin', 'payout']).catch('payin'),
  paymentId: z.string().regex(PAYMENT_ID),
  cardId: z.string().regex(CARD_ID),
  locale: z.string().optional(),
});

/** Removes a saved card of the transaction's customer, after the page's confirmation step. */
export async function removeSavedCard(form: FormData): Promise<void> {
  const parsed = parseActionForm(RemoveCardForm, form, { locale: 35 });
  if (!parsed.ok) redirect('/');
  const { transactionType: type, paymentId, cardId } = parsed.data;
  let notice = 'removed';
  try {
    // Removing a card needs the holder's proof that moves money: the browser holding the payout, or a
    // cashier session of the customer; the service checks it (403 for anyone else).
    const transaction = await fetchTransaction(type, paymentId);
    await paymentsApi.deleteCard(transaction.customerId, cardId, await requestProof(transaction.merchantId));
  } catch (error) {
    logger.warn({ paymentId, ...failureLogFields(error) }, 'removing a saved card failed');
    notice = 'removeFailed';
  }
  redirect(paymentHref(type, 'card', paymentId, localeParam(parsed.data.locale), { notice }));
}
