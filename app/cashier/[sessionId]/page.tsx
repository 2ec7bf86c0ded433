import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { money } from '@/lib/checkout/cashier/format-money';
import { cashierPageTitle, openCashierPage } from '@/components/cashier/page/cashier-page';
import { CashierViewCancel, CashierViewFlow, CashierViewFrame } from '@/components/cashier/page/cashier-view';
import { CashierNotice } from '@/components/cashier/page/cashier-notice';
import { CashierLive } from '@/components/cashier/live-balance/cashier-live';
import { TransactionList } from '@/components/cashier/history/transaction-list';
import { HistoryDisclosure } from '@/components/cashier/history/history-disclosure';
import { cashierHistory } from '@/components/cashier/history/history-action';
import { loadHistory } from '@/lib/checkout/cashier/load-cashier';
import { MerchantLogo } from '@/components/theme/theme-style';
import { formatAmountInput, offeredPresets } from '@/lib/checkout/cashier/cashier-amount';
import { ResponsibleGamblingPanel } from '@/components/responsible-gambling/responsible-gambling-panel';
import { LimitsPrompt } from '@/components/responsible-gambling/limits-prompt';
import { ExclusionNotice, NationalRegisterNotice } from '@/components/responsible-gambling/exclusion-notice';
import { RealityReminder, ReviewReminder } from '@/components/responsible-gambling/reminders';
import { PayNPlayPanel } from '@/components/cashier/pay-n-play/pay-n-play-panel';
import { CreditBanNotice } from '@/components/responsible-gambling/credit-ban-notice';

export const generateMetadata = (): Promise<Metadata> => cashierPageTitle('cashierTitle');

/**
 * /cashier/{sessionId}: the cashier a customer opens from the session's checkoutUrl (design
 * brief, "Cashier"): merchant branding, balance, Deposit and Withdraw, pending withdrawals and
 * history (loaded when opened: `?history=1`, or in place with JavaScript), in the session's currency; under a gambling licence (the regulated cashier), the responsible gambling panel,
 * the limits asked before a first deposit, deposits closed during an exclusion or by a national
 * self-exclusion register (ROFUS, SIGAP), reality checks.
 */
export default async function CashierPage(props: PageProps<'/cashier/[sessionId]'>) {
  const { query, view, t } = await openCashierPage(props, 'cashier');
  if (view.outcome === 'fallback') return view.page;
  const { session, settings, transactions, locale, uiLocale, flow, terms, flowText } = view;
  // A withdrawal offers only the presets it could take: at most the available balance, within the merchant's bounds.
  const offered = offeredPresets(settings.presetAmounts[session.currency] ?? [], session.currency, flow, view.available, terms.rules);
  const presets = offered.map((value) => ({
    value: formatAmountInput(value, uiLocale),
    label: money(value, session.currency, uiLocale),
  }));
  const pageQuery = (extra: Record<string, string>) => new URLSearchParams({ ...(locale ? { locale } : {}), ...extra }).toString();
  const tabHref = (tab: string) => `${view.path}?${pageQuery({ tab })}`;
  /** The rules of the merchant's gambling licences for this customer; the panel shows for a licensed or gambling merchant. */
  const rg = session.responsibleGambling;
  const showsResponsibleGambling = Boolean(rg && (rg.regulators.length > 0 || settings.responsibleGamblingUrl));
  /** A Pay N Play deposit awaiting the limits asked first (docs/design.md, E26): the allowed player's pending deposit. */
  // `?history=1` (the history's link without JavaScript): the session's transactions, read for it; null to show the link.
  const history =
    query.history === '1' && !(session.payNPlay && session.payNPlay.status !== 'ALLOWED') ? await loadHistory(session.sessionId) : null;
  const allowedDeposit = session.payNPlay?.status === 'ALLOWED' && session.payNPlay.kind === 'DEPOSIT';
  const awaiting = allowedDeposit ? transactions.find((t) => t.type === 'payin' && t.status === 'PENDING') : undefined;
  const depositAwaitingLimits = awaiting ? money(awaiting.amount, awaiting.currency, uiLocale) : undefined;
  // A Pay N Play session whose player is not allowed yet: only the bank login (docs/design.md, E26).
  const pnp = session.payNPlay;
  if (pnp && pnp.status !== 'ALLOWED') {
    return (
      <main className="mx-auto w-full max-w-xl space-y-6 px-4 py-5">
        <CashierViewFrame view={view} />
        <header className="flex flex-wrap items-center gap-3 border-b-4 border-primary pb-3">
          <MerchantLogo logoUrl={settings.logoUrl} className="h-8 w-auto" />
          <h1 className="text-xl font-semibold">{settings.displayName}</h1>
        </header>
        <PayNPlayPanel
          state={pnp}
          sessionId={session.sessionId}
          locale={locale}
          numberLocale={uiLocale}
          merchant={settings.displayName}
          backUrl={session.returnUrls.failure}
          selfHref={`${view.path}${locale ? `?locale=${locale}` : ''}`}
          flowText={flowText}
        />
      </main>
    );
  }
  return (
    <main className="mx-auto w-full max-w-xl space-y-6 px-4 py-5">
      <CashierViewFrame view={view} />
      <header className="flex flex-wrap items-center justify-between gap-3 border-b-4 border-primary pb-3">
        <div className="flex items-center gap-3">
          <MerchantLogo logoUrl={settings.logoUrl} className="h-8 w-auto" />
          <h1 className="text-xl font-semibold">{settings.displayName}</h1>
        </div>
        {session.customer.firstName ? (
          <p className="text-sm text-fg-muted">{t('hello', { name: `${session.customer.firstName} ${session.customer.lastName}` })}</p>
        ) : null}
      </header>
      {pnp ? (
        <p className="text-sm" data-testid="pay-n-play-welcome">
          {(await getTranslations('payNPlay'))('welcome', { name: `${session.customer.firstName} ${session.customer.lastName}` })}
        </p>
      ) : null}
      <CashierNotice notice={typeof query.notice === 'string' ? query.notice : undefined} />
      {rg ? <ReviewReminder session={session} rg={rg} /> : null}
      <CashierLive loaded={view} terms={terms} locale={uiLocale} cancelHref={`${view.path}?${pageQuery({ tab: 'withdraw' })}&cancel=`} />
      <nav aria-label={t('tabs')} className="flex gap-2 border-b border-line">
        {(['deposit', 'withdraw'] as const).map((tab) => (
          <a
            key={tab}
            href={tabHref(tab)}
            aria-current={tab === flow ? 'page' : undefined}
            className={`-mb-px min-h-6 border-b-4 px-4 py-2 font-semibold ${tab === flow ? 'border-primary text-fg' : 'border-transparent text-fg-muted'}`}
          >
            {t(tab)}
          </a>
        ))}
      </nav>
      <CashierViewCancel view={view} backHref={tabHref(flow)} />
      {/* Sweden's ban on gambling on credit, said before a card is typed (docs/design.md, section 8). */}
      {flow === 'deposit' && rg ? <CreditBanNotice rg={rg} /> : null}
      <section aria-label={t(flow)}>
        {flow === 'deposit' && rg?.nationalRegister ? (
          <NationalRegisterNotice rg={rg} locale={uiLocale} />
        ) : flow === 'deposit' && rg?.exclusion ? (
          <ExclusionNotice rg={rg} locale={uiLocale} />
        ) : flow === 'deposit' && rg && rg.limitsPrompt !== 'NONE' ? (
          <LimitsPrompt session={session} rg={rg} locale={uiLocale} depositAwaitingLimits={depositAwaitingLimits} />
        ) : (
          <CashierViewFlow view={view} presets={presets} />
        )}
      </section>
      {rg && showsResponsibleGambling ? (
        <ResponsibleGamblingPanel
          session={session}
          rg={rg}
          locale={uiLocale}
          merchantUrl={settings.responsibleGamblingUrl}
          limitRaiseError={query.limitRaiseError}
        />
      ) : null}
      {rg ? <RealityReminder session={session} rg={rg} locale={uiLocale} merchantUrl={settings.responsibleGamblingUrl} /> : null}
      {/* The history of past transactions: loaded when opened (the link, or `?history=1` without JavaScript). */}
      {history ? (
        <TransactionList id="history-heading" heading={t('history')} empty={t('noHistory')} items={history} />
      ) : (
        <HistoryDisclosure
          sessionId={session.sessionId}
          heading={t('history')}
          show={t('showHistory')}
          href={`${view.path}?${pageQuery({ ...(flow === 'withdraw' ? { tab: flow } : {}), history: '1' })}#history-heading`}
          version={`${session.balance ?? ''}|${session.available ?? ''}|${transactions.map((x) => `${x.id}:${x.status}`).join(',')}`}
          load={cashierHistory}
        />
      )}
    </main>
  );
}
