/**
 * Catalogue text for the client components of the payment pages, resolved on the server so
 * the card page ships no message runtime (docs/design.md, section 7: card page JavaScript).
 */
import { getTranslations } from 'next-intl/server';
import type { CardFieldError } from '@/lib/card/card-rules';
import type { CardFormText } from '@/components/card/card-form';
import type { SavedCardsText } from '@/components/card/saved-cards';
import type { ThreeDSText } from '@/components/card/three-ds-step';
import type { CardFormError } from '@/lib/checkout/card-outcome';
import type { PaymentStatusText } from '@/components/status/payment-status';
import { REASON_MESSAGES } from '@/lib/checkout/payment-state';
import type { CheckoutTransactionType } from '@/lib/contract/enums';

/** Every key `reasonKey` can answer. */
const REASON_KEYS = REASON_MESSAGES;

const FIELD_ERRORS: CardFieldError[] = [
  'cardNumber.required',
  'cardNumber.invalid',
  'cardNumber.unsupported',
  'expiry.required',
  'expiry.invalid',
  'expiry.past',
  'cvv.required',
  'cvv.invalid',
  'cardHolderName.required',
  'cardHolderName.invalid',
];

async function reasons(): Promise<Record<string, string>> {
  const t = await getTranslations('reasons');
  return Object.fromEntries(REASON_KEYS.map((key) => [key, t(key)]));
}

/** The card forms' form-level errors (`errors.*`). */
const formErrors = (e: (key: 'unavailable' | 'rejected' | 'notFound' | 'rateLimited' | 'challenge' | 'challengeNeedsJs' | 'depositLimit') => string): Record<CardFormError, string> => ({
  unavailable: e('unavailable'),
  rejected: e('rejected'),
  notFound: e('notFound'),
  rateLimited: e('rateLimited'),
  challenge: e('challenge'),
  challengeNeedsJs: e('challengeNeedsJs'),
  limit: e('depositLimit'),
});

/** Text of the card form; `amount` is already formatted for the locale. */
export async function cardFormText(amount: string, type: CheckoutTransactionType = 'payin'): Promise<CardFormText> {
  const t = await getTranslations('card');
  const e = await getTranslations('errors');
  return {
    legend: type === 'payin' ? t('legend') : t('payoutLegend'),
    cardNumber: t('cardNumber'),
    cardNumberHint: t('cardNumberHint'),
    brandDetected: t('brandDetected', { brand: '{brand}' }),
    expiry: t('expiry'),
    expiryHint: t('expiryHint'),
    cvv: t('cvv'),
    cvvHint3: t('cvvHint', { digits: 3 }),
    cvvHint4: t('cvvHint', { digits: 4 }),
    cardHolderName: t('cardHolderName'),
    saveCard: t('saveCard'),
    pay: type === 'payin' ? t('pay', { amount }) : t('payoutSubmit', { amount }),
    processing: t('processing'),
    secureNote: t('secureNote'),
    errorSummary: t('errorSummary'),
    declined: t('declined', { reason: '{reason}' }),
    fieldErrors: Object.fromEntries(FIELD_ERRORS.map((key) => [key, t(`errors.${key}`)])) as Record<CardFieldError, string>,
    formErrors: formErrors(e),
    reasons: await reasons(),
    securityCheck: { working: t('securityCheck'), done: t('securityCheckDone') },
    fundingRefused: { CREDIT: t('fundingRefused.CREDIT'), DEBIT: t('fundingRefused.DEBIT'), PREPAID: t('fundingRefused.PREPAID') },
    brandChoice: t('brandChoice'),
    brandChoiceHint: t('brandChoiceHint'),
    brandChoiceAgain: t('brandChoiceAgain'),
    ...(await threeDSText()),
  };
}

/** Text of the saved-cards form. */
export async function savedCardsText(amount: string, type: CheckoutTransactionType): Promise<SavedCardsText> {
  const t = await getTranslations('card');
  const e = await getTranslations('errors');
  return {
    legend: type === 'payin' ? t('savedLegend') : t('payoutSavedLegend'),
    cvv: t('savedCvv'),
    cvvHint3: t('cvvHint', { digits: 3 }),
    cvvHint4: t('cvvHint', { digits: 4 }),
    submit: type === 'payin' ? t('payWithSaved', { amount }) : t('payoutSubmit', { amount }),
    processing: t('processing'),
    cvvRequired: t('errors.cvv.required'),
    cvvInvalid: t('errors.cvv.invalid'),
    declined: t('declined', { reason: '{reason}' }),
    reasons: await reasons(),
    formErrors: formErrors(e),
    ...(await threeDSText()),
  };
}

/** Text of the issuer's 3DS steps in the card page (Method, challenge). */
async function threeDSText(): Promise<ThreeDSText> {
  const t = await getTranslations('card');
  return { challengeTitle: t('challengeTitle'), challengeIntro: t('challengeIntro'), methodRunning: t('methodRunning') };
}

/** Text of the status view of a pay-in or a payout. */
export async function paymentStatusText(type: CheckoutTransactionType): Promise<PaymentStatusText> {
  const t = await getTranslations('status');
  const views =
    type === 'payin'
      ? {
          form: t('form'),
          retry: t('retry', { reason: '{reason}' }),
          processing: t('processing'),
          challenge: t('challenge'),
          success: t('success'),
          failed: t('failed', { reason: '{reason}' }),
          waiting: t('waiting'),
          rejected: t('rejected'),
        }
      : {
          form: t('payout.form'),
          retry: t('payout.failed', { reason: '{reason}' }),
          processing: t('payout.processing'),
          challenge: t('payout.processing'),
          success: t('payout.success'),
          failed: t('payout.failed', { reason: '{reason}' }),
          waiting: t('payout.waiting'),
          rejected: t('payout.rejected'),
        };
  return {
    views,
    reasons: await reasons(),
    timeoutHelp: type === 'payin' ? t('timeoutHelp') : t('payout.timeoutHelp'),
    stillWaiting: t('stillWaiting'),
    returnToMerchant: t('returnToMerchant'),
    tryAnotherCard: t('tryAnotherCard'),
    continueChallenge: t('continueChallenge'),
    redirecting: t('redirecting'),
  };
}
