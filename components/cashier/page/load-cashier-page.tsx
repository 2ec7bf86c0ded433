/**
 * Loading the session of the cashier or the widget, and the pages either shows instead of itself:
 * the service down (a retry link), the session expired, or held by another browser.
 */
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadCashier, type LoadedCashier } from '@/lib/checkout/cashier/load-cashier';
import { HeldElsewhere } from '@/components/launch/held-elsewhere';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { ServiceUnavailable } from '@/components/frame/service-unavailable';
import { ThemeStyle } from '@/components/theme/theme-style';

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
 * the session has expired, or this browser does not hold it. `view.path` is the page's path and
 * `view.query` the query string (without `?`, '' for none) its retry link keeps.
 */
export async function loadCashierPage(
  sessionId: string,
  view: { name: 'cashier' | 'widget'; path: string; query: string },
): Promise<Extract<LoadedCashier, { outcome: 'ok' }> | { outcome: 'fallback'; page: React.ReactNode }> {
  const loaded = await loadCashier(sessionId, view.name);
  if (loaded.outcome === 'not-found') notFound();
  if (loaded.outcome === 'unavailable') {
    return unavailablePage(view);
  }
  if (loaded.outcome === 'elsewhere') {
    // Only the browser that holds the session sees or moves its money: the id is a locator. It reads
    // that the page is open in another browser only when one holds it, else that the link is no longer valid.
    return {
      outcome: 'fallback',
      page: (
        <main className={view.name === 'widget' ? 'p-3' : 'mx-auto max-w-md px-4 py-8'}>
          <ThemeStyle theme={loaded.settings.theme} />
          <HeldElsewhere merchant={loaded.settings.displayName} opened={loaded.opened} />
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
