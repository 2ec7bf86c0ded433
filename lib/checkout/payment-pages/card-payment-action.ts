'use server';
/**
 * Server actions of the card page: a new card or a saved card, for a pay-in (charge) or a
 * payout (destination), and removing a saved card. The action client (`payment-action.ts`) reads
 * the form, the attempt's key and the Browser object, and maps failures; here is what is the card
 * page's own: the card checked exactly as the form checks it, the proof-of-work and velocity
 * limits, the co-badged brand, and the calls (one Idempotency-Key per customer attempt). The
 * forms' shapes, the card check, the 3DS Method and SPC steps and the proof-of-work rule are
 * card-action-forms.ts's (a 'use server' module exports its actions only). They work with and
 * without JavaScript (the forms post to them natively).
 *
 * Card data: the PAN and CVV live in these functions' memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (docs/design.md, "Card data").
 */
import { cardBinFacts } from './card-bin';
import { checkoutUrl } from '@/lib/config';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { fetchTransaction } from '@/lib/checkout/shared/load-transaction';
import { CARD_ID, PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { requestProof } from '@/lib/checkout/shared/holding';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { parseActionForm } from '@/lib/forms/action-form';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import { cardAttemptLimits } from './card-velocity';
import { takeApplePayValidation } from './apple-pay-limit';
import { requestClientIp } from '@/lib/net/client-ip';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { afterPayin, type CardPaymentState } from './card-outcome';
import {
  cardAction,
  checkedCard,
  isMethodReport,
  isSpcReport,
  methodStep,
  NewCardForm,
  SavedCardForm,
  spcStep,
  underProofOfWork,
  WalletForm,
  type Card,
} from './card-action-forms';

export type { CardPaymentState };

/** New card for a pay-in: process/card; also its 3DS Method step and its Secure Payment Confirmation step. */
export async function payByCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  if (isMethodReport(form)) return methodStep(previous, form);
  if (isSpcReport(form)) return spcStep(previous, form);
  return cardAction(previous, form, 'payin', NewCardForm, async (c, data) => {
    const checked = checkedCard(data, true);
    if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
    c.values = checked.keep;
    const browser = await c.browser();
    return underProofOfWork(c, browser, data.altcha, async () => {
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
      };
      const limits = cardAttemptLimits(browser.customerIp, checked.card.cardNumber, c.paymentId);
      return afterPayin(
        c,
        limits,
        () => paymentsApi.processCard(c.paymentId, body, `card:${c.paymentId}:${c.attemptKey}`),
        browser.javascriptEnabled === true,
      );
    });
  });
}

/** Saved card for a pay-in: process/saved-card with the CVV alone; also its 3DS Method and Secure Payment Confirmation steps. */
export async function payWithSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  if (isMethodReport(form)) return methodStep(previous, form);
  if (isSpcReport(form)) return spcStep(previous, form);
  return cardAction(previous, form, 'payin', SavedCardForm, async (c, data) => {
    if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
    if (data.cvv === '') return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.required' } };
    // 3 or 4 digits here; the brand's own length is the service's check (the saved card's brand is
    // the service's, never a form field's).
    if (!/^\d{3,4}$/.test(data.cvv)) return { attemptKey: c.attemptKey, fieldErrors: { cvv: 'cvv.invalid' } };
    const browser = await c.browser();
    const body = { browser, savedCardData: { cardId: data.cardId, cvv: data.cvv } };
    const limits = cardAttemptLimits(browser.customerIp, { savedCardId: data.cardId }, c.paymentId);
    return afterPayin(
      c,
      limits,
      () => paymentsApi.processSavedCard(c.paymentId, body, `saved-card:${c.paymentId}:${c.attemptKey}`),
      browser.javascriptEnabled === true,
    );
  });
}

/**
 * A wallet's token for a pay-in (the sandbox wallet, Google Pay, Apple Pay), from the card
 * page's wallet buttons; also its 3DS Method and SPC steps, as a card's. The token stands for a
 * card (Google Pay PAN_ONLY carries the card number, encrypted for the gateway): it is passed on
 * as is, never logged (lib/log.ts redacts it). The attempt counts against the address's card
 * limits and this pay-in's, and is under the card form's proof-of-work rule.
 */
export async function payByWallet(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  if (isMethodReport(form)) return methodStep(previous, form);
  if (isSpcReport(form)) return spcStep(previous, form);
  return cardAction(previous, form, 'payin', WalletForm, async (c, data) => {
    const browser = await c.browser();
    const body = { browser, wallet: { type: data.walletType, token: data.walletToken } };
    // The per-card limit counts this pay-in's wallet attempts (a wallet's card is not known here); the per-address limits stand.
    const limits = cardAttemptLimits(browser.customerIp, { savedCardId: `wallet:${data.walletType}:${c.paymentId}` }, c.paymentId);
    return underProofOfWork(c, browser, data.altcha, () =>
      afterPayin(c, limits, () => paymentsApi.processWallet(c.paymentId, body, `wallet:${c.paymentId}:${c.attemptKey}`), true),
    );
  });
}

const ApplePayValidation = z.object({
  paymentId: z.string().regex(PAYMENT_ID),
  validationUrl: z.string().max(2048),
  altcha: z.string().max(MAX_PAYLOAD_CHARS).optional(),
});

/**
 * The answer of Apple Pay's merchant validation: Apple's merchant session, or why not:
 * `challenge` (this address needs a solved proof-of-work first: solve one and ask again),
 * `limited` (this pay-in's validations are spent for now), `failed` (a bad request, or the
 * service refused or did not answer).
 */
export type ApplePayValidationAnswer = { merchantSession: Record<string, unknown> } | { refused: 'challenge' | 'limited' | 'failed' };

/**
 * Apple Pay's merchant validation, called by the card page's Apple Pay button with the
 * validation URL of the browser's merchantvalidation event, and `altcha` (a solved
 * proof-of-work) when the last answer asked for one. Under the card form's rules, each one being
 * a call to Apple with the merchant's certificate: once the address needs a check
 * (lib/security/proof-of-work.ts) none goes on without a solved one, and a pay-in gets a few per
 * ten minutes (lib/checkout/payment-pages/apple-pay-limit.ts). The service validates with its certificate.
 */
export async function applePayMerchantSession(
  paymentId: unknown,
  validationUrl: unknown,
  altcha?: unknown,
): Promise<ApplePayValidationAnswer> {
  const parsed = ApplePayValidation.safeParse({ paymentId, validationUrl, altcha: altcha ?? undefined });
  if (!parsed.success) return { refused: 'failed' };
  const customerIp = requestClientIp(await headers());
  if ((await challengeRequired(customerIp)) && !(await verifyPayload(parsed.data.altcha))) {
    logger.warn(
      { event: 'security.challenge_required', paymentId: parsed.data.paymentId, customerIp },
      'Apple Pay merchant validation without a solved challenge',
    );
    return { refused: 'challenge' };
  }
  if (!(await takeApplePayValidation(parsed.data.paymentId, customerIp))) return { refused: 'limited' };
  try {
    const domain = new URL(checkoutUrl()).hostname;
    const answer = await paymentsApi.startApplePaySession(parsed.data.paymentId, { validationUrl: parsed.data.validationUrl, domain });
    return { merchantSession: answer.merchantSession };
  } catch (error) {
    logger.warn({ paymentId: parsed.data.paymentId, ...failureLogFields(error) }, 'Apple Pay merchant validation failed');
    return { refused: 'failed' };
  }
}

/**
 * A payout's destination is given through its status page (waiting for the merchant, or
 * processing). Only the browser that holds the payout's page may give it (the one that spent its
 * launch secret; a cashier withdrawal: the browser that holds the session): anyone else, a script
 * with the id off the merchant's page included, is refused before the service is called.
 */
async function givePayoutDestination(c: Card, run: () => Promise<unknown>): Promise<{ go: string }> {
  await c.requireHolder();
  await run();
  return { go: paymentHref('payout', 'status', c.paymentId, c.locale) };
}

/** New destination card for a payout (process/card of the payout), no CVV. */
export async function payoutToCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payout', NewCardForm, async (c, data) => {
    const checked = checkedCard(data, false);
    if (!checked.card) return { attemptKey: c.attemptKey, fieldErrors: checked.fieldErrors, values: checked.keep };
    c.values = checked.keep;
    const body = { browser: await c.browser(), cardData: checked.card };
    return givePayoutDestination(c, () => paymentsApi.processPayoutCard(c.paymentId, body, `payout-card:${c.paymentId}:${c.attemptKey}`));
  });
}

/** Saved card as a payout's destination (process/card of the payout with `savedCardData`). */
export async function payoutToSavedCard(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payout', SavedCardForm, async (c, data) => {
    if (!CARD_ID.test(data.cardId)) return { attemptKey: c.attemptKey, fieldErrors: { cardId: 'cardNumber.required' } };
    const body = { browser: await c.browser(), savedCardData: { cardId: data.cardId } };
    return givePayoutDestination(c, () => paymentsApi.processPayoutCard(c.paymentId, body, `payout-saved:${c.paymentId}:${c.attemptKey}`));
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
