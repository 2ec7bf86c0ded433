/** Server-rendered parts of the cashier and the widget: branding, the session states, the transaction lists. */
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { loadCashier, type CashierTransaction, type LoadedCashier } from '@/lib/checkout/cashier';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { formatMinor, toMinor } from '@/lib/money';
import { ServiceUnavailable } from '@/components/payment/service-unavailable';
import { ThemeStyle } from '@/components/theme/theme-style';

/** An amount in major units, formatted for the locale. */
export const money = (amount: number, currency: string, locale: string) => formatMinor(toMinor(amount, currency) ?? 0, currency, locale);

/** A page-sized message of the cashier (an expired session), in the merchant's theme when known. */
export async function CashierMessage({ heading, body, settings }: { heading: string; body: string; settings?: CheckoutSettings | null }) {
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <ThemeStyle theme={settings?.theme} />
      <h1 className="mb-3 text-xl font-semibold">{heading}</h1>
      <p role="status">{body}</p>
    </main>
  );
}

/**
 * Loads the session of the cashier or the widget. Renders 404 itself for an unknown session;
 * returns the page to show instead when the service is down (a retry link keeping the query)
 * or the session has expired.
 */
export async function loadCashierPage(
  sessionId: string,
  view: { kind: 'cashier' | 'widget'; path: string; query: string },
): Promise<Extract<LoadedCashier, { kind: 'ok' }> | { kind: 'fallback'; page: React.ReactNode }> {
  const loaded = await loadCashier(sessionId);
  if (loaded.kind === 'not-found') notFound();
  if (loaded.kind === 'unavailable') {
    const title = (await getTranslations('meta'))(view.kind === 'widget' ? 'widgetTitle' : 'cashierTitle');
    return {
      kind: 'fallback',
      page: (
        <main className={view.kind === 'widget' ? 'p-3' : 'mx-auto max-w-md px-4 py-8'}>
          <h1 className="sr-only">{title}</h1>
          <ServiceUnavailable retryHref={view.query ? `${view.path}?${view.query}` : view.path} />
        </main>
      ),
    };
  }
  if (loaded.kind === 'expired') {
    const t = await getTranslations('cashier');
    return {
      kind: 'fallback',
      page: <CashierMessage heading={t('expiredHeading')} body={t('expiredBody', { merchant: loaded.settings?.displayName ?? '' })} settings={loaded.settings} />,
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
            <li key={item.id} data-transaction={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
              <span className="font-medium">{t(`kinds.${item.kind}`)}</span>
              <bdi className="font-medium">{money(item.amount, item.currency, locale)}</bdi>
              <span data-testid="status">{t.has(`statuses.${item.status}`) ? t(`statuses.${item.status}` as 'statuses.SUCCESS') : item.status}</span>
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
