'use server';
/**
 * Server actions of the regulated cashier's deposit paths that cannot charge twice:
 * - deposit again (the widget): the customer's last paid card deposit, same amount, same saved
 *   card (the card page then asks the CVV alone). Its Idempotency-Key is the last deposit's id,
 *   so a double click or a second tab gets the same pay-in, which is paid at most once;
 * - recovery after a decline (the cashier), any decline, the first included: what can work next
 *   (the same deposit again in its payment page while it has attempts left, the 3DS retry of a
 *   soft decline, another card, another method of the merchant), then a pay-in that replaces the
 *   unpaid one (the session pay-in's `replaces`: one retry per pay-in, the old one closed and its
 *   attempts spent).
 * Only the browser that holds the session may. Amounts in major units.
 */
import { z } from 'zod';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@/lib/log';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import { failureLogFields } from '@/lib/checkout/shared/call-failure';
import type { CashierError, CashierFailure } from './cashier-failure';
import { holdSession, runCashierAction, type CashierCall } from './cashier-action-client';
import { ID_MAX_LENGTH, PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';

export interface RetryState {
  /** The payment page to show in the frame next. */
  step?: { url: string; type: CheckoutTransactionType; id: string };
  error?: CashierError;
}

/** Statuses of a deposit the cashier may retry: not paid, and final for the page. */
const UNPAID = new Set(['DECLINED', 'FAILED', 'TIMEOUT']);

/** The fields both retry forms post: the session, the deposit to retry, the page's locale. */
const RetryFields = {
  sessionId: z.string().regex(PAYMENT_ID),
  payinId: z.string().regex(PAYMENT_ID),
  locale: z.string().optional(),
};

/**
 * Runs a retry action through the cashier's action client: a forged post is `rejected`, a refusal
 * or failed call is what `failed` makes of it.
 */
function runRetryAction<S extends z.ZodObject>(
  form: FormData,
  action: string,
  schema: S,
  failed: (failure: CashierFailure) => RetryState,
  logic: (c: CashierCall, data: z.output<S>) => Promise<RetryState>,
): Promise<RetryState> {
  return runCashierAction<S, RetryState>(
    form,
    { action, schema, limits: { payinId: ID_MAX_LENGTH, locale: 35 }, badForm: () => ({ error: 'rejected' }), failed },
    logic,
  );
}

const AgainForm = z.object(RetryFields);

/**
 * Deposit again: the session's offer (`depositAgain`) must still be the one the page showed
 * (else the page reloads). The pay-in is created for the card, under every rule of the session
 * (limits, exclusion, bounds: refused with the cashier's messages), and opened on the card page
 * with the saved card chosen.
 */
export async function depositAgain(_previous: RetryState, form: FormData): Promise<RetryState> {
  return runRetryAction(
    form,
    'deposit again',
    AgainForm,
    // An expired session is refused as any session this browser may not use; a 400 is no balance matter here.
    ({ error, nothingCreated }) => ({
      error: error === 'aboveBalance' || (error === 'expired' && nothingCreated) ? 'rejected' : error,
    }),
    async ({ sessionId, session, locale }, { payinId }) => {
      const offer = session.depositAgain;
      if (!offer || offer.payinId !== payinId) return { error: 'conflict' };
      // One key per offer (the last deposit's id): two clicks, two tabs, two instances get one pay-in, paid at most once.
      const created = await paymentsApi.createSessionPayin(sessionId, offer.amount, `again:${offer.payinId}`, 'card');
      return {
        step: {
          url: paymentHref('payin', 'card', created.paymentId, locale, { card: offer.cardId }),
          type: 'payin',
          id: created.paymentId,
        },
      };
    },
  );
}

/**
 * What can work after a decline: the same pay-in again while it has attempts left (its payment
 * page: `retryUrl`; a soft decline is then challenged by the service), the 3DS retry by a new
 * pay-in (a soft decline on the last attempt), other saved cards (brand and last four), the
 * merchant's other methods (names).
 */
export interface RecoveryOptions {
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
 * The recovery options of an unpaid deposit of the session (`locale`: the payment page's `?locale=`
 * for `retryUrl`); null when it is not one (paid, under way, another session's) or the service is
 * down.
 */
export async function loadRecovery(sessionId: string, payinId: string, locale?: string): Promise<RecoveryOptions | null> {
  if (!PAYMENT_ID.test(sessionId) || !PAYMENT_ID.test(payinId)) return null;
  try {
    const held = await holdSession(sessionId, 'recovery options');
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
    logger.warn({ sessionId, payinId, ...failureLogFields(error) }, 'the recovery options could not be loaded');
    return null;
  }
}

const RecoverForm = z.object({ ...RetryFields, next: z.enum(['threeDS', 'card', 'apm']) });

/**
 * A new deposit of the same amount (its fee recomputed for the method) replacing the unpaid one:
 * by card (the 3DS retry of a soft decline is a card retry the service authenticates) or another
 * method. Its key names the pay-in and the choice: a double click is one retry; another choice
 * in another tab is refused by the service (one retry per pay-in: `conflict`).
 */
export async function recoverDeposit(_previous: RetryState, form: FormData): Promise<RetryState> {
  return runRetryAction(
    form,
    'recover deposit',
    RecoverForm,
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
