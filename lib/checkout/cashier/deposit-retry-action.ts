'use server';
/**
 * Server actions of a deposit retry after a decline (the cashier), any decline, the first
 * included: what can work next (the same deposit again in its payment page while it has attempts
 * left, the 3DS retry of a soft decline, another card, another method of the merchant), then a
 * pay-in that replaces the unpaid one (the session pay-in's `replaces`: one retry per pay-in, the
 * old one closed and its attempts spent), so a retry cannot charge twice. Only the browser that
 * holds the session may. Amounts in major units.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import { holdSession } from './cashier-action-client';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';
import { DEPOSIT_STEP_FIELDS, runDepositStepAction, type DepositStepState } from './deposit-step';

/** Statuses of a deposit the cashier may retry: not paid, and final for the page. */
const UNPAID = new Set(['DECLINED', 'FAILED', 'TIMEOUT']);

/**
 * What can work after a decline: the same pay-in again while it has attempts left (its payment
 * page: `retryUrl`; a soft decline is then challenged by the service), the 3DS retry by a new
 * pay-in (a soft decline on the last attempt), other saved cards (brand and last four), the
 * merchant's other methods (names).
 */
export interface RetryOptions {
  /** Attempts the declined pay-in has left (0: FAILED, TIMEOUT, or the last one spent). */
  attemptsRemaining: number;
  /** The declined pay-in's own payment page (card or APM, as it was paid), while it has attempts left; else null. */
  retryUrl: string | null;
  /** The decline asked for authentication (AUTHENTICATION_REQUIRED). */
  softDecline: boolean;
  /** A new pay-in authenticated with 3-D Secure: a soft decline with no attempt left. */
  threeDS: boolean;
  card: boolean;
  cards: { brand: string; last4: string }[];
  methods: string[];
}

/** The session's transaction `payinId`, when it is one of its deposits. */
async function sessionDeposit(sessionId: string, payinId: string) {
  const { transactions } = await paymentsApi.sessionTransactions(sessionId);
  return transactions.find((t) => t.id === payinId && t.kind === 'payin');
}

/**
 * The retry options of an unpaid deposit of the session (`locale`: the payment page's `?locale=`
 * for `retryUrl`); null when it is not one (paid, under way, another session's) or the service is
 * down.
 */
export async function loadRetryOptions(sessionId: string, payinId: string, locale?: string): Promise<RetryOptions | null> {
  if (!PAYMENT_ID.test(sessionId) || !PAYMENT_ID.test(payinId)) return null;
  try {
    const held = await holdSession(sessionId, 'retry options');
    if (!('session' in held) || held.session.status === 'EXPIRED') return null;
    const deposit = await sessionDeposit(sessionId, payinId);
    if (!deposit || !UNPAID.has(deposit.status)) return null;
    // The methods' answer carries the pay-in (docs/design.md, E6 extended): one read, else the pay-in's own.
    const withMethods = await paymentsApi.getPayinWithMethods(payinId);
    const { methods } = withMethods;
    const payin = withMethods.payin ?? (await paymentsApi.getPayin(payinId));
    const { cards } = await paymentsApi.listCards(payin.customerId).catch(() => ({ cards: [] }));
    const card = methods.some((m) => m.type === 'CARD');
    const soft = payin.statusReason?.detailedStatus === 'AUTHENTICATION_REQUIRED';
    const left = deposit.status === 'DECLINED' ? (payin.attemptsRemaining ?? 0) : 0;
    const page = !payin.transactionType || payin.transactionType === 'CARD' ? 'card' : 'apm';
    return {
      attemptsRemaining: left,
      retryUrl: left > 0 ? paymentHref('payin', page, payinId, localeParam(locale)) : null,
      softDecline: soft,
      threeDS: card && soft && left === 0,
      card,
      cards: card
        ? cards.filter((c) => c.cardMask !== payin.cardMask).map((c) => ({ brand: c.cardBrand, last4: c.cardMask.slice(-4) }))
        : [],
      methods: methods.filter((m) => m.type !== 'CARD').map((m) => m.name),
    };
  } catch (error) {
    logger.warn({ sessionId, payinId, ...failureLogFields(error) }, 'the retry options could not be loaded');
    return null;
  }
}

const RetryForm = z.object({ ...DEPOSIT_STEP_FIELDS, next: z.enum(['threeDS', 'card', 'apm']) });

/**
 * A new deposit of the same amount (its fee recomputed for the method) replacing the unpaid one:
 * by card (the 3DS retry of a soft decline is a card retry the service authenticates) or another
 * method. Its key names the pay-in and the choice: a double click is one retry; another choice
 * in another tab is refused by the service (one retry per pay-in: `conflict`).
 */
export async function retryDeposit(_previous: DepositStepState, form: FormData): Promise<DepositStepState> {
  return runDepositStepAction(
    form,
    'retry deposit',
    RetryForm,
    // An expired session is refused; a failed call's `expired` (409) means the old pay-in moved on
    // (another tab retried it, or it is no longer retryable); a 400 is no balance matter here.
    ({ error, nothingCreated }) => ({
      error: error === 'expired' ? (nothingCreated ? 'rejected' : 'conflict') : error === 'aboveBalance' ? 'rejected' : error,
    }),
    async ({ sessionId, locale }, { payinId, next }) => {
      const method = next === 'apm' ? 'apm' : 'card';
      const deposit = await sessionDeposit(sessionId, payinId);
      if (!deposit) return { error: 'rejected' };
      const amount = Number((deposit.amount - (deposit.fee ?? 0)).toFixed(6));
      const created = await paymentsApi.createSessionPayin(sessionId, amount, `retry:${payinId}:${method}`, method, payinId);
      return { step: { url: paymentHref('payin', method, created.paymentId, locale), type: 'payin', id: created.paymentId } };
    },
  );
}
