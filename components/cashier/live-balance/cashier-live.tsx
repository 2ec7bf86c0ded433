/**
 * The server side of the live balance on the cashier and the widget: its text resolved from the
 * catalogue and its first snapshot taken from the page's own load, handed to the client part
 * (live-balance.tsx), which then follows the session's event stream.
 */
import { getTranslations } from 'next-intl/server';
import { PENDING_PAYOUT, type CashierTransaction, type LoadedCashier } from '@/lib/checkout/cashier/load-cashier';
import type { CashierTerms } from '@/lib/checkout/cashier/cashier-terms';
import { cancelWithdrawal } from '@/lib/checkout/cashier/cashier-action';
import { LiveBalance, type LiveBalanceText, type WidgetSnapshot } from './live-balance';
import { continueHref } from '@/lib/checkout/cashier/unfinished-withdrawal';
import type { CashierView } from '../page/cashier-view';

type LoadedCashierOk = Extract<LoadedCashier, { outcome: 'ok' }>;

/**
 * The live part of the cashier and the widget (balance, available, reserved, pending withdrawals),
 * from the page's own load (`loaded`, the page's view); `cancelHref` (ending in `cancel=`) is used
 * when the customer may cancel a withdrawal with its destination given; one waiting for its
 * destination always offers Continue (back to its step on this page) and Cancel (a form to the
 * `cancelWithdrawal` action). `locale` is the page's resolved language (amounts and dates).
 */
export async function CashierLive({
  loaded,
  terms,
  locale,
  cancelHref,
}: {
  loaded: CashierView;
  terms: CashierTerms;
  locale: string;
  cancelHref: string;
}) {
  return (
    <LiveBalance
      sessionId={loaded.session.sessionId}
      locale={locale}
      initial={initialSnapshot(loaded.session, loaded.transactions)}
      text={await liveBalanceText(loaded.settings.displayName)}
      terms={{
        etaHours: terms.etaHours,
        ...(terms.withdrawalCancel ? { cancelHref } : {}),
        unfinished: {
          continueHref: continueHref(loaded),
          form: { action: cancelWithdrawal, sessionId: loaded.session.sessionId, view: loaded.name, locale: loaded.locale },
        },
      }}
    />
  );
}

/** The live part's text (balance, pending withdrawals with reason, expected time, payout deadline, cancel link). */
async function liveBalanceText(merchant: string): Promise<LiveBalanceText> {
  const t = await getTranslations('cashier');
  const statuses = Object.fromEntries(
    ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING'].map((s) => [s, t(`statuses.${s}` as 'statuses.PENDING')]),
  );
  const reasons = Object.fromEntries(
    ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING'].map((s) => [s, t(`pendingReasons.${s}` as 'pendingReasons.PENDING', { merchant })]),
  );
  return {
    balance: t('balance'),
    available: t('available'),
    reserved: t('reserved'),
    noBalance: t('noBalance'),
    pending: t('pending'),
    noPending: t('noPending'),
    statuses,
    reasons,
    expectedBy: t('expectedBy', { date: '{date}' }),
    payoutDueBy: t('payoutDueBy', { time: '{time}' }),
    cancelLink: t('cancelLink'),
    cancelLinkLabel: t('cancelLinkLabel', { amount: '{amount}' }),
    unfinished: {
      hint: t('unfinishedHint'),
      continueLink: t('continueLink'),
      continueLinkLabel: t('continueLinkLabel', { amount: '{amount}' }),
      cancel: t('cancelLink'),
      cancelLabel: t('cancelLinkLabel', { amount: '{amount}' }),
    },
  };
}

/** The snapshot the live part starts from, from the page's own load (amounts in major units). */
function initialSnapshot(session: LoadedCashierOk['session'], transactions: CashierTransaction[]): WidgetSnapshot {
  const balance = session.balance ?? null;
  return {
    balance,
    available: session.available ?? balance,
    reserved: session.reserved ?? 0,
    currency: session.currency,
    status: session.status,
    pending: transactions
      .filter((x) => x.type === 'payout' && PENDING_PAYOUT.has(x.status))
      .map((x) => ({
        id: x.id,
        amount: x.amount,
        currency: x.currency,
        status: x.status,
        createdAt: x.createdAt,
        ...(x.transactionType ? { transactionType: x.transactionType } : {}),
        ...(x.payoutDueAt ? { payoutDueAt: x.payoutDueAt } : {}),
      })),
  };
}
