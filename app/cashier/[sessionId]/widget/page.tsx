import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { loadCashierPage, money } from '@/components/cashier/cashier-parts';
import { CashierFlow } from '@/components/cashier/cashier-flow';
import { cashierFlowText } from '@/components/cashier/cashier-text';
import { LiveBalance } from '@/components/cashier/live-balance';
import { ThemeStyle } from '@/components/theme/theme-style';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { PENDING_PAYOUT } from '@/lib/checkout/cashier';
import { startCashierTransaction } from '@/lib/checkout/cashier-action';
import { localeParam } from '@/lib/checkout/payment-paths';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('widgetTitle') };
}

/** /cashier/{sessionId}/widget: the compact withdrawal widget merchants embed (docs/design.md, "Withdrawal widget"). */
export default async function WidgetPage(props: PageProps<'/cashier/[sessionId]/widget'>) {
  const { sessionId } = await props.params;
  const locale = localeParam((await props.searchParams).locale);
  const t = await getTranslations('cashier');
  const loaded = await loadCashierPage(sessionId, {
    kind: 'widget',
    path: `/cashier/${encodeURIComponent(sessionId)}/widget`,
    query: locale ? new URLSearchParams({ locale }).toString() : '',
  });
  if (loaded.kind === 'fallback') return loaded.page;
  const { session, settings, transactions } = loaded;
  const uiLocale = await getLocale();
  const balance = session.balance ?? null;
  /** The most a withdrawal may take: the balance minus the withdrawals in progress (E19). */
  const available = session.available ?? balance;
  const statuses = Object.fromEntries(['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING'].map((s) => [s, t(`statuses.${s}` as 'statuses.PENDING')]));
  return (
    <main className="space-y-4 p-3">
      <ThemeStyle theme={settings.theme} />
      <FrameBridge allowedOrigins={settings.allowedOrigins} sessionId={session.sessionId} />
      <h1 className="border-b-4 border-primary pb-1 text-lg font-semibold">
        {settings.displayName}: {t('withdraw')}
      </h1>
      <LiveBalance
        sessionId={session.sessionId}
        locale={uiLocale}
        initial={{
          balance,
          available,
          reserved: session.reserved ?? 0,
          currency: session.currency,
          status: session.status,
          pending: transactions.filter((x) => x.kind === 'payout' && PENDING_PAYOUT.has(x.status)),
        }}
        text={{ balance: t('balance'), available: t('available'), reserved: t('reserved'), noBalance: t('noBalance'), pending: t('pending'), noPending: t('noPending'), statuses }}
      />
      <CashierFlow
        action={startCashierTransaction}
        sessionId={session.sessionId}
        kind="withdraw"
        locale={locale}
        numberLocale={uiLocale}
        currency={session.currency}
        balance={available}
        presets={[]}
        initialAttemptKey={randomUUID()}
        text={await cashierFlowText('withdraw', session.currency, available === null ? null : money(available, session.currency, uiLocale))}
      />
    </main>
  );
}
