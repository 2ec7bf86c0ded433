/**
 * What the cashier page and the widget page share: opening the session (the launch secret, the
 * load and its fallback pages, the figures both derive from it) and the parts both render from
 * that (the deposit or withdrawal flow with the withdrawal by bank, the cancel step, a withdrawal
 * waiting for its destination continued by `?continue=`).
 */
import { randomUUID } from 'node:crypto';
import { getLocale } from 'next-intl/server';
import { ThemeStyle } from '@/components/theme/theme-style';
import { FrameBridge } from '@/components/frame/frame-bridge';
import type { LoadedCashier } from '@/lib/checkout/cashier/load-cashier';
import { cashierTerms, type CashierTerms } from '@/lib/checkout/cashier/cashier-terms';
import { startCashierTransaction } from '@/lib/checkout/cashier/cashier-action';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import { unfinishedStep, type UnfinishedStep } from '@/lib/checkout/cashier/unfinished-withdrawal';
import { LaunchForm, launchQuery } from '@/components/launch/launch-form';
import { CashierFlow } from '../flow/cashier-flow';
import type { CashierFlowText } from '../flow/cashier-text';
import { cashierFlowText } from '../flow/cashier-text';
import { BankWithdrawalSection } from '../bank-withdrawal/bank-withdrawal-section';
import { CancelWithdrawal } from '../withdrawals/cancel-withdrawal';
import { money } from '@/lib/checkout/cashier/format-money';
import { loadCashierPage } from './load-cashier-page';
import { limitMeterText } from '../flow/limit-meter-text';
import { rulesInForce } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { refusedFundingTypesAt } from '@hosted-checkout/contract/responsible-gambling/refused-funding';
import type { LimitMeterView } from '../flow/limit-meter';

/** A page's query, as Next.js gives it. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** An open session as the cashier page or the widget page shows it. */
export interface CashierView extends Extract<LoadedCashier, { outcome: 'ok' }> {
  name: 'cashier' | 'widget';
  /** The page's path: /cashier/{sessionId}, or /cashier/{sessionId}/widget. */
  path: string;
  flow: 'deposit' | 'withdraw';
  /** The page's `?locale=` ('' when absent), kept on the links and forms. */
  locale: string;
  /** The page's resolved language (numbers, dates). */
  uiLocale: string;
  /** Major units: what a withdrawal may take (the balance minus the withdrawals in progress), or null without a balance. */
  available: number | null;
  terms: CashierTerms;
  flowText: CashierFlowText;
  /** The payout of `?cancel=`, or null. */
  cancelId: string | null;
  /** The destination step of `?continue=`: a withdrawal of the session still waiting for its card or account, or null. */
  continueStep: UnfinishedStep | null;
  /** A deposit's limit meter, when a limit binds the customer or a funding type is refused. */
  meter?: LimitMeterView;
}

/**
 * Opens the session of /cashier/{sessionId} (`name` 'cashier': the flow of `?tab=`) or of its
 * widget (`name` 'widget': always a withdrawal). Answers the page to show instead when the address
 * carries a launch secret (the form that spends it) or the session cannot be shown
 * (loadCashierPage; 404 for an unknown one); else the view.
 */
export async function openCashierView(
  sessionId: string,
  search: SearchParams,
  name: 'cashier' | 'widget',
): Promise<{ outcome: 'fallback'; page: React.ReactNode } | CashierView> {
  const locale = localeParam(search.locale);
  const flow = name === 'widget' || search.tab === 'withdraw' ? 'withdraw' : 'deposit';
  const path = `/cashier/${encodeURIComponent(sessionId)}${name === 'widget' ? '/widget' : ''}`;
  // A merchant's address with a launch secret: spent by a post, never by this GET.
  if (typeof search.launch === 'string') {
    return {
      outcome: 'fallback',
      page: <LaunchForm path={path} launch={search.launch.slice(0, 64)} query={launchQuery(search)} compact={name === 'widget'} />,
    };
  }
  const retryQuery = { ...(locale ? { locale } : {}), ...(name === 'cashier' && flow === 'withdraw' ? { tab: flow } : {}) };
  const loaded = await loadCashierPage(sessionId, { name, path, query: new URLSearchParams(retryQuery).toString() });
  if (loaded.outcome === 'fallback') return loaded;
  const { session, settings } = loaded;
  const uiLocale = await getLocale();
  const balance = session.balance ?? null;
  const available = session.available ?? balance;
  const terms = cashierTerms(settings, session, flow);
  const flowText = await cashierFlowText(flow, session.currency, available === null ? null : money(available, session.currency, uiLocale), {
    terms,
    locale: uiLocale,
    merchant: settings.displayName,
    cardWithdrawalMax: session.cardWithdrawalMax,
  });
  const cancelId = typeof search.cancel === 'string' ? search.cancel : null;
  const continueStep = flow === 'withdraw' ? unfinishedStep(loaded.transactions, search.continue, locale) : null;
  // The funding types refused now: the merchant's own and those of the licences in force for the customer (Sweden's credit ban).
  const refused = refusedFundingTypesAt(
    rulesInForce(session.responsibleGambling?.regulators ?? []),
    settings.refusedFundingTypes,
    new Date(),
  );
  const meter = flow === 'deposit' ? await limitMeterText(session, terms.rules, refused, uiLocale) : undefined;
  return { ...loaded, name, path, flow, locale, uiLocale, available, terms, flowText, cancelId, continueStep, ...(meter ? { meter } : {}) };
}

/** The view's theme and its bridge to the merchant's page around the frame (page `view.name`). */
export function CashierViewFrame({ view }: { view: CashierView }) {
  const { settings } = view;
  return (
    <>
      <ThemeStyle theme={settings.theme} />
      <FrameBridge
        allowedOrigins={settings.allowedOrigins}
        page={view.name}
        frameTimings={settings.frameTimings}
        sessionId={view.session.sessionId}
      />
    </>
  );
}

/**
 * The view's deposit or withdrawal flow (a new attempt key each render) and, under a withdrawal,
 * the withdrawal by bank. `presets`: the amounts offered (value as typed, label formatted).
 */
export function CashierViewFlow({ view, presets }: { view: CashierView; presets: { value: string; label: string }[] }) {
  const { session } = view;
  // What both forms are told of the session and the page.
  const page = { sessionId: session.sessionId, locale: view.locale, numberLocale: view.uiLocale, currency: session.currency };
  return (
    <>
      <CashierFlow
        key={view.flow}
        action={startCashierTransaction}
        {...page}
        flow={view.flow}
        balance={view.available}
        presets={presets}
        rules={view.terms.rules}
        fees={view.terms.fees}
        cardWithdrawalMax={view.session.cardWithdrawalMax ?? null}
        initialStep={view.continueStep ?? undefined}
        initialAttemptKey={randomUUID()}
        text={view.flowText}
        {...(view.meter ? { meter: view.meter } : {})}
      />
      {view.flow === 'withdraw' ? <BankWithdrawalSection {...page} view={view.name} flowText={view.flowText} /> : null}
    </>
  );
}

/** The cancel step of `?cancel=` (nothing without one); `backHref` leaves it. */
export function CashierViewCancel({ view, backHref }: { view: CashierView; backHref: string }) {
  if (!view.cancelId) return null;
  return (
    <CancelWithdrawal
      sessionId={view.session.sessionId}
      payoutId={view.cancelId}
      view={view.name}
      locale={view.locale}
      transactions={view.transactions}
      allowed={view.terms.withdrawalCancel}
      backHref={backHref}
    />
  );
}
