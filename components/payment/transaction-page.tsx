/**
 * What the payment pages of both transaction types share: loading the transaction (404 for an
 * unknown id or type; a retry message when the service is down) and the frame around the page's
 * content (frame bridge, summary). Each page imports only its own client components.
 */
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ThemeStyle } from '@/components/theme/theme-style';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { loadTransaction, type CheckoutTransaction } from '@/lib/checkout/shared/load-transaction';
import { localeParam, paymentHref, type PaymentPageKind } from '@/lib/checkout/shared/payment-paths';
import { viewOf } from '@/lib/checkout/shared/payment-state';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import type { PaymentMethod } from '@hosted-checkout/contract/methods';
import { CheckoutFrame } from './checkout-frame';
import { PaymentSummary } from './payment-summary';
import { ServiceUnavailable } from '../frame/service-unavailable';
import { HeldElsewhere } from '@/components/launch/held-elsewhere';
import { LaunchForm, launchQuery } from '@/components/launch/launch-form';

interface TransactionPageInput {
  transactionType: string;
  paymentId: string;
  locale: string;
  page: PaymentPageKind;
  /** A payout page's launch secret (`?launch=`): the page spends it first. */
  launch?: string;
  /** The address's other parameters, kept through the launch. */
  query?: Record<string, string | string[] | undefined>;
}

/** `methods`: the APM page's methods, read with the transaction. */
type LoadedTransaction = { transaction: CheckoutTransaction; settings: CheckoutSettings; methods?: PaymentMethod[] };
type LoadedPage = LoadedTransaction | { fallback: React.ReactNode };

/** Loads the transaction of a page. Renders 404 itself; returns the page to show instead when the service is down. */
export async function loadTransactionPage(input: TransactionPageInput): Promise<LoadedPage> {
  if (input.launch && input.transactionType === 'payout' && input.page !== 'status') {
    const path = `/payments/payout/${encodeURIComponent(input.paymentId)}/${input.page}`;
    return { fallback: <LaunchForm path={path} launch={input.launch.slice(0, 64)} query={launchQuery(input.query ?? {})} compact /> };
  }
  // The APM page reads the transaction with its methods, in one read where the service allows it.
  const loaded = await loadTransaction(input.transactionType, input.paymentId, { withMethods: input.page === 'apm' });
  if (loaded.outcome === 'not-found') notFound();
  if (loaded.outcome === 'unavailable') {
    const type = input.transactionType === 'payout' ? 'payout' : 'payin';
    return {
      fallback: (
        <CheckoutFrame heading={await pageHeading(input.page)}>
          <ServiceUnavailable retryHref={paymentHref(type, input.page, input.paymentId, input.locale)} />
        </CheckoutFrame>
      ),
    };
  }
  // A payout's pages are read and moved only by the browser that holds them (a cashier
  // withdrawal: the browser that holds the session): the service refused this one.
  if (loaded.outcome === 'elsewhere') {
    return {
      fallback: (
        <CheckoutFrame heading={await pageHeading(input.page)}>
          <ThemeStyle theme={loaded.settings.theme} />
          <HeldElsewhere merchant={loaded.settings.displayName} opened={loaded.opened} headingLevel={2} />
        </CheckoutFrame>
      ),
    };
  }
  return { transaction: loaded.transaction, settings: loaded.settings, ...(loaded.methods ? { methods: loaded.methods } : {}) };
}

type PageParams = {
  params: Promise<{ transactionType: string; paymentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The start of a payment form page (card or APM): reads its address, loads the transaction
 * (`loadTransactionPage`), and sends a transaction past its form (processing, 3DS, waiting for
 * the merchant, final) to its status page. `locale` is the `?locale=` to keep; `query` the rest;
 * `view`: the form, or the form again after a decline with attempts left.
 */
export async function loadFormPage(
  props: PageParams,
  page: 'card' | 'apm',
): Promise<
  | { fallback: React.ReactNode }
  | (LoadedTransaction & { locale: string; query: Record<string, string | string[] | undefined>; view: 'form' | 'retry' })
> {
  const { transactionType, paymentId } = await props.params;
  const query = await props.searchParams;
  const locale = localeParam(query.locale);
  const launch = typeof query.launch === 'string' ? query.launch : undefined;
  const loaded = await loadTransactionPage({ transactionType, paymentId, locale, page, launch, query });
  if ('fallback' in loaded) return loaded;
  const { transaction } = loaded;
  const view = viewOf(transaction.type, transaction.status, transaction.attemptsRemaining);
  if (view !== 'form' && view !== 'retry') redirect(paymentHref(transaction.type, 'status', transaction.id, locale));
  return { ...loaded, locale, query, view };
}

async function pageHeading(page: PaymentPageKind): Promise<string> {
  const t = await getTranslations('meta');
  return page === 'card' ? t('cardTitle') : page === 'apm' ? t('apmTitle') : t('statusTitle');
}

/** The frame of a payment page: messages to the parent, the summary, then the content. */
export async function TransactionShell(props: {
  page: PaymentPageKind;
  transaction: CheckoutTransaction;
  settings: CheckoutSettings;
  children: React.ReactNode;
}) {
  const { transaction, settings } = props;
  return (
    <CheckoutFrame heading={await pageHeading(props.page)}>
      <ThemeStyle theme={settings.theme} />
      <FrameBridge
        allowedOrigins={settings.allowedOrigins}
        page={props.page}
        frameTimings={settings.frameTimings}
        transactionType={transaction.type}
        paymentId={transaction.id}
      />
      <PaymentSummary transaction={transaction} merchantName={settings.displayName} logoUrl={settings.logoUrl} />
      {props.children}
    </CheckoutFrame>
  );
}
