/**
 * A cashier withdrawal waiting for its destination (payout CREATED: the customer left its card or
 * account step): where the cashier and the widget continue it. "Continue" is the page itself with
 * `?continue={payoutId}` (the cashier's withdraw tab, or the widget), which opens that payout's
 * destination page in the flow's frame again; the cancel is the `cancelWithdrawal` action.
 */
import type { CashierTransaction } from './load-cashier';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';

/** The destination step a page reopens: the payout's card or APM page. */
export interface UnfinishedStep {
  url: string;
  type: 'payout';
  id: string;
}

/**
 * The page's address ending in `continue=`, a payout id completes it: `path` (/cashier/{id} or its
 * widget), its `?locale=` kept ('' for none), and the withdraw tab on the cashier.
 */
export function continueHref(view: { name: 'cashier' | 'widget'; path: string; locale: string }): string {
  const query = new URLSearchParams({
    ...(view.locale ? { locale: view.locale } : {}),
    ...(view.name === 'cashier' ? { tab: 'withdraw' } : {}),
  });
  return `${view.path}?${query.toString()}${query.size ? '&' : ''}continue=`;
}

/**
 * The destination page of `?continue={id}`: only a withdrawal among the session's open
 * `transactions` still waiting for its card or account (CREATED), by card or by another method as
 * it was started (`transactionType` CARD or not); null for anything else, so a forged or stale id
 * opens nothing and the flow starts at its amount. `locale` is the page's `?locale=` ('' for none).
 */
export function unfinishedStep(transactions: CashierTransaction[], id: unknown, locale: string): UnfinishedStep | null {
  const payout =
    typeof id === 'string' ? transactions.find((x) => x.id === id && x.type === 'payout' && x.status === 'CREATED') : undefined;
  if (!payout) return null;
  return {
    url: paymentHref('payout', payout.transactionType === 'CARD' ? 'card' : 'apm', payout.id, locale),
    type: 'payout',
    id: payout.id,
  };
}
