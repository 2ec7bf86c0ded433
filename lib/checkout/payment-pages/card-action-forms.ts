import 'server-only';
/**
 * What the card page's server actions (card-payment-action.ts) share: the shapes of the posted
 * card forms and the longest value of each field (in characters), the run of a card action
 * through the action client (a too-long card field reads as that field's error), the card
 * checked exactly as the form checks it, the 3DS Method and Secure Payment Confirmation steps of
 * a pay-in, and the proof-of-work rule of a pay-in's card or wallet attempt. Nothing here throws
 * of its own: the action client maps what the calls throw (payment-action.ts).
 *
 * Card data: the PAN and CVV pass through these functions' memory only, on their way to the
 * payments service; they are not logged, not returned, not put back in the form.
 */
import { z } from 'zod';
import { MAX_EXPIRY_CHARS, parseExpiry, validateCardForm, type CardFieldError, type CardFormValues } from '@/lib/card/card-rules';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import { logger } from '@/lib/log';
import { ANY_FIELD_MAX } from '@/lib/forms/action-form';
import { ID_MAX_LENGTH } from '@/lib/contract/ids';
import { HOLDER_NAME_IS_CARD_NUMBER, holdsCardNumber } from './holder-name';
import { challengeRequired, MAX_PAYLOAD_CHARS, verifyPayload } from '@/lib/security/proof-of-work';
import { afterSpc, afterThreeDSMethod, type CardPaymentState } from './card-outcome';
import { SpcAssertionReport } from '@/lib/contract/payin';
import { WalletType } from '@/lib/contract/enums';
import { PaymentControl, runPaymentAction, type PaymentCall } from './payment-action';
import type { CheckoutTransactionType } from '@/lib/contract/enums';
import type { Browser } from '@/lib/contract/common';

const text = z.string().default('');
/** A new card's form (a pay-in's or a payout destination's). */
export const NewCardForm = z.object({
  ...PaymentControl,
  cardNumber: text,
  expiry: text,
  cvv: text,
  cardHolderName: text,
  saveCard: z.string().optional(),
  altcha: z.string().optional(),
  preferredBrand: z.string().optional(),
});
/** A saved card's form (the CVV is empty for a payout's destination). */
export const SavedCardForm = z.object({ ...PaymentControl, cardId: text, cvv: text });
const MethodReport = z.object({ ...PaymentControl, threeDSCompInd: z.enum(['Y', 'N']).catch('N') });
const SpcReport = z.object({ ...PaymentControl, spcAssertion: z.string() });
/** A wallet's token for a pay-in (the sandbox wallet, Google Pay, Apple Pay). */
export const WalletForm = z.object({
  ...PaymentControl,
  walletType: WalletType,
  walletToken: z.string().min(1),
  altcha: z.string().optional(),
});
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
  cardId: ID_MAX_LENGTH,
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

/** A card action's call, as its logic sees it. */
export type Card = PaymentCall<NonNullable<CardPaymentState['values']>>;

/** Runs a card action through the action client: a too-long card field is that field's error. */
export function cardAction<S extends z.ZodObject>(
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
export function checkedCard(data: z.output<typeof NewCardForm>, requireCvv: boolean) {
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
export function methodStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
  return cardAction(previous, form, 'payin', MethodReport, (c, data) => afterThreeDSMethod(c, data.threeDSCompInd));
}

/** Whether a card action's post is the 3DS Method's report (`methodStep`). */
export const isMethodReport = (form: unknown): form is FormData => form instanceof FormData && form.has('threeDSCompInd');

/**
 * The Secure Payment Confirmation step of a pay-in's card action: the page showed the
 * issuer's passkey prompt and posts the assertion (the browser's PublicKeyCredential as JSON).
 * Checked against the contract's shape before it is sent; a malformed one is a forged post.
 */
export function spcStep(previous: CardPaymentState, form: FormData): Promise<CardPaymentState> {
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
export const isSpcReport = (form: unknown): form is FormData => form instanceof FormData && form.has('spcAssertion');

/**
 * The proof-of-work rule of a pay-in's card or wallet attempt (lib/security/proof-of-work.ts):
 * once the customer's address needs a check, an attempt without a solved one is not sent; a
 * decline that makes the next attempt need one starts it now, and from then on a decline's reason
 * is no longer named.
 */
export async function underProofOfWork(
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
