/** Catalogue text of a Pay N Play cashier (pay-n-play-form.tsx, pay-n-play-panel.tsx), resolved on the server. */
import { getTranslations } from 'next-intl/server';
import type { PayNPlayError } from '@/lib/checkout/cashier/pay-n-play-action';
import type { CashierFlowText } from '../flow/cashier-text';

/** The form's text (a client component: no message runtime is shipped). */
export interface PayNPlayFormText {
  amount: string;
  amountHint: string;
  bank: string;
  bankChoose: string;
  deposit: string;
  login: string;
  loginHint: string;
  processing: string;
  errors: Record<PayNPlayError, string>;
}

/** The form's text; the amount's errors are the cashier flow's own (`flow`). */
export async function payNPlayFormText(flow: CashierFlowText): Promise<PayNPlayFormText> {
  const t = await getTranslations('payNPlay');
  return {
    amount: flow.amount,
    amountHint: flow.amountHint,
    bank: t('bank'),
    bankChoose: t('bankChoose'),
    deposit: t('deposit'),
    login: t('login'),
    loginHint: t('loginHint'),
    processing: flow.processing,
    errors: { ...flow.errors, bankRequired: t('errors.bankRequired') },
  };
}
