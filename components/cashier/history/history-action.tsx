'use server';
/**
 * Server action of the cashier's history, loaded when the customer opens it (docs/design.md,
 * "Cashier"): the session's pay-ins and payouts, read by the holder's proof of the request's
 * browser (the service refuses another's), rendered as the page renders them. The page itself
 * reads only the transactions it shows (the session's open ones); without JavaScript the history
 * is the page's own `?history=1`.
 */
import { getTranslations } from 'next-intl/server';
import { loadHistory } from '@/lib/checkout/cashier/load-cashier';
import { SESSION_ID } from '@hosted-checkout/contract/ids';
import { TransactionItems } from './transaction-list';

/** The history of `sessionId` rendered (the list, or the empty text); null when it could not be read (the page's link then shows it). */
export async function cashierHistory(sessionId: unknown): Promise<React.ReactNode> {
  // A forged argument: not an id of the shape the service gives (never sent on).
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
  const items = await loadHistory(sessionId);
  if (items === null) return null;
  const t = await getTranslations('cashier');
  return <TransactionItems empty={t('noHistory')} items={items} />;
}
