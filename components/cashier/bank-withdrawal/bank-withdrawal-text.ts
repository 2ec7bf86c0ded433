/** Catalogue text of the cashier's withdrawal by bank (bank-withdrawal.tsx), resolved on the server. */
import { getTranslations } from 'next-intl/server';
import { BANK_WITHDRAWAL_ERRORS, type BankWithdrawalError } from '@/lib/checkout/cashier/bank-withdrawal-errors';
import type { PayeeCheckOutcome } from '@hosted-checkout/contract/bank-withdrawals';
import type { CashierFlowText } from '../flow/cashier-text';

export interface BankWithdrawalText {
  heading: string;
  intro: string;
  amount: string;
  destination: string;
  otherAccount: string;
  otherHint: string;
  name: string;
  iban: string;
  sortCode: string;
  accountNumber: string;
  accountType: string;
  accountTypeAny: string;
  personal: string;
  business: string;
  submit: string;
  processing: string;
  reviewHeading: string;
  reviewAccount: string;
  reviewName: string;
  /** Each check's answer in words; `{nameHeld}` is filled in by the form. */
  outcomes: Record<Exclude<PayeeCheckOutcome, 'ACCOUNT_TYPE_MISMATCH'> | 'typePersonal' | 'typeBusiness', string>;
  acknowledge: string;
  confirm: string;
  back: string;
  errors: Partial<Record<BankWithdrawalError, string>> & { rejected: string };
}

/** The withdrawal by bank's text; the amount's errors are the cashier flow's own (`flowErrors`). */
export async function bankWithdrawalText(currency: string, flowErrors: CashierFlowText['errors']): Promise<BankWithdrawalText> {
  const t = await getTranslations('bankWithdrawal');
  const c = await getTranslations('cashier');
  return {
    heading: t('heading'),
    intro: t('intro'),
    amount: c('amount', { currency }),
    destination: t('destination'),
    otherAccount: t('otherAccount'),
    otherHint: t('otherHint'),
    name: t('name'),
    iban: t('iban'),
    sortCode: t('sortCode'),
    accountNumber: t('accountNumber'),
    accountType: t('accountType'),
    accountTypeAny: t('accountTypeAny'),
    personal: t('personal'),
    business: t('business'),
    submit: t('submit'),
    processing: c('processing'),
    reviewHeading: t('reviewHeading'),
    reviewAccount: t('reviewAccount'),
    reviewName: t('reviewName'),
    outcomes: {
      MATCH: t('outcomes.match'),
      CLOSE_MATCH: t('outcomes.closeMatch', { nameHeld: '{nameHeld}' }),
      NO_MATCH: t('outcomes.noMatch'),
      NOT_POSSIBLE: t('outcomes.notPossible'),
      DEPOSIT_ACCOUNT: t('outcomes.depositAccount'),
      typePersonal: t('outcomes.typePersonal'),
      typeBusiness: t('outcomes.typeBusiness'),
    },
    acknowledge: t('acknowledge'),
    confirm: t('confirm'),
    back: t('back'),
    errors: {
      ...flowErrors,
      ...Object.fromEntries(BANK_WITHDRAWAL_ERRORS.map((k) => [k, t(`errors.${k}`)])),
    },
  };
}
