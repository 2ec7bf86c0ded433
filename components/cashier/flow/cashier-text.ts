/** Catalogue text of the cashier flow, resolved on the server (the flow ships no message runtime). */
import { getTranslations } from 'next-intl/server';
import type { AmountError } from '@/lib/checkout/cashier/cashier-amount';
import type { CashierTerms } from '@/lib/checkout/cashier/cashier-terms';
import type { FeeRule } from '@hosted-checkout/contract/merchant';
import { formatMinor, minorUnits, toMinor } from '@hosted-checkout/contract/money';
import type { CashierError } from '@/lib/checkout/cashier/cashier-failure';
import type { RetryText } from '../deposit-retry/deposit-retry';

/** The words of the cashier flow (CashierFlow), built by `cashierFlowText` in the page's language. */
export interface CashierFlowText {
  amount: string;
  amountHint: string;
  presets: string;
  method: string;
  card: string;
  otherMethods: string;
  submit: string;
  processing: string;
  frameTitle: string;
  cancel: string;
  /** The issuer's 3-D Secure challenge, when the card page hands it up to the cashier (payment-step.tsx). */
  challenge: { title: string; intro: string };
  errors: Record<CashierError, string>;
  done: { success: string; failed: string; waiting: string; other: string };
  /** The terms shown before the customer types (bounds, deposit limits left), already formatted. */
  terms: string[];
  /** Each method's fee rule in words ("1.5% + €0.30"), when it has one. */
  methodFees: { card?: string; apm?: string };
  /** "Fee {fee}. You pay {total}." or "Fee {fee}. You receive {received}.", filled in as the amount is typed. */
  feeLine: string;
  /**
   * A withdrawal's words when the amount is above what the deposit cards can take (a card gets back
   * only what it paid in), the most already in them: shown on choosing card, before any card is typed.
   */
  cardShare?: string;
  /** Links beside the terms (responsible gambling) and after a KYC refusal (verification). */
  limitsLink?: { href: string; text: string };
  /** The deposit step's link to the financial limits on this page (UKGC RTS 12). */
  limitsHere?: { href: string; text: string };
  kycLink?: { href: string; text: string };
  /** The retry after a deposit that did not go through (deposits only). */
  retry?: RetryText;
}

const ERRORS: (AmountError | 'unavailable' | 'expired' | 'rejected' | 'rateLimited' | 'excluded' | 'limitsRequired' | 'limitsChanged')[] = [
  'required',
  'invalid',
  'tooManyDecimals',
  'notPositive',
  'aboveBalance',
  'unavailable',
  'expired',
  'rejected',
  'rateLimited',
  'excluded',
  'limitsRequired',
  'limitsChanged',
];

/** A fee rule in words for the locale: "1.5% + €0.30", "€1.00", "1%". */
function feeRuleText(rule: FeeRule | null, currency: string, locale: string): string | undefined {
  if (!rule || (rule.basisPoints === 0 && rule.fixedMinor === 0)) return undefined;
  const percent = rule.basisPoints
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rule.basisPoints / 10_000)
    : null;
  const fixed = rule.fixedMinor ? formatMinor(rule.fixedMinor, currency, locale) : null;
  return [percent, fixed].filter(Boolean).join(' + ');
}

/**
 * The cashier flow's text; with `terms`, the bounds, limits, fees and links already in words; with
 * `cardWithdrawalMax` (major units, the session's), a withdrawal's words for an amount above what the
 * deposit cards can take, that most in them.
 */
export async function cashierFlowText(
  flow: 'deposit' | 'withdraw',
  currency: string,
  balanceText: string | null,
  options: { terms?: CashierTerms; locale?: string; merchant?: string; cardWithdrawalMax?: number } = {},
): Promise<CashierFlowText> {
  const t = await getTranslations('cashier');
  const card = await getTranslations('card');
  const digits = minorUnits(currency);
  const locale = options.locale ?? 'en';
  const terms = options.terms;
  const money = (major: number) => formatMinor(toMinor(major, currency) ?? 0, currency, locale);
  const rg = await getTranslations('responsibleGambling');
  const rules = terms?.rules ?? {};
  // The threshold of the calendar month has no words of a limit per period: it is said as what the limits leave now.
  const tightest = terms?.tightest && terms.tightest.kind !== 'threshold' ? terms.tightest : null;
  const lines = [
    ...(rules.min !== undefined ? [t('termsMin', { amount: money(rules.min) })] : []),
    ...(rules.max !== undefined ? [t('termsMax', { amount: money(rules.max) })] : []),
    ...(terms?.limits ?? []).map((l) =>
      l.kind && l.kind !== 'deposit'
        ? t('termsKindLimit', { kind: l.kind, limit: money(l.limit), remaining: money(l.remaining), period: l.period })
        : t('termsLimit', { limit: money(l.limit), remaining: money(l.remaining), period: l.period }),
    ),
    ...(terms?.noReversal ? [rg('noReversal')] : []),
  ];
  const fee = (rule: FeeRule | null) => feeRuleText(rule, currency, locale);
  /** A method's fee as a sentence, or undefined without a fee. */
  const feeRule = (rule: string | undefined) => rule && t('feeRule', { rule });
  const errors = {
    ...(Object.fromEntries(ERRORS.map((k) => [k, t(`errors.${k}`)])) as Record<(typeof ERRORS)[number], string>),
    belowMin: t('errors.belowMin', { amount: rules.min !== undefined ? money(rules.min) : '' }),
    aboveMax: t('errors.aboveMax', { amount: rules.max !== undefined ? money(rules.max) : '' }),
    // The most restrictive limit binds, named by its kind and period.
    aboveLimit: tightest
      ? tightest.kind !== 'deposit'
        ? t('errors.aboveKindLimit', {
            kind: tightest.kind,
            limit: money(tightest.limit),
            remaining: money(tightest.remaining),
            period: tightest.period,
          })
        : t('errors.aboveLimit', { limit: money(tightest.limit), remaining: money(tightest.remaining), period: tightest.period })
      : t('errors.aboveLimitNow'),
    kyc: t('errors.kyc', { merchant: options.merchant ?? '' }),
    conflict: t('errors.conflict'),
  };
  return {
    amount: t('amount', { currency }),
    amountHint: flow === 'withdraw' && balanceText ? t('amountHintBalance', { digits, balance: balanceText }) : t('amountHint', { digits }),
    presets: t('presets'),
    method: flow === 'deposit' ? t('method') : t('withdrawMethod'),
    card: t('card'),
    otherMethods: t('otherMethods'),
    submit: flow === 'deposit' ? t('submitDeposit') : t('submitWithdraw'),
    processing: t('processing'),
    frameTitle: t('frameTitle'),
    cancel: t('cancel'),
    challenge: { title: card('challengeTitle'), intro: card('challengeIntro') },
    errors,
    done: { success: t('done.success'), failed: t('done.failed'), waiting: t('done.waiting'), other: t('done.other') },
    terms: lines,
    methodFees: {
      card: feeRule(fee(terms?.fees.card ?? null)),
      apm: feeRule(fee(terms?.fees.apm ?? null)),
    },
    feeLine:
      flow === 'deposit' ? t('feeDeposit', { fee: '{fee}', total: '{total}' }) : t('feeWithdraw', { fee: '{fee}', received: '{received}' }),
    ...(flow === 'withdraw' && options.cardWithdrawalMax !== undefined
      ? {
          cardShare:
            options.cardWithdrawalMax > 0
              ? t('cardShareAbove', { max: money(options.cardWithdrawalMax), merchant: options.merchant ?? '' })
              : t('cardShareNone', { merchant: options.merchant ?? '' }),
        }
      : {}),
    ...(terms?.responsibleGamblingUrl && flow === 'deposit'
      ? { limitsLink: { href: terms.responsibleGamblingUrl, text: t('limitsLink') } }
      : {}),
    ...(terms?.kycUrl ? { kycLink: { href: terms.kycUrl, text: t('kycLink') } } : {}),
    ...(terms?.limitsOnPage && flow === 'deposit' ? { limitsHere: { href: '#responsible-gambling-limits', text: t('limitsHere') } } : {}),
    ...(flow === 'deposit'
      ? {
          retry: {
            heading: t('retry.heading'),
            intro: t('retry.intro'),
            samePage: t('retry.samePage', { count: '{count}' }),
            samePageHere: t('retry.samePageHere', { count: '{count}' }),
            loading: t('retry.loading'),
            threeDS: t('retry.threeDS'),
            card: t('retry.card'),
            cards: t('retry.cards', { cards: '{cards}' }),
            apm: t('retry.apm', { methods: '{methods}' }),
            leave: t('retry.leave'),
            savedCard: (await getTranslations('card'))('savedLabel', { brand: '{brand}', last4: '{last4}' }),
            locale,
            failed: t('retry.failed'),
          },
        }
      : {}),
  };
}
