import type { Metadata } from 'next';
import { cashierPageTitle, openCashierPage } from '@/components/cashier/page/cashier-page';
import { CashierViewCancel, CashierViewFlow, CashierViewFrame } from '@/components/cashier/page/cashier-view';
import { CashierNotice } from '@/components/cashier/page/cashier-notice';
import { CashierLive } from '@/components/cashier/live-balance/cashier-live';
import { DepositAgainOffer } from '@/components/cashier/deposit-again/deposit-again-offer';
import { RealityReminder } from '@/components/responsible-gambling/reminders';

export const generateMetadata = (): Promise<Metadata> => cashierPageTitle('widgetTitle');

/**
 * /cashier/{sessionId}/widget: the compact withdrawal widget merchants embed (docs/design.md,
 * "Withdrawal widget"), with the withdrawal by bank (E25) where the service offers it, "deposit
 * again" (the last card deposit, CVV only) and the session's reality checks.
 */
export default async function WidgetPage(props: PageProps<'/cashier/[sessionId]/widget'>) {
  const { query: search, view, t } = await openCashierPage(props, 'widget');
  if (view.outcome === 'fallback') return view.page;
  const { session, settings, locale, uiLocale, terms, path: widgetPath } = view;
  const query = locale ? new URLSearchParams({ locale }).toString() : '';
  return (
    <main className="space-y-4 p-3">
      <CashierViewFrame view={view} />
      <h1 className="border-b-4 border-primary pb-1 text-lg font-semibold">
        {settings.displayName}: {t('withdraw')}
      </h1>
      <CashierNotice notice={typeof search.notice === 'string' ? search.notice : undefined} />
      <CashierLive loaded={view} terms={terms} locale={uiLocale} cancelHref={`${widgetPath}?${query}${locale ? '&' : ''}cancel=`} />
      <CashierViewCancel view={view} backHref={query ? `${widgetPath}?${query}` : widgetPath} />
      <DepositAgainOffer session={session} locale={locale} uiLocale={uiLocale} merchant={settings.displayName} />
      <CashierViewFlow view={view} presets={[]} />
      {session.responsibleGambling ? (
        <RealityReminder
          session={session}
          rg={session.responsibleGambling}
          locale={uiLocale}
          merchantUrl={settings.responsibleGamblingUrl}
        />
      ) : null}
    </main>
  );
}
