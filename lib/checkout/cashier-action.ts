'use server';
/**
 * Server action of the cashier and the withdrawal widget: checks the amount as the form does,
 * creates the pay-in or payout in the session (E9) with one Idempotency-Key per attempt, and
 * answers the payment page (card or APM) the cashier shows next in its frame.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { parseActionForm } from '@/lib/forms/action-form';
import { classifyFailure, failureLogFields } from './call-failure';
import { cashierFailure, type CashierError } from './cashier-failure';
import { checkAmount, parseAmount, MAX_AMOUNT_CHARS } from './cashier-amount';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/locales';
import { PAYMENT_ID } from './load-transaction';
import { localeParam, paymentHref } from './payment-paths';
import { cashierTerms } from './cashier-terms';
import { attemptKeyOf } from './payment-action';
import { redirect } from 'next/navigation';
import { requestHolding } from '@/lib/cashier/binding';
import type { CheckoutTransactionType } from '@/lib/contract/enums';

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
});

export async function startCashierTransaction(previous: CashierState, form: FormData): Promise<CashierState> {
  const fallbackKey = attemptKeyOf(undefined, previous);
  const parsed = parseActionForm(CashierForm, form, {
    sessionId: 128,
    locale: 35,
    numberLocale: 35,
    amount: MAX_AMOUNT_CHARS,
    attemptKey: 64,
  });
  if (!parsed.ok) {
    const amountTooLong = parsed.problem === 'tooLong' && parsed.fields.every((f) => f === 'amount');
    return { attemptKey: fallbackKey, error: amountTooLong ? 'invalid' : 'rejected' };
  }
  const { sessionId, flow, method, amount: raw, numberLocale } = parsed.data;
  const locale = localeParam(parsed.data.locale);
  const attemptKey = attemptKeyOf(parsed.data.attemptKey, { attemptKey: fallbackKey });
  try {
    const session = await paymentsApi.getSession(sessionId);
    if (session.status === 'EXPIRED') return { attemptKey, error: 'expired' };
    // Only the browser that holds the session moves its money (E22): the id alone is a locator.
    const holding = await requestHolding({ of: 'session', id: sessionId });
    if (holding !== 'held') {
      logger.warn(
        { event: 'security.binding_refused', sessionId, holding },
        'a cashier transaction from a browser that does not hold the session',
      );
      return { attemptKey, error: holding === 'unavailable' ? 'unavailable' : 'rejected', amount: raw };
    }
    const { rules } = cashierTerms(await paymentsApi.getCheckoutSettings(session.merchantId), session, flow);
    const error = checkAmount(raw, session.currency, flow, session.available ?? session.balance ?? null, numberLocale, rules);
    if (error) return { attemptKey, error, amount: raw };
    const amount = parseAmount(raw, numberLocale)!;
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
  } catch (error) {
    return cashierFailure(error, { sessionId, attemptKey, amount: raw });
  }
}

const CancelForm = z.object({
  sessionId: z.string().regex(PAYMENT_ID),
  payoutId: z.string().regex(PAYMENT_ID),
  view: z.enum(['cashier', 'widget']).catch('cashier'),
  locale: z.string().optional(),
});

/**
 * The customer cancels a pending withdrawal of the session (E19), after the page's confirmation
 * step; works without JavaScript. The payout must be one of the session's; the service decides
 * whether it may still be cancelled (403, 409). Back to the page with `notice=cancelled`,
 * `cancelFailed`, or `cancelUnavailable` when the service did not answer.
 */
export async function cancelWithdrawal(form: FormData): Promise<void> {
  const parsed = parseActionForm(CancelForm, form, { sessionId: 128, payoutId: 128, locale: 35 });
  if (!parsed.ok) redirect('/');
  const { sessionId, payoutId, view } = parsed.data;
  const locale = localeParam(parsed.data.locale);
  let notice = 'cancelled';
  try {
    // The service does not know which session's page asks: only one of this session's withdrawals
    // may be cancelled here. Whether it still may be (status, merchant, GB) is the service's answer.
    const { transactions } = await paymentsApi.sessionTransactions(sessionId);
    const holding = await requestHolding({ of: 'session', id: sessionId });
    if (holding === 'unavailable') notice = 'cancelUnavailable';
    // Only the browser that holds the session may cancel its withdrawals (E22).
    else if (holding !== 'held' || !transactions.some((t) => t.id === payoutId && t.kind === 'payout')) notice = 'cancelFailed';
    else await paymentsApi.cancelPayout(payoutId);
  } catch (error) {
    logger.warn({ sessionId, payoutId, ...failureLogFields(error) }, 'cancelling a withdrawal failed');
    // No answer: nothing may have changed, and the customer may try again.
    notice = classifyFailure(error) === 'unavailable' ? 'cancelUnavailable' : 'cancelFailed';
  }
  const query = new URLSearchParams({ ...(locale ? { locale } : {}), ...(view === 'cashier' ? { tab: 'withdraw' } : {}), notice });
  redirect(`/cashier/${encodeURIComponent(sessionId)}${view === 'widget' ? '/widget' : ''}?${query.toString()}`);
}
