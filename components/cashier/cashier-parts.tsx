/** Server-rendered parts of the cashier and the widget: branding, the session states, the transaction lists. */
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { loadCashier, PENDING_PAYOUT, type CashierTransaction, type LoadedCashier } from '@/lib/checkout/cashier/load-cashier';
import { CANCELLABLE, type CashierTerms } from '@/lib/checkout/cashier/cashier-terms';
import { cancelWithdrawal } from '@/lib/checkout/cashier/cashier-action';
import { LiveBalance, type LiveBalanceText, type WidgetSnapshot } from './live-balance/live-balance';
import { FocusHere } from './flow/focus-here';
import { HeldElsewhere } from '../launch/held-elsewhere';

type LoadedCashierOk = Extract<LoadedCashier, { outcome: 'ok' }>;
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { formatMinor, toMinor } from '@/lib/money';
import { ServiceUnavailable } from '@/components/frame/service-unavailable';
import { ThemeStyle } from '@/components/theme/theme-style';

/** An amount in major units, formatted for the locale. */
export const money = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);

/** A page-sized message of the cashier (an expired session), in the merchant's theme when known. */
async function CashierMessage({ heading, body, settings }: { heading: string; body: string; settings?: CheckoutSettings | null }) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <ThemeStyle theme={settings?.theme} />
      <h1 className="mb-3 text-xl font-semibold">{heading}</h1>
      <p role="status">{body}</p>
    </main>
  );
}

/** The cashier's or the widget's page when the service did not answer: a retry link keeping the query. */
async function unavailablePage(view: { name: 'cashier' | 'widget'; path: string; query: string }) {
  const title = (await getTranslations('meta'))(view.name === 'widget' ? 'widgetTitle' : 'cashierTitle');
  return {
    outcome: 'fallback' as const,
    page: (
      <main className={view.name === 'widget' ? 'p-3' : 'mx-auto max-w-md px-4 py-8'}>
        <h1 className="sr-only">{title}</h1>
        <ServiceUnavailable retryHref={view.query ? `${view.path}?${view.query}` : view.path} />
      </main>
    ),
  };
}

/**
 * Loads the session of the cashier or the widget. Renders 404 itself for an unknown session;
 * returns the page to show instead when the service is down (a retry link keeping the query),
 * the session has expired, or this browser does not hold it.
 */
export async function loadCashierPage(
  sessionId: string,
  view: { name: 'cashier' | 'widget'; path: string; query: string },
): Promise<Extract<LoadedCashier, { outcome: 'ok' }> | { outcome: 'fallback'; page: React.ReactNode }> {
  const loaded = await loadCashier(sessionId);
  if (loaded.outcome === 'not-found') notFound();
  if (loaded.outcome === 'unavailable') {
    return unavailablePage(view);
  }
  if (loaded.outcome === 'elsewhere') {
    // Only the browser that holds the session sees or moves its money: the id is a locator.
    return {
      outcome: 'fallback',
      page: (
        <main className={view.name === 'widget' ? 'p-3' : 'mx-auto max-w-md px-4 py-8'}>
          <ThemeStyle theme={loaded.settings.theme} />
          <HeldElsewhere merchant={loaded.settings.displayName} />
        </main>
      ),
    };
  }
  if (loaded.outcome === 'expired') {
    const t = await getTranslations('cashier');
    return {
      outcome: 'fallback',
      page: (
        <CashierMessage
          heading={t('expiredHeading')}
          body={t('expiredBody', { merchant: loaded.settings?.displayName ?? '' })}
          settings={loaded.settings}
        />
      ),
    };
  }
  return loaded;
}

export async function TransactionList(props: { id: string; heading: string; empty: string; items: CashierTransaction[] }) {
  const t = await getTranslations('cashier');
  const locale = await getLocale();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={props.id} className="space-y-2">
      <h2 id={props.id} className="text-base font-semibold">
        {props.heading}
      </h2>
      {props.items.length === 0 ? (
        <p className="text-sm text-fg-muted">{props.empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded-theme border border-line">
          {props.items.map((item) => (
            <li
              key={item.id}
              data-transaction={item.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm"
            >
              <span className="font-medium">{t(`kinds.${item.type}`)}</span>
              <bdi className="font-medium">{money(item.amount, item.currency, locale)}</bdi>
              <span data-testid="status">
                {item.statusReason === 'CUSTOMER_CANCELLED'
                  ? t('cancelledByYou')
                  : t.has(`statuses.${item.status}`)
                    ? t(`statuses.${item.status}` as 'statuses.SUCCESS')
                    : item.status}
              </span>
              {item.fee ? (
                <span data-testid="fee" className="text-fg-muted">
                  {t('feeShort', { amount: money(item.fee, item.currency, locale) })}
                </span>
              ) : null}
              <time dateTime={item.createdAt} className="basis-full text-fg-muted">
                {date.format(new Date(item.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The live part of the cashier and the widget (balance, available, reserved, pending withdrawals),
 * from the page's own load; `cancelHref` (ending in `cancel=`) is used when the customer may cancel.
 */
export async function CashierLive({
  loaded,
  terms,
  locale,
  cancelHref,
}: {
  loaded: LoadedCashierOk;
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
      terms={{ etaHours: terms.etaHours, ...(terms.withdrawalCancel ? { cancelHref } : {}) }}
    />
  );
}

/** The live part's text (balance, pending withdrawals with reason, expected time, cancel link). */
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
    cancelLink: t('cancelLink'),
    cancelLinkLabel: t('cancelLinkLabel', { amount: '{amount}' }),
  };
}

/** The snapshot the live part starts from, from the page's own load. */
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
      })),
  };
}

/**
 * The confirmation step of cancelling a pending withdrawal, shown for `?cancel={payoutId}`:
 * a form to the `cancelWithdrawal` action and a link back; nothing when the payout is not one the
 * customer may cancel now. Works without JavaScript.
 */
export async function CancelWithdrawal(props: {
  sessionId: string;
  payoutId: string;
  view: 'cashier' | 'widget';
  locale: string;
  transactions: CashierTransaction[];
  allowed: boolean;
  backHref: string;
}) {
  const payout = props.transactions.find((x) => x.id === props.payoutId && x.type === 'payout');
  if (!props.allowed || !payout || !CANCELLABLE.has(payout.status)) return null;
  const t = await getTranslations('cashier');
  const uiLocale = await getLocale();
  return (
    <section aria-labelledby="cancel-heading" className="space-y-3 rounded-theme border border-danger p-4">
      <h2 id="cancel-heading" tabIndex={-1} className="text-base font-semibold">
        {t('cancelHeading')}
      </h2>
      <FocusHere id="cancel-heading" />
      <p>{t('cancelBody', { amount: money(payout.amount, payout.currency, uiLocale) })}</p>
      <form action={cancelWithdrawal} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="sessionId" value={props.sessionId} />
        <input type="hidden" name="payoutId" value={props.payoutId} />
        <input type="hidden" name="view" value={props.view} />
        <input type="hidden" name="locale" value={props.locale} />
        <button className="min-h-6 rounded-theme border border-danger px-4 py-2 font-semibold text-danger">{t('cancelYes')}</button>
        <a href={props.backHref} className="min-h-6 px-2 py-2 text-primary underline">
          {t('cancelNo')}
        </a>
      </form>
    </section>
  );
}

/** The notice after a cancellation (`?notice=cancelled|cancelFailed`), announced. */
export async function CashierNotice({ notice }: { notice: string | undefined }) {
  if (notice !== 'cancelled' && notice !== 'cancelFailed' && notice !== 'cancelUnavailable' && notice !== 'bankWithdrawal') return null;
  const t = await getTranslations('cashier');
  return (
    <>
      <p id="cashier-notice" role="status" tabIndex={-1} className="rounded-theme border border-control bg-surface p-3 text-sm">
        {t(`notices.${notice}`)}
      </p>
      <FocusHere id="cashier-notice" />
    </>
  );
}
