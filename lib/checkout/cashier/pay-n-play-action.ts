'use server';
/**
 * Server action of a Pay N Play cashier (docs/design.md, E26), on the cashier's action client
 * (holder check, session read, failure mapping): the customer deposits by bank, or logs in with
 * their bank without a deposit (amount 0), at the bank they choose; the cashier then leaves for
 * the bank's page (a redirect: works without JavaScript). The amount is checked as the cashier's
 * deposit form checks it. One Idempotency-Key per attempt.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { DEFAULT_LOCALE, LOCALES } from '@hosted-checkout/contract/locales';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { CashierError } from './cashier-failure';
import { runCashierAction } from './cashier-action-client';
import { checkedAmount, MAX_AMOUNT_CHARS } from './cashier-amount';
import { toMajor } from '@hosted-checkout/contract/money';
import { cashierTerms } from './cashier-terms';

/** An error of the Pay N Play form: the cashier's, or no bank chosen. */
export type PayNPlayError = CashierError | 'bankRequired';

export interface PayNPlayFormState {
  attemptKey: string;
  error?: PayNPlayError;
  /** The field the error belongs to (tied to it by aria-describedby); none: the whole form. */
  field?: 'amount' | 'bankId';
  /** What the customer typed, for a round trip without JavaScript. */
  amount?: string;
  bankId?: string;
}

const PayNPlayForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  locale: z.string().optional(),
  numberLocale: z.enum(LOCALES).catch(DEFAULT_LOCALE),
  attemptKey: z.string().optional(),
  intent: z.enum(['deposit', 'login']).catch('deposit'),
  amount: z.string().default(''),
  bankId: z
    .string()
    .regex(/^[a-z0-9-]{0,40}$/)
    .catch(''),
});

/**
 * Starts the bank login of a Pay N Play session and leaves for the bank's page; answers the form's
 * state with an error otherwise (amount, bank, or the service's refusal).
 */
export async function startPayNPlay(previous: PayNPlayFormState, form: FormData): Promise<PayNPlayFormState> {
  return runCashierAction<typeof PayNPlayForm, PayNPlayFormState>(
    form,
    {
      action: 'pay n play',
      schema: PayNPlayForm,
      limits: { locale: 35, numberLocale: 35, attemptKey: 64, intent: 10, amount: MAX_AMOUNT_CHARS, bankId: 40 },
      previous,
      badForm: (_bad, attemptKey) => ({ attemptKey, error: 'rejected' }),
      failed: ({ error }, d, attemptKey) => ({ attemptKey, error, amount: d.amount, bankId: d.bankId }),
    },
    async ({ sessionId, session, attemptKey }, d) => {
      const kept = { amount: d.amount, bankId: d.bankId };
      if (!d.bankId) return { attemptKey, error: 'bankRequired', field: 'bankId', ...kept };
      let amount = 0;
      if (d.intent === 'deposit') {
        const { rules } = cashierTerms(await paymentsApi.getCheckoutSettings(session.merchantId), session, 'deposit');
        const checked = checkedAmount(d.amount, session.currency, 'deposit', null, d.numberLocale, rules);
        if ('error' in checked) return { attemptKey, error: checked.error, field: 'amount', ...kept };
        // Minor units from the parse on; the API's major units only in the call.
        amount = toMajor(checked.minor, session.currency);
      }
      const started = await paymentsApi.startPayNPlay(sessionId, { amount, bankId: d.bankId }, `pay-n-play:${sessionId}:${attemptKey}`);
      return { go: started.redirectUrl };
    },
  );
}
