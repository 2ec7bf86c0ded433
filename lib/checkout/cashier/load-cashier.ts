/**
 * The cashier's view of a session (docs/design.md, "Cashier", "Withdrawal widget"): the session
 * itself, its merchant's checkout settings and its transactions, with the rules of the amount
 * field: positive, at most the currency's minor units, a withdrawal at most the balance.
 */
import 'server-only';
import type { z } from 'zod';
import type { CashierSession, SessionTransaction } from '@hosted-checkout/contract/cashier';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';

export interface CashierTransaction {
  id: string;
  type: CheckoutTransactionType;
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
  transactionType?: string;
  /** The cashier fee recorded on it (major units). */
  fee?: number;
  /** The detailedStatus of a final one (CUSTOMER_CANCELLED…). */
  statusReason?: string;
  /** A withdrawal's payout deadline under the licence in force (SPA/MF: its request plus 120 minutes), ISO 8601. */
  payoutDueAt?: string;
}

export type LoadedCashier =
  | { outcome: 'ok'; session: CashierSession; settings: CheckoutSettings; transactions: CashierTransaction[] }
  | { outcome: 'expired'; settings: CheckoutSettings | null }
  /** The service refused this browser: `opened`, another browser holds the page; else none does (not opened, or launched again). */
  | { outcome: 'elsewhere'; settings: CheckoutSettings; opened: boolean }
  | { outcome: 'not-found' }
  | { outcome: 'unavailable' };

/**
 * The session, its settings and the transactions its page shows, read with the holder's proof of the request's browser:
 * `elsewhere` when the service refuses it, with whether another browser holds `page` (the cashier's or the widget's
 * locator, `opened`; absent from a service without it: false). `transactions` are those not final (the pending
 * withdrawals, a deposit under way): the history of past ones is read when it is opened (`loadHistory`). Never throws.
 */
export async function loadCashier(sessionId: string, page: 'cashier' | 'widget' = 'cashier'): Promise<LoadedCashier> {
  if (!PAYMENT_ID.test(sessionId)) return { outcome: 'not-found' };
  try {
    // The session answer carries its open transactions (docs/design.md, E9 extended); a service without the extension is asked the list.
    const { transactions: listed, ...session } = await paymentsApi.getSession(sessionId, { transactions: 'open' });
    const settings = await paymentsApi.getCheckoutSettings(session.merchantId);
    if (session.status === 'EXPIRED') return { outcome: 'expired', settings };
    const transactions = listed ?? (await paymentsApi.sessionTransactions(sessionId)).transactions.filter(isOpen);
    return { outcome: 'ok', session, settings, transactions: transactions.map(cashierTransaction) };
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 404) return { outcome: 'not-found' };
    if (PaymentsApiError.is(error) && error.status === 403) {
      // Not this browser's: an expired session says so to anyone, else where it is open.
      const located = await paymentsApi.locate('session', sessionId, null, page).catch(() => null);
      const settings = located ? await paymentsApi.getCheckoutSettings(located.merchantId).catch(() => null) : null;
      if (located && settings)
        return located.expired ? { outcome: 'expired', settings } : { outcome: 'elsewhere', settings, opened: located.opened === true };
    }
    logger.warn({ err: error, sessionId }, 'cashier could not load the session');
    return { outcome: 'unavailable' };
  }
}

/** Payout statuses that are still on their way: the cashier's "pending withdrawals". */
export const PENDING_PAYOUT = new Set(['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING']);
/** Pay-in statuses still on their way (the service's `?transactions=open`). */
const OPEN_PAYIN = new Set(['CREATED', 'PENDING', 'PENDING_3DS']);

/** Whether a listed transaction is not final: what `?transactions=open` lists. */
export const isOpen = (t: { kind: CheckoutTransactionType; status: string }): boolean =>
  t.kind === 'payout' ? PENDING_PAYOUT.has(t.status) : OPEN_PAYIN.has(t.status);

/** A session transaction of the service as the cashier shows it. */
function cashierTransaction(t: z.infer<typeof SessionTransaction>): CashierTransaction {
  return {
    id: t.id,
    type: t.kind,
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    createdAt: t.createdAt,
    transactionType: t.transactionType,
    fee: t.fee,
    statusReason: t.statusReason,
    ...(t.payoutDueAt ? { payoutDueAt: t.payoutDueAt } : {}),
  };
}

/**
 * The session's history, every pay-in and payout newest first, read with the holder's proof of the request's
 * browser (the service refuses another's); null when it could not be read. Never throws.
 */
export async function loadHistory(sessionId: string): Promise<CashierTransaction[] | null> {
  if (!PAYMENT_ID.test(sessionId)) return null;
  try {
    return (await paymentsApi.sessionTransactions(sessionId)).transactions.map(cashierTransaction);
  } catch (error) {
    logger.warn({ err: error, sessionId }, 'cashier could not load the history');
    return null;
  }
}
