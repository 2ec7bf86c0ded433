/**
 * Catalogue text for the client components of the payment pages, resolved on the server so
 * the card page ships no message runtime (docs/design.md, section 7: card page JavaScript).
 */
import { LRUCache } from 'lru-cache';
import { getLocale, getTranslations } from 'next-intl/server';
import type { CardFieldError } from '@hosted-checkout/contract/card-rules';
import type { CardFormText } from '@/components/card/card-form-text';
import type { SavedCardsText } from '@/components/card/saved-cards';
import type { CvvFieldText } from '@/components/card/cvv-field';
import type { ThreeDSText } from '@/components/card/three-ds-step';
import type { WalletText } from '@/components/wallet/wallet-buttons';
import type { PaymentStatusText } from '@/components/status/payment-status';
import { THREE_DS_SENTENCES } from '@/lib/checkout/shared/three-ds-sentence';
import { REASON_MESSAGES } from '@/lib/checkout/shared/payment-state';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

/** Every key `reasonKey` can answer. */
const REASON_KEYS = REASON_MESSAGES;

const FIELD_ERRORS: CardFieldError[] = [
  'cardHolderName.cardNumber',
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

/** Stands for the formatted amount in a memoized text; replaced per request (`withAmount`). */
const AMOUNT = '\u0000amount\u0000';

/**
 * Resolved catalogue texts, per locale and transaction type, for the life of the process: the
 * catalogues are part of the build, and formatting some 60 ICU messages on every card page view
 * was a third of the page's own render time (3 ms of 11 ms CPU per view, measured).
 * The amount, the one per-view value, is put in after (`withAmount`). The texts are kept, not
 * their promises: a promise holds the async context of the request that made it (the framework's
 * whole request) for as long as it is kept. lru-cache's `fetch` shares a resolution in flight.
 */
const resolved = new LRUCache<string, object, () => Promise<object>>({
  max: 1000,
  fetchMethod: (_key, _stale, { context }) => context(),
});

async function memoized<T extends object>(key: string, resolve: () => Promise<T>): Promise<T> {
  // `fetch` answers undefined only for a fetch aborted by a later `set` or `delete` of the key.
  return ((await resolved.fetch(key, { context: resolve })) as T | undefined) ?? resolve();
}

/** `text` with AMOUNT replaced by `amount` in the named fields (split/join: no `$` patterns). */
function withAmount<T extends object>(text: T, fields: (keyof T)[], amount: string): T {
  const out = { ...text };
  for (const field of fields) out[field] = (out[field] as string).split(AMOUNT).join(amount) as T[keyof T];
  return out;
}

/** Text of the card form; `amount` is already formatted for the locale. */
export async function cardFormText(amount: string, type: CheckoutTransactionType = 'payin'): Promise<CardFormText> {
  const locale = await getLocale();
  return withAmount(await memoized(`card:${locale}:${type}`, () => resolveCardFormText(type)), ['pay'], amount);
}

/** The card page's wallet section text, from the card form's (declines, errors, 3DS) and `wallet.*`. */
export async function walletText(amount: string): Promise<WalletText> {
  const card = await cardFormText(amount, 'payin');
  const locale = await getLocale();
  const own = await memoized(`wallet:${locale}`, async () => {
    const t = await getTranslations('wallet');
    return {
      heading: t('heading'),
      sandboxWallet: t('sandboxWallet'),
      applePay: t('applePay'),
      sandboxBadge: t('sandboxBadge'),
      orCard: t('orCard'),
      cancelled: t('cancelled'),
      failed: t('failed'),
    };
  });
  const { challengeTitle, challengeIntro, methodRunning, spcRunning, processing, securityCheck } = card;
  return { ...own, challengeTitle, challengeIntro, methodRunning, spcRunning, processing, securityCheck };
}

async function resolveCardFormText(type: CheckoutTransactionType): Promise<CardFormText> {
  const amount = AMOUNT;
  const t = await getTranslations('card');
  return {
    legend: type === 'payin' ? t('legend') : t('payoutLegend'),
    cardNumber: t('cardNumber'),
    cardNumberHint: t('cardNumberHint'),
    brandDetected: t('brandDetected', { brand: '{brand}' }),
    expiry: t('expiry'),
    expiryHint: t('expiryHint'),
    cvv: t('cvv'),
    ...cvvFieldText(t),
    cardHolderName: t('cardHolderName'),
    saveCard: t('saveCard'),
    pay: type === 'payin' ? t('pay', { amount }) : t('payoutSubmit', { amount }),
    processing: t('processing'),
    secureNote: t('secureNote'),
    errorSummary: t('errorSummary'),
    fieldErrors: Object.fromEntries(FIELD_ERRORS.map((key) => [key, t(`errors.${key}`)])) as Record<CardFieldError, string>,
    securityCheck: { working: t('securityCheck'), done: t('securityCheckDone') },
    fundingRefused: { CREDIT: t('fundingRefused.CREDIT'), DEBIT: t('fundingRefused.DEBIT'), PREPAID: t('fundingRefused.PREPAID') },
    fundingRefusedByRule: {
      SPELINSPEKTIONEN: t('fundingRefusedByRule.SPELINSPEKTIONEN'),
      SPA_MF: t('fundingRefusedByRule.SPA_MF'),
      other: t('fundingRefusedByRule.other'),
    },
    brandChoice: t('brandChoice'),
    brandChoiceHint: t('brandChoiceHint'),
    brandChoiceAgain: t('brandChoiceAgain'),
    ...(await threeDSText()),
  };
}

/** Text of the saved-cards form; `amount` is already formatted for the locale. */
export async function savedCardsText(amount: string, type: CheckoutTransactionType): Promise<SavedCardsText> {
  const locale = await getLocale();
  return withAmount(await memoized(`saved:${locale}:${type}`, () => resolveSavedCardsText(type)), ['submit'], amount);
}

async function resolveSavedCardsText(type: CheckoutTransactionType): Promise<SavedCardsText> {
  const amount = AMOUNT;
  const t = await getTranslations('card');
  return {
    legend: type === 'payin' ? t('savedLegend') : t('payoutSavedLegend'),
    cvv: t('savedCvv'),
    ...cvvFieldText(t),
    submit: type === 'payin' ? t('payWithSaved', { amount }) : t('payoutSubmit', { amount }),
    processing: t('processing'),
    chooseCard: t('chooseCard'),
    ...(await threeDSText()),
  };
}

/** The security code field's text, the same keys for a new card and a saved one (components/card/cvv-field.tsx). */
const cvvFieldText = (
  t: (key: 'cvvHint' | 'errors.cvv.required' | 'errors.cvv.invalid', values?: { digits: number }) => string,
): CvvFieldText => ({
  cvvHint3: t('cvvHint', { digits: 3 }),
  cvvHint4: t('cvvHint', { digits: 4 }),
  cvvRequired: t('errors.cvv.required'),
  cvvInvalid: t('errors.cvv.invalid'),
});

/** Text of the issuer's 3DS steps in the card page (Method, challenge). */
async function threeDSText(): Promise<ThreeDSText> {
  const t = await getTranslations('card');
  return {
    challengeTitle: t('challengeTitle'),
    challengeIntro: t('challengeIntro'),
    methodRunning: t('methodRunning'),
    spcRunning: t('spcRunning'),
  };
}

/** Text of the status view of a pay-in or a payout; `bank`: a pay-in from the customer's bank (Pay by Bank, bank transfers). */
export async function paymentStatusText(type: CheckoutTransactionType, options: { bank?: boolean } = {}): Promise<PaymentStatusText> {
  const locale = await getLocale();
  const bank = type === 'payin' && options.bank === true;
  return memoized(`status:${locale}:${type}${bank ? ':bank' : ''}`, async () =>
    bank ? withBankWording(await resolvePaymentStatusText(type)) : resolvePaymentStatusText(type),
  );
}

/** A pay-in from the customer's bank (transactionType BANK): reasons in the bank's words, "Try again", and what happens while it is pending. */
async function withBankWording(text: PaymentStatusText): Promise<PaymentStatusText> {
  const t = await getTranslations('status');
  const keys = ['CARD_DECLINED', 'CUSTOMER_CANCELLED', 'BANK_ISSUES', 'CARD_NOT_USABLE'] as const;
  return {
    ...text,
    reasons: { ...text.reasons, ...Object.fromEntries(keys.map((key) => [key, t(`bankReasons.${key}`)])) },
    tryAnotherCard: t('tryAgain'),
    pendingHelp: t('bankPending'),
  };
}

async function resolvePaymentStatusText(type: CheckoutTransactionType): Promise<PaymentStatusText> {
  const t = await getTranslations('status');
  const payin = type === 'payin';
  const reason = { reason: '{reason}' };
  // A payout has no retry and no challenge of its own: its failure and its processing stand in.
  const views = {
    form: payin ? t('form') : t('payout.form'),
    retry: payin ? t('retry', reason) : t('payout.failed', reason),
    processing: payin ? t('processing') : t('payout.processing'),
    challenge: payin ? t('challenge') : t('payout.processing'),
    success: payin ? t('success') : t('payout.success'),
    failed: payin ? t('failed', reason) : t('payout.failed', reason),
    waiting: payin ? t('waiting') : t('payout.waiting'),
    rejected: payin ? t('rejected') : t('payout.rejected'),
  };
  return {
    views,
    reasons: await reasons(),
    timeoutHelp: payin ? t('timeoutHelp') : t('payout.timeoutHelp'),
    stillWaiting: t('stillWaiting'),
    returnToMerchant: t('returnToMerchant'),
    tryAnotherCard: t('tryAnotherCard'),
    continueChallenge: t('continueChallenge'),
    redirecting: t('redirecting'),
    authentication: payin ? Object.fromEntries(THREE_DS_SENTENCES.map((key) => [key, t(`authentication.${key}`)])) : {},
  };
}
