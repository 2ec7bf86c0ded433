'use server';
/**
 * Server actions of the card page: a new card or a saved card, for a pay-in (charge) or a
 * payout (destination), and removing a saved card. The action client (`payment-action.ts`) reads
 * the form, the attempt's key and the Browser object, and maps failures; here is what is the card
 * page's own: the card checked exactly as the form checks it, the proof-of-work and velocity
 * limits, the co-badged brand, and the calls (one Idempotency-Key per customer attempt). They
 * work with and without JavaScript (the forms post to them natively).
 *
 * Card data: the PAN and CVV live in these functions' memory and the request to the payments
 * service only. They are not logged, not returned, not put in a URL (docs/design.md, "Card data").
 */
import { cardBinFacts } from './card-bin';
import { checkoutUrl } from '@/lib/config';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { MAX_EXPIRY_CHARS, parseExpiry, validateCardForm, type CardFieldError, type CardFormValues } from '@/lib/card/card-rules';
import { fetchTransaction } from '@/lib/checkout/shared/load-transaction';
import { PAYMENT_ID } from '@/lib/contract/ids';
import { requestProof } from '@/lib/checkout/shared/holding';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { ANY_FIELD_MAX, parseActionForm } from '@/lib/forms/action-form';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import { cardAttemptLimits } from './card-velocity';
import { takeApplePayValidation } from './apple-pay-limit';
import { HOLDER_NAME_IS_CARD_NUMBER, holdsCardNumber } from './holder-name';
import { requestClientIp } from '@/lib/net/client-ip';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { afterPayin, afterSpc, afterThreeDSMethod, type CardPaymentState } from './card-outcome';
import { SpcAssertionReport } from '@/lib/contract/payin';
import { WalletType } from '@/lib/contract/enums';
import { PaymentControl, runPaymentAction, type PaymentCall } from './payment-action';
import type { CheckoutTransactionType } from '@/lib/contract/enums';
import type { Browser } from '@/lib/contract/common';

export type { CardPaymentState };

const CARD_ID = /^[A-Za-z0-9_-]{1,128}$/;

const text = z.string().default('');
const NewCardForm = z.object({
  ...PaymentControl,
  cardNumber: text,
  expiry: text,
  cvv: text,
  cardHolderName: text,
  saveCard: z.string().optional(),
  altcha: z.string().optional(),
  preferredBrand: z.string().optional(),
});
const SavedCardForm = z.object({ ...PaymentControl, cardId: text, cvv: text });
const MethodReport = z.object({ ...PaymentControl, threeDSCompInd: z.enum(['Y', 'N']).catch('N') });
const SpcReport = z.object({ ...PaymentControl, spcAssertion: z.string() });
const WalletForm = z.object({ ...PaymentControl, walletType: WalletType, walletToken: z.string().min(1), altcha: z.string().optional() });
/** The longest SPC assertion a post may carry, in characters: the pipeline's cap on any field (an assertion with the ACS's small icon is about 1.5 KB). */
const SPC_ASSERTION_MAX = ANY_FIELD_MAX;

/** The longest wallet token a post may carry, in characters: the contract's (an Apple Pay EC_v1 paymentData with its PKCS#7 signature is about 5 KB). */
const WALLET_TOKEN_MAX = 16_384;

/** Longest value of each card field, in characters, checked before anything reads it. */
const LIMITS = {
  spcAssertion: SPC_ASSERTION_MAX,
  walletType: 16,
  walletToken: WALLET_TOKEN_MAX,
  cardNumber: 32,
  expiry: MAX_EXPIRY_CHARS,
  cvv: 8,
  cardHolderName: 128,
  cardId: 128,
  altcha: MAX_PAYLOAD_CHARS,
  preferredBrand: 40,
};

/** The field error a too-long card field reads as. */
const TOO_LONG: Partial<Record<string, [keyof CardFormValues, CardFieldError]>> = {
  cardNumber: ['cardNumber', 'cardNumber.invalid'],
  expiry: ['expiry', 'expiry.invalid'],
  cvv: ['cvv', 'cvv.invalid'],
  cardHolderName: ['cardHolderName', 'cardHolderName.invalid'],
};

type Card = PaymentCall<NonNullable<CardPaymentState['values']>>;

/** Runs a card action through the action client: a too-long card field is that field's error. */
function cardAction<S extends z.ZodObject>(
  previous: unknown,
  form: unknown,
  type: CheckoutTransactionType,
  schema: S,
  logic: (c: Card, data: z.output<S>) => Promise<CardPaymentState | { go: string }>,
): Promise<CardPaymentState> {
  return runPaymentAction<S, CardPaymentState>(
    previous,
    form,
    {
      schema,
      limits: LIMITS,
      type,
      badForm(bad, attemptKey) {
        if (bad.problem === 'forged') return { attemptKey, formError: 'notFound' };
        const fieldErrors: CardPaymentState['fieldErrors'] = {};
        for (const name of bad.fields) {
          const known = TOO_LONG[name];
          if (!known) return { attemptKey, formError: 'rejected' };
          fieldErrors[known[0]] = known[1];
        }
        return { attemptKey, fieldErrors };
      },
    },
    logic,
  );
}

/**
 * The typed card after the same checks as the form; or the field errors and what to put back in
 * the form. A holder name holding a card number (lib/checkout/payment-pages/holder-name.ts) is card data: its
 * field's error, and it is neither put back nor sent (nor is such an expiry put back).
 */
function checkedCard(data: z.output<typeof NewCardForm>, requireCvv: boolean) {
  const values: CardFormValues = { cardNumber: data.cardNumber, expiry: data.expiry, cvv: data.cvv, cardHolderName: data.cardHolderName };
  const cardInName = holdsCardNumber(data.cardHolderName);
  // The expiry field takes 16 characters: a card number typed there is not put back either.
  const keep = {
    expiry: holdsCardNumber(data.expiry) ? '' : data.expiry,
    cardHolderName: cardInName ? '' : data.cardHolderName,
    saveCard: requireCvv && data.saveCard === 'on',
  };
  const fieldErrors = validateCardForm(values, { requireCvv });
  if (cardInName) fieldErrors.cardHolderName = HOLDER_NAME_IS_CARD_NUMBER;
  const expiry = parseExpiry(values.expiry);
  if (Object.keys(fieldErrors).length > 0 || !expiry) return { fieldErrors, keep };
  const card = {
    cardNumber: values.cardNumber.replace(/\D/g, ''),
    cardHolderName: values.cardHolderName.trim(),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
  };
  return { card, cvv: data.cvv, keep };
}

/**
 * The second step of a pay-in's card action (new or saved card): the page ran the issuer's 3DS
 * Method in its hidden frame and posts `threeDSCompInd`: Y when the ACS notified within
 * 10 s, else N. Goes on with the attempt's key (same key: reported once) to the challenge in the
 * page, the status page or the form again. The same action, so the form keeps its no-JavaScript post.
 */
function methodStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payin', MethodReport, (c, data) => afterThreeDSMethod(c, data.threeDSCompInd));
}

/** Whether a card action's post is the 3DS Method's report (`methodStep`). */
const isMethodReport = (form: unknown): form is FormData => form instanceof FormData && form.has('threeDSCompInd');

/**
 * The Secure Payment Confirmation step of a pay-in's card action: the page showed the
 * issuer's passkey prompt and posts the assertion (the browser's PublicKeyCredential as JSON).
 * Checked against the contract's shape before it is sent; a malformed one is a forged post.
 */
function spcStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payin', SpcReport, async (c, data) => {
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
  });
}

/** Whether a card action's post is the SPC step's report (`spcStep`). */
const isSpcReport = (form: unknown): form is FormData => form instanceof FormData && form.has('spcAssertion');

/**
 * The proof-of-work rule of a pay-in's card or wallet attempt (lib/security/proof-of-work.ts):
 * once the customer's address needs a check, an attempt without a solved one is not sent; a
 * decline that makes the next attempt need one starts it now, and from then on a decline's reason
 * is no longer named.
 */
async function underProofOfWork(
  c: Card,
  browser: Browser,
  altcha: string | undefined,
  attempt: () => Promise<CardPaymentState | { go: string }>,
): Promise<CardPaymentState | { go: string }> {
  if ((await challengeRequired(browser.customerIp)) && !(await verifyPayload(altcha))) {
    logger.warn(
      { event: 'security.challenge_required', paymentId: c.paymentId, customerIp: browser.customerIp },
      'card attempt without a solved challenge',
    );
    const formError = browser.javascriptEnabled ? 'challenge' : 'challengeNeedsJs';
    return { attemptKey: c.attemptKey, formError, challengeRequired: true, values: c.values };
  }
  const outcome = await attempt();
  if ('go' in outcome || !outcome.declineReason || !(await challengeRequired(browser.customerIp))) return outcome;
  return { ...outcome, declineReason: 'CARD_DECLINED', challengeRequired: true };
}

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
