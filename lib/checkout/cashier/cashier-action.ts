'use server';
/**
 * Server action of the cashier and the withdrawal widget: checks the amount as the form does,
 * creates the pay-in or payout in the session with one Idempotency-Key per attempt, and
 * answers the payment page (card or APM) the cashier shows next in its frame.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import type { CashierError } from './cashier-failure';
import { runCashierAction } from './cashier-action-client';
import { checkedAmount, MAX_AMOUNT_CHARS } from './cashier-amount';
import { toMajor } from '@hosted-checkout/contract/money';
import { DEFAULT_LOCALE, LOCALES } from '@hosted-checkout/contract/locales';
import { ID_MAX_LENGTH, PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { cashierTerms } from './cashier-terms';
import { limitsVersion } from './limit-meter';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

export interface CashierState {
  attemptKey: string;
  error?: CashierError;
  /** The payment page to show in the cashier's frame. */
  step?: { url: string; type: CheckoutTransactionType; id: string };
  /** What the customer typed, for a round trip without JavaScript. */
  amount?: string;
}

const CashierForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  flow: z.enum(['deposit', 'withdraw']).catch('deposit'),
  method: z.enum(['card', 'apm']).catch('card'),
  locale: z.string().optional(),
  amount: z.string().default(''),
  numberLocale: z.enum(LOCALES).catch(DEFAULT_LOCALE),
  attemptKey: z.string().optional(),
  limitsVersion: z.string().optional(),
});

/** Errors after which the amount field starts empty: the session or the customer cannot deposit now. */
const CLEARS_AMOUNT = new Set<CashierError>(['expired', 'excluded', 'limitsRequired', 'conflict']);

/**
 * Creates the deposit (pay-in) or withdrawal (payout) of the amount in the session and answers
 * the payment page the cashier shows next in its frame. The amount is checked as the form does
 * first (the session's available balance, the merchant's bounds), in the page's number format.
 */
export async function startCashierTransaction(previous: CashierState, form: FormData): Promise<CashierState> {
  return runCashierAction<typeof CashierForm, CashierState>(
    form,
    {
      action: 'cashier transaction',
      schema: CashierForm,
      limits: { locale: 35, numberLocale: 35, amount: MAX_AMOUNT_CHARS, attemptKey: 64, limitsVersion: 32 },
      previous,
      badForm: (bad, attemptKey) => ({
        attemptKey,
        error: bad.problem === 'tooLong' && bad.fields.every((f) => f === 'amount') ? 'invalid' : 'rejected',
      }),
      failed: ({ error }, data, attemptKey) => ({ attemptKey, error, ...(CLEARS_AMOUNT.has(error) ? {} : { amount: data.amount }) }),
    },
    async ({ sessionId, session, locale, attemptKey }, data) => {
      const { flow, method, amount: raw, numberLocale } = data;
      // The limit meter's figures changed since the page showed them: the customer sees the new ones first.
      if (flow === 'deposit' && data.limitsVersion !== undefined && data.limitsVersion !== limitsVersion(session)) {
        return { attemptKey, error: 'limitsChanged', amount: raw };
      }
      const { rules } = cashierTerms(await paymentsApi.getCheckoutSettings(session.merchantId), session, flow);
      const checked = checkedAmount(raw, session.currency, flow, session.available ?? session.balance ?? null, numberLocale, rules);
      if ('error' in checked) return { attemptKey, error: checked.error, amount: raw };
      // Minor units from the parse on; the API's major units only in the call.
      const amount = toMajor(checked.minor, session.currency);
      const key = `cashier:${sessionId}:${attemptKey}`;
      if (flow === 'deposit') {
        const created = await paymentsApi.createSessionPayin(sessionId, amount, key, method);
        return {
          attemptKey: randomUUID(),
          step: { url: paymentHref('payin', method, created.paymentId, locale), type: 'payin', id: created.paymentId },
        };
      }
      const created = await paymentsApi.createSessionPayout(sessionId, amount, key, method);
      return {
        attemptKey: randomUUID(),
        step: { url: paymentHref('payout', method, created.payoutId, locale), type: 'payout', id: created.payoutId },
      };
    },
  );
}

const CancelForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  payoutId: z.string().regex(PAYMENT_ID),
  view: z.enum(['cashier', 'widget']).catch('cashier'),
  locale: z.string().optional(),
});

/**
 * The customer cancels a withdrawal of the session: one waiting for its destination straight from
 * the pending list, one with its destination given after the page's confirmation step; works
 * without JavaScript. The payout must be one of the session's; the service decides whether it may
 * still be cancelled (403, 409) and answers a second cancel as the first (a form posted twice says
 * `cancelled` twice). Back to the page with `notice=cancelled`, `cancelFailed`, or
 * `cancelUnavailable` when the service did not answer.
 */
export async function cancelWithdrawal(form: FormData): Promise<void> {
  const back = (data: z.output<typeof CancelForm>, notice: string) => {
    const locale = localeParam(data.locale);
    const query = new URLSearchParams({ ...(locale ? { locale } : {}), ...(data.view === 'cashier' ? { tab: 'withdraw' } : {}), notice });
    return { go: `/cashier/${encodeURIComponent(data.sessionId)}${data.view === 'widget' ? '/widget' : ''}?${query.toString()}` };
  };
  await runCashierAction<typeof CancelForm, never>(
    form,
    {
      action: 'cancel withdrawal',
      schema: CancelForm,
      limits: { payoutId: ID_MAX_LENGTH, locale: 35 },
      // Whether an expired session's withdrawal may still be cancelled is the service's answer.
      expired: 'run',
      badForm: () => ({ go: '/' }),
      // No answer: nothing may have changed, and the customer may try again.
      failed: ({ error }, data) => back(data, error === 'unavailable' ? 'cancelUnavailable' : 'cancelFailed'),
    },
    async ({ sessionId, session }, data) => {
      // The service does not know which session's page asks: only one of this session's withdrawals
      // may be cancelled here (one on its way: the session read's open transactions; one already
      // cancelled: its whole list). Whether it still may be (status, merchant, GB) is the service's answer.
      const ofSession = (list: { id: string; kind: string }[]) => list.some((t) => t.id === data.payoutId && t.kind === 'payout');
      const listed =
        (session.transactions !== undefined && ofSession(session.transactions)) ||
        ofSession((await paymentsApi.sessionTransactions(sessionId)).transactions);
      if (!listed) return back(data, 'cancelFailed');
      await paymentsApi.cancelPayout(data.payoutId);
      return back(data, 'cancelled');
    },
  );
}
