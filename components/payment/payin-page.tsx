/**
 * What a pay-in's card and status pages share: loading the pay-in (404 for an unknown id or a
 * transaction type other than payin; a retry message when the service is down) and the frame
 * around the page's content (frame bridge, summary). Each page imports its own client
 * component, so the card page ships no status-polling code.
 */
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { loadPayin } from '@/lib/checkout/load-payin';
import { payinHref, type PayinPageKind } from '@/lib/checkout/payin-paths';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import type { PayinTransaction } from '@/lib/contract/payin';
import { CheckoutFrame } from './checkout-frame';
import { PaymentSummary } from './payment-summary';
import { ServiceUnavailable } from './service-unavailable';

export interface PayinPageInput {
  transactionType: string;
  paymentId: string;
  locale: string;
  kind: PayinPageKind;
}

/**
 * Loads the pay-in of a page. Renders 404 itself; returns the page to show instead when the
 * payments service is unavailable.
 */
export async function loadPayinPage(
  input: PayinPageInput,
): Promise<{ payin: PayinTransaction; settings: CheckoutSettings } | { fallback: React.ReactNode }> {
  if (input.transactionType !== 'payin') notFound();
  const loaded = await loadPayin(input.paymentId);
  if (loaded.kind === 'not-found') notFound();
  if (loaded.kind === 'unavailable') {
    return {
      fallback: (
        <CheckoutFrame heading={await pageHeading(input.kind)}>
          <ServiceUnavailable retryHref={payinHref(input.kind, input.paymentId, input.locale)} />
        </CheckoutFrame>
      ),
    };
  }
  return { payin: loaded.payin, settings: loaded.settings };
}

async function pageHeading(kind: PayinPageKind): Promise<string> {
  const t = await getTranslations('meta');
  return kind === 'card' ? t('cardTitle') : t('statusTitle');
}

/** The frame of a pay-in page: messages to the parent, the summary, then the content. */
export async function PayinShell(props: { kind: PayinPageKind; payin: PayinTransaction; settings: CheckoutSettings; children: React.ReactNode }) {
  const { payin, settings } = props;
  return (
    <CheckoutFrame heading={await pageHeading(props.kind)}>
      <FrameBridge allowedOrigins={settings.allowedOrigins} transactionType="payin" paymentId={payin.id} />
      <PaymentSummary payin={payin} merchantName={settings.displayName} />
      {props.children}
    </CheckoutFrame>
  );
}
