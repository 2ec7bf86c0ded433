/**
 * Catalogue text for the client components of the payment pages, resolved on the server so
 * the card page ships no message runtime (design brief, section 7: card page JavaScript).
 */
import { getTranslations } from 'next-intl/server';
import type { CardFieldError } from '@/lib/card/card-rules';
import type { CardFormText } from '@/components/card/card-form';
import type { PaymentStatusText } from '@/components/status/payment-status';

const REASON_KEYS = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'CARD_EXPIRED',
  'CVV_INVALID',
  'AUTHENTICATION_FAILED',
  'PSP_ISSUES',
  'TRANSACTION_TIMEOUT',
  'NO_PROVIDER_AVAILABLE',
  'generic',
] as const;

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

/** Text of the card form; `amount` is already formatted for the locale. */
export async function cardFormText(amount: string): Promise<CardFormText> {
  const t = await getTranslations('card');
  const e = await getTranslations('errors');
  return {
    legend: t('legend'),
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
    pay: t('pay', { amount }),
    processing: t('processing'),
    secureNote: t('secureNote'),
    errorSummary: t('errorSummary'),
    declined: t('declined', { reason: '{reason}' }),
    fieldErrors: Object.fromEntries(FIELD_ERRORS.map((key) => [key, t(`errors.${key}`)])) as Record<CardFieldError, string>,
    formErrors: { unavailable: e('unavailable'), rejected: e('rejected'), notFound: e('notFound') },
    reasons: await reasons(),
  };
}

/** Text of the status view. */
export async function paymentStatusText(): Promise<PaymentStatusText> {
  const t = await getTranslations('status');
  return {
    views: {
      form: t('form'),
      retry: t('retry', { reason: '{reason}' }),
      processing: t('processing'),
      challenge: t('challenge'),
      success: t('success'),
      failed: t('failed', { reason: '{reason}' }),
    },
    reasons: await reasons(),
    timeoutHelp: t('timeoutHelp'),
    stillWaiting: t('stillWaiting'),
    returnToMerchant: t('returnToMerchant'),
    tryAnotherCard: t('tryAnotherCard'),
    redirecting: t('redirecting'),
  };
}
