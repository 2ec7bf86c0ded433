import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { CancelWithdrawal, CashierNotice, CashierLive, loadCashierPage, money } from '@/components/cashier/cashier-parts';
import { cashierTerms } from '@/lib/checkout/cashier/cashier-terms';
import { CashierFlow } from '@/components/cashier/flow/cashier-flow';
import { cashierFlowText } from '@/components/cashier/flow/cashier-text';
import { ThemeStyle } from '@/components/theme/theme-style';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { startCashierTransaction } from '@/lib/checkout/cashier/cashier-action';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import { LaunchForm, launchQuery } from '@/components/launch/launch-form';
import { DepositAgainOffer, RealityReminder } from '@/components/cashier/safer-gambling/safer-gambling';
import { BankWithdrawalSection } from '@/components/cashier/bank-withdrawal/bank-withdrawal-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('widgetTitle') };
}

/**
 * /cashier/{sessionId}/widget: the compact withdrawal widget merchants embed (docs/design.md,
 * "Withdrawal widget"), with the withdrawal by bank (E25) where the service offers it, "deposit
 * again" (the last card deposit, CVV only) and the session's reality checks.
 */
export default async function WidgetPage(props: PageProps<'/cashier/[sessionId]/widget'>) {
  const { sessionId } = await props.params;
  const search = await props.searchParams;
  const locale = localeParam(search.locale);
  // A merchant's address with a launch secret: spent by a post, never by this GET.
  if (typeof search.launch === 'string') {
    return (
      <LaunchForm
        path={`/cashier/${encodeURIComponent(sessionId)}/widget`}
        launch={search.launch.slice(0, 64)}
        query={launchQuery(search)}
        compact
      />
    );
  }
  const t = await getTranslations('cashier');
  const loaded = await loadCashierPage(sessionId, {
    name: 'widget',
    path: `/cashier/${encodeURIComponent(sessionId)}/widget`,
    query: locale ? new URLSearchParams({ locale }).toString() : '',
  });
  if (loaded.outcome === 'fallback') return loaded.page;
  const { session, settings, transactions } = loaded;
  const uiLocale = await getLocale();
  const balance = session.balance ?? null;
  /** The most a withdrawal may take: the balance minus the withdrawals in progress. */
  const available = session.available ?? balance;
  const terms = cashierTerms(settings, session, 'withdraw');
  const widgetPath = `/cashier/${encodeURIComponent(sessionId)}/widget`;
  const query = (extra: Record<string, string> = {}) => new URLSearchParams({ ...(locale ? { locale } : {}), ...extra }).toString();
  const cancelId = typeof search.cancel === 'string' ? search.cancel : null;
  const flowText = await cashierFlowText(
    'withdraw',
    session.currency,
    available === null ? null : money(available, session.currency, uiLocale),
    { terms, locale: uiLocale, merchant: settings.displayName },
  );
  return (
    <main className="space-y-4 p-3">
      <ThemeStyle theme={settings.theme} />
      <FrameBridge allowedOrigins={settings.allowedOrigins} sessionId={session.sessionId} />
      <h1 className="border-b-4 border-primary pb-1 text-lg font-semibold">
        {settings.displayName}: {t('withdraw')}
      </h1>
      <CashierNotice notice={typeof search.notice === 'string' ? search.notice : undefined} />
      <CashierLive loaded={loaded} terms={terms} locale={uiLocale} cancelHref={`${widgetPath}?${query()}${locale ? '&' : ''}cancel=`} />
      {cancelId ? (
        <CancelWithdrawal
          sessionId={session.sessionId}
          payoutId={cancelId}
          view="widget"
          locale={locale}
          transactions={transactions}
          allowed={terms.withdrawalCancel}
          backHref={query() ? `${widgetPath}?${query()}` : widgetPath}
        />
      ) : null}
      <DepositAgainOffer session={session} locale={locale} uiLocale={uiLocale} merchant={settings.displayName} />
      <CashierFlow
        action={startCashierTransaction}
        sessionId={session.sessionId}
        flow="withdraw"
        locale={locale}
        numberLocale={uiLocale}
        currency={session.currency}
        balance={available}
        presets={[]}
        rules={terms.rules}
        fees={terms.fees}
        initialAttemptKey={randomUUID()}
        text={flowText}
      />
      <BankWithdrawalSection
        sessionId={session.sessionId}
        view="widget"
        locale={locale}
        numberLocale={uiLocale}
        currency={session.currency}
        flowText={flowText}
      />
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
