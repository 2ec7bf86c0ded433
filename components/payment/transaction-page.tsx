/**
 * What the payment pages of both transaction types share: loading the transaction (404 for an
 * unknown id or type; a retry message when the service is down) and the frame around the page's
 * content (frame bridge, summary). Each page imports only its own client components.
 */
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ThemeStyle } from '@/components/theme/theme-style';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { loadTransaction, type CheckoutTransaction } from '@/lib/checkout/load-transaction';
import { paymentHref, type PaymentPageKind } from '@/lib/checkout/payment-paths';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { CheckoutFrame } from './checkout-frame';
import { PaymentSummary } from './payment-summary';
import { ServiceUnavailable } from './service-unavailable';
import { HeldElsewhere } from '@/components/cashier/held-elsewhere';
import { pageHolding } from '@/lib/cashier/binding';

interface TransactionPageInput {
  transactionType: string;
  paymentId: string;
  locale: string;
  page: PaymentPageKind;
}

type LoadedPage = { transaction: CheckoutTransaction; settings: CheckoutSettings } | { fallback: React.ReactNode };

/** Loads the transaction of a page. Renders 404 itself; returns the page to show instead when the service is down. */
export async function loadTransactionPage(input: TransactionPageInput): Promise<LoadedPage> {
  const loaded = await loadTransaction(input.transactionType, input.paymentId);
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
  // A payout's destination is given only by the browser that holds its page (E22; a cashier
  // withdrawal: the browser that holds the session). Its status page stays open to any.
  if (loaded.transaction.type === 'payout' && input.page !== 'status') {
    const holding = await pageHolding({ of: 'payout', id: loaded.transaction.id, merchantId: loaded.transaction.merchantId });
    if (holding !== 'held') {
      const type = 'payout';
      return {
        fallback: (
          <CheckoutFrame heading={await pageHeading(input.page)}>
            <ThemeStyle theme={loaded.settings.theme} />
            {holding === 'unavailable' ? (
              <ServiceUnavailable retryHref={paymentHref(type, input.page, input.paymentId, input.locale)} />
            ) : (
              <HeldElsewhere merchant={loaded.settings.displayName} headingLevel={2} />
            )}
          </CheckoutFrame>
        ),
      };
    }
  }
  return { transaction: loaded.transaction, settings: loaded.settings };
}

async function pageHeading(page: PaymentPageKind): Promise<string> {
  const t = await getTranslations('meta');
  return page === 'card' ? t('cardTitle') : page === 'apm' ? t('apmTitle') : t('statusTitle');
}

/** The frame of a payment page: messages to the parent, the summary, then the content. */
export async function TransactionShell(props: { page: PaymentPageKind; transaction: CheckoutTransaction; settings: CheckoutSettings; children: React.ReactNode }) {
  const { transaction, settings } = props;
  return (
    <CheckoutFrame heading={await pageHeading(props.page)}>
      <ThemeStyle theme={settings.theme} />
      <FrameBridge allowedOrigins={settings.allowedOrigins} transactionType={transaction.type} paymentId={transaction.id} />
      <PaymentSummary transaction={transaction} merchantName={settings.displayName} logoUrl={settings.logoUrl} />
      {props.children}
    </CheckoutFrame>
  );
}
