/** Catalogue text of the cashier flow, resolved on the server (the flow ships no message runtime). */
import { getTranslations } from 'next-intl/server';
import type { AmountError } from '@/lib/checkout/cashier-amount';
import { minorUnits } from '@/lib/money';
import type { CashierFlowText } from './cashier-flow';

const ERRORS: (AmountError | 'unavailable' | 'expired' | 'rejected' | 'rateLimited')[] = ['required', 'invalid', 'tooManyDecimals', 'notPositive', 'aboveBalance', 'unavailable', 'expired', 'rejected', 'rateLimited'];

export async function cashierFlowText(kind: 'deposit' | 'withdraw', currency: string, balanceText: string | null): Promise<CashierFlowText> {
  const t = await getTranslations('cashier');
  const digits = minorUnits(currency);
  return {
    amount: t('amount', { currency }),
    amountHint: kind === 'withdraw' && balanceText ? t('amountHintBalance', { digits, balance: balanceText }) : t('amountHint', { digits }),
    presets: t('presets'),
    method: kind === 'deposit' ? t('method') : t('withdrawMethod'),
    card: t('card'),
    otherMethods: t('otherMethods'),
    submit: kind === 'deposit' ? t('submitDeposit') : t('submitWithdraw'),
    processing: t('processing'),
    frameTitle: t('frameTitle'),
    cancel: t('cancel'),
    errors: Object.fromEntries(ERRORS.map((k) => [k, t(`errors.${k}`)])) as CashierFlowText['errors'],
    done: { success: t('done.success'), failed: t('done.failed'), waiting: t('done.waiting'), other: t('done.other') },
  };
}
