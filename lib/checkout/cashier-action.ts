'use server';
/**
 * Server action of the cashier and the withdrawal widget: checks the amount as the form does,
 * creates the pay-in or payout in the session (E9) with one Idempotency-Key per attempt, and
 * answers the payment page (card or APM) the cashier shows next in its frame.
 */
import { randomUUID } from 'node:crypto';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import { checkAmount, parseAmount, type AmountError } from './cashier-amount';
import { PAYMENT_ID } from './load-transaction';
import { localeParam, paymentHref } from './payment-paths';

export interface CashierState {
  attemptKey: string;
  error?: AmountError | 'unavailable' | 'expired' | 'rejected';
  /** The payment page to show in the cashier's frame. */
  step?: { url: string; type: 'payin' | 'payout'; id: string };
  /** What the customer typed, for a round trip without JavaScript. */
  amount?: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function startCashierTransaction(previous: CashierState, form: FormData): Promise<CashierState> {
  const sessionId = text(form, 'sessionId');
  const kind = text(form, 'kind') === 'withdraw' ? 'withdraw' : 'deposit';
  const method = text(form, 'method') === 'apm' ? 'apm' : 'card';
  const locale = localeParam(text(form, 'locale'));
  const raw = text(form, 'amount').slice(0, 32);
  const attemptKey = /^[0-9a-f-]{36}$/.test(text(form, 'attemptKey')) ? text(form, 'attemptKey') : (previous?.attemptKey ?? randomUUID());
  if (!PAYMENT_ID.test(sessionId)) return { attemptKey, error: 'rejected' };
  try {
    const session = await paymentsApi.getSession(sessionId);
    if (session.status === 'EXPIRED') return { attemptKey, error: 'expired' };
    const error = checkAmount(raw, session.currency, kind, session.balance ?? null);
    if (error) return { attemptKey, error, amount: raw };
    const amount = parseAmount(raw)!;
    const key = `cashier:${sessionId}:${attemptKey}`;
    if (kind === 'deposit') {
      const created = await paymentsApi.createSessionPayin(sessionId, amount, key);
      return { attemptKey: randomUUID(), step: { url: paymentHref('payin', method, created.paymentId, locale), type: 'payin', id: created.paymentId } };
    }
    const created = await paymentsApi.createSessionPayout(sessionId, amount, key);
    return { attemptKey: randomUUID(), step: { url: paymentHref('payout', method, created.payoutId, locale), type: 'payout', id: created.payoutId } };
  } catch (error) {
    logger.warn({ err: error, sessionId }, 'cashier could not create the transaction');
    if (error instanceof PaymentsApiError && error.retryable) return { attemptKey, error: 'unavailable', amount: raw };
    if (error instanceof PaymentsApiError && error.status === 409) return { attemptKey: randomUUID(), error: 'expired' };
    if (error instanceof PaymentsApiError && error.status === 400) return { attemptKey: randomUUID(), error: 'aboveBalance', amount: raw };
    return { attemptKey: randomUUID(), error: 'rejected', amount: raw };
  }
}
