import 'server-only';
/**
 * The forms of the card page's server actions (./card-payment-action.ts; a 'use server' module
 * exports its actions only): the shapes of the posted card forms and the longest value of each
 * field (in characters), the run of a card action through the payment pages' action pipeline
 * (a too-long card field reads as that field's error), and the card checked exactly as the form
 * checks it. Nothing here calls the payments service or throws of its own.
 *
 * Card data: the PAN and CVV pass through these functions' memory only, on their way to the
 * payments service; they are not logged, not returned, not put back in the form.
 */
import { z } from 'zod';
import {
  MAX_EXPIRY_CHARS,
  parseExpiry,
  validateCardForm,
  type CardFieldError,
  type CardFormValues,
} from '@hosted-checkout/contract/card-rules';
import { ANY_FIELD_MAX } from '@hosted-checkout/contract/action-form';
import { ID_MAX_LENGTH } from '@hosted-checkout/contract/ids';
import { HOLDER_NAME_IS_CARD_NUMBER, holdsCardNumber } from './holder-name';
import { MAX_PAYLOAD_CHARS } from '@/lib/security/proof-of-work';
import type { CardPaymentState } from './card-outcome';
import { WalletType } from '@hosted-checkout/contract/enums';
import { PaymentControl, runPaymentAction, type PaymentCall } from './payment-action';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

const text = z.string().default('');
/** The SRC system's ids (packages/sandbox/service/src-system/secrets.ts: a prefix and 24 hex digits). */
export const SRC_CORRELATION_ID = /^srcc_[0-9a-f]{24}$/;
const SRC_DIGITAL_CARD_ID = /^srcdc_[0-9a-f]{24}$/;
/** The longest sealed Click to Pay payload, in characters (the contract's ProcessClickToPayRequest). */
const MAX_CHECKOUT_RESPONSE_CHARS = 4096;
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
  clickToPayLink: z.string().optional(),
  clickToPaySession: z.string().optional(),
});
/**
 * A card chosen in Click to Pay (docs/design.md, E28): the SRC session, the card's id at the SRC
 * system and its sealed checkout payload, passed on as they are.
 */
export const ClickToPayForm = z.object({
  ...PaymentControl,
  srcCorrelationId: z.string().regex(SRC_CORRELATION_ID),
  srcDigitalCardId: z.string().regex(SRC_DIGITAL_CARD_ID),
  checkoutResponse: z.string().min(1),
  altcha: z.string().optional(),
});
/** A saved card's form (the CVV is empty for a payout's destination). */
export const SavedCardForm = z.object({ ...PaymentControl, cardId: text, cvv: text });
/** A pay-in's 3DS Method report: Y when the ACS notified within 10 s, else N. */
export const MethodReport = z.object({ ...PaymentControl, threeDSCompInd: z.enum(['Y', 'N']).catch('N') });
/** A pay-in's Secure Payment Confirmation report: the browser's PublicKeyCredential as JSON. */
export const SpcReport = z.object({ ...PaymentControl, spcAssertion: z.string() });
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
  clickToPayLink: 8,
  clickToPaySession: 40,
  srcCorrelationId: 40,
  srcDigitalCardId: 40,
  checkoutResponse: MAX_CHECKOUT_RESPONSE_CHARS,
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

/** Whether a card action's post is the 3DS Method's report (`MethodReport`). */
export const isMethodReport = (form: unknown): form is FormData => form instanceof FormData && form.has('threeDSCompInd');

/** Whether a card action's post is the SPC step's report (`SpcReport`). */
export const isSpcReport = (form: unknown): form is FormData => form instanceof FormData && form.has('spcAssertion');
