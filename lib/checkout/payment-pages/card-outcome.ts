import 'server-only';
/**
 * What a card pay-in's processing answer leads to (the card page's pay-in steps,
 * ./card-payment-action.ts): the form's state after a decline, the issuer's 3DS Method or
 * challenge shown in the page (with JavaScript), or the next page (status, ACS without
 * JavaScript). Answers only: nothing here calls back into the steps. No card data passes here.
 */
import { randomUUID } from 'node:crypto';
import { fetchTransaction } from '@/lib/checkout/shared/load-transaction';
import { payinView, reasonKey } from '@/lib/checkout/shared/payment-state';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import { notePaymentStatus } from '@/lib/checkout/shared/payment-outcome';
import type { CardFormValues, CardFieldError } from '@hosted-checkout/contract/card-rules';
import type { PayinProcessingResponse, SpcAssertionReport, SpcOffer, ThreeDSMethod } from '@hosted-checkout/contract/payin';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { safeRedirectTarget } from '@/lib/checkout/shared/redirect-target';
import type { PaymentCall, PaymentFormError } from './payment-action';

/** `errors.*` catalogue keys of the card forms' form-level problems (`limit`: `errors.depositLimit`). */
export type CardFormError = PaymentFormError | 'challenge' | 'challengeNeedsJs';

export interface CardPaymentState {
  /** Idempotency key of the next attempt; the same one again after a failure that changed nothing. */
  attemptKey: string;
  fieldErrors?: Partial<Record<keyof CardFormValues | 'cardId', CardFieldError>>;
  /** `errors.*` catalogue key of a form-level problem. */
  formError?: CardFormError;
  /** The next attempt needs a solved proof-of-work (lib/security/proof-of-work.ts). */
  challengeRequired?: boolean;
  /** `reasons.*` catalogue key of the last decline. */
  declineReason?: string;
  /** The form error or the decline in words, in the request's locale (./form-banner.ts). */
  banner?: string;
  /** Non-sensitive fields to put back after a round trip without JavaScript. */
  values?: { expiry: string; cardHolderName: string; saveCard: boolean };
  /**
   * A co-badged card posted without JavaScript and without a chosen brand: the form shows
   * the brand choice and asks for the card again (its number is never sent back to the page).
   */
  brandChoice?: { brands: string[]; preferred: string };
  /** The issuer's 3DS challenge (ACS URL) to show inside the page; with JavaScript only. */
  challengeUrl?: string;
  /** The issuer's 3DS Method to run in a hidden frame before authentication; with JavaScript only. */
  threeDSMethod?: ThreeDSMethod;
  /** With `challengeUrl`: the issuer offers Secure Payment Confirmation first (a passkey); the challenge stands if it is cancelled, fails or is not supported. */
  spc?: SpcOffer;
}

/** What the outcome needs of the action's call (lib/checkout/payment-pages/payment-action.ts). */
type Common = Pick<PaymentCall<CardPaymentState['values']>, 'paymentId' | 'locale' | 'attemptKey' | 'values'>;

type Outcome = CardPaymentState | { go: string };

/** Processing attempts a pay-in allows (docs/design.md, section 3: "fewer than 3 attempts"). */
const PAYIN_ATTEMPTS = 3;
/**
 * Declines of a pay-in whose specific reason the customer is shown (insufficient funds, expired,
 * security code…); later ones read only "declined", so a card tester learns nothing more from a
 * pay-in. The merchant's page never gets the reason (`CARD_DECLINED`).
 */
const SPECIFIC_REASON_DECLINES = 1;

/** The reason a decline shows: specific for the first declines of a pay-in, `CARD_DECLINED` after. */
export function shownDeclineReason(detailed: Parameters<typeof reasonKey>[0], attemptsRemaining: number | undefined): string {
  const declines = PAYIN_ATTEMPTS - (attemptsRemaining ?? 0);
  return declines <= SPECIFIC_REASON_DECLINES ? reasonKey(detailed, 'DECLINED') : 'CARD_DECLINED';
}

/** After a decline: the form again with its reason while attempts remain (from the processing answer; fetched when absent). */
async function afterDecline(c: Common, result: PayinProcessingResponse): Promise<Outcome> {
  let remaining = result.attemptsRemaining;
  let detailed = result.statusReason?.detailedStatus;
  if (remaining === undefined) {
    const payin = await fetchTransaction('payin', c.paymentId);
    remaining = payin.attemptsRemaining;
    detailed = payin.detailedStatus;
  }
  if (payinView('DECLINED', remaining) !== 'retry') return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
  return { attemptKey: randomUUID(), declineReason: shownDeclineReason(detailed, remaining), values: c.values };
}

/** Where a processing answer leads: the challenge (in the page, or the ACS), the form again after a decline, or the status page. */
async function nextAfter(c: Common, result: PayinProcessingResponse, inPage: boolean): Promise<Outcome> {
  logger.info(
    { paymentId: c.paymentId, status: result.status, challenge: Boolean(result.redirectUrl), threeDSMethod: Boolean(result.threeDSMethod) },
    'card processing answered',
  );
  // Every processing answer of the card page passes here: its result is counted once (a decline without attemptsRemaining by the fetch of afterDecline).
  notePaymentStatus('payin', c.paymentId, result.status, result.attemptsRemaining);
  if (result.redirectUrl) {
    const target = safeRedirectTarget(result.redirectUrl);
    if (!target) {
      logger.error({ paymentId: c.paymentId }, 'the service answered a redirectUrl that is not https: not followed');
      return { attemptKey: c.attemptKey, formError: 'unavailable', values: c.values };
    }
    // With JavaScript the page shows the challenge in a frame of its own (an EMV window); without, the frame goes to the ACS.
    return inPage ? { attemptKey: c.attemptKey, challengeUrl: target, ...(result.spc ? { spc: result.spc } : {}) } : { go: target };
  }
  if (result.status === 'DECLINED') return afterDecline(c, result);
  return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
}

/** The Idempotency-Key of an attempt's 3DS Method report: one report per attempt. */
const methodKey = (c: Common) => `3ds-method:${c.paymentId}:${c.attemptKey}`;

/**
 * After a pay-in's processing answer `result`: the 3DS Method, the ACS, the status page, or the
 * form again with the decline. `inPage` (the browser runs JavaScript): the issuer's 3DS Method
 * runs in the page's hidden frame and the challenge shows in the page. Without, the Method cannot
 * run: it is reported N at once (process/3ds-method) and the frame goes to the ACS. Throws what
 * the calls throw.
 */
export async function afterProcessing(c: Common, answer: PayinProcessingResponse, inPage: boolean): Promise<Outcome> {
  let result = answer;
  if (result.threeDSMethod) {
    const url = safeRedirectTarget(result.threeDSMethod.url);
    if (inPage && url) return { attemptKey: c.attemptKey, threeDSMethod: { url, data: result.threeDSMethod.data } };
    if (!url) logger.error({ paymentId: c.paymentId }, 'the service answered a 3DS Method URL that is not https: not run');
    result = await paymentsApi.completeThreeDSMethod(c.paymentId, { threeDSCompInd: 'N' }, methodKey(c));
  }
  return nextAfter(c, result, inPage);
}

/**
 * After the page ran the issuer's 3DS Method: reports `indicator` (Y done, N not within
 * 10 s) with the attempt's key, then goes on as after processing: the challenge in the page, the
 * status page, or the form again after a decline. Throws what the call throws.
 */
export async function afterThreeDSMethod(c: Common, indicator: 'Y' | 'N'): Promise<Outcome> {
  const result = await paymentsApi.completeThreeDSMethod(c.paymentId, { threeDSCompInd: indicator }, methodKey(c));
  return nextAfter(c, result, true);
}

/**
 * After the page showed Secure Payment Confirmation: reports the assertion with the
 * attempt's key. Verified: the status page. Not verified: the ordinary challenge in the page.
 * A report the service refuses (a malformed assertion, no offer out): the status page, which
 * links to the bank's challenge while it is open. Throws what the call throws otherwise.
 */
export async function afterSpc(c: Common, assertion: SpcAssertionReport['assertion']): Promise<Outcome> {
  try {
    const result = await paymentsApi.completeSpc(c.paymentId, { assertion }, `spc:${c.paymentId}:${c.attemptKey}`);
    return nextAfter(c, { ...result, spc: undefined }, true);
  } catch (error) {
    if (PaymentsApiError.is(error) && (error.status === 400 || error.status === 409))
      return { go: paymentHref('payin', 'status', c.paymentId, c.locale) };
    throw error;
  }
}
