/**
 * The body shared by a pay-in's card and status pages: loads the pay-in, renders 404 or the
 * service-unavailable message, the summary, then either the card form or the live status.
 */
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import dynamic from 'next/dynamic';
import { FrameBridge } from '@/components/frame/frame-bridge';
import { loadPayin } from '@/lib/checkout/load-payin';
import { payinView } from '@/lib/checkout/payment-state';
import { CheckoutFrame } from './checkout-frame';
import { cardFormText, paymentStatusText } from './page-text';
import { formattedAmount, PaymentSummary } from './payment-summary';
import { ServiceUnavailable } from './service-unavailable';
import { reasonKey } from '@/lib/checkout/payment-state';

// Each page loads the client code of what it shows: the card page stays free of the status
// view's polling (React Query) until a pay-in is past its form.
const CardForm = dynamic(() => import('@/components/card/card-form').then((m) => m.CardForm));
const PaymentStatus = dynamic(() => import('@/components/status/payment-status').then((m) => m.PaymentStatus));

export interface PayinPageProps {
  transactionType: string;
  paymentId: string;
  /** `?locale=` of the request, or ''. */
  locale: string;
  /** The card page shows the form when the pay-in takes one; the status page never does. */
  page: 'card' | 'status';
}

export async function PayinPage({ transactionType, paymentId, locale, page }: PayinPageProps) {
  if (transactionType !== 'payin') notFound();
  const loaded = await loadPayin(paymentId);
  if (loaded.kind === 'not-found') notFound();
  const t = await getTranslations('meta');
  const heading = page === 'card' ? t('cardTitle') : t('statusTitle');
  const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
  const cardHref = `/payments/payin/${encodeURIComponent(paymentId)}/card${query}`;
  if (loaded.kind === 'unavailable') {
    return (
      <CheckoutFrame heading={heading}>
        <ServiceUnavailable retryHref={page === 'card' ? cardHref : `/payments/payin/${encodeURIComponent(paymentId)}/status${query}`} />
      </CheckoutFrame>
    );
  }

  const { payin, settings } = loaded;
  const view = payinView(payin.status, payin.attemptsRemaining);
  const showForm = page === 'card' && (view === 'form' || view === 'retry');
  const detailedStatus = payin.statusReason?.detailedStatus;

  return (
    <CheckoutFrame heading={heading}>
      <FrameBridge allowedOrigins={settings.allowedOrigins} transactionType="payin" paymentId={payin.id} />
      <PaymentSummary payin={payin} merchantName={settings.displayName} />
      {showForm ? (
        <CardForm
          paymentId={payin.id}
          locale={locale}
          acceptHeader={(await headers()).get('accept') ?? ''}
          initialAttemptKey={randomUUID()}
          initialDeclineReason={view === 'retry' ? reasonKey(detailedStatus, payin.status) : undefined}
          text={await cardFormText(await formattedAmount(payin))}
        />
      ) : (
        <PaymentStatus
          transactionType="payin"
          paymentId={payin.id}
          initial={{ status: payin.status, attemptsRemaining: payin.attemptsRemaining ?? 0, ...(detailedStatus ? { detailedStatus } : {}) }}
          returnUrls={payin.returnUrls}
          cardPageHref={cardHref}
          text={await paymentStatusText()}
        />
      )}
    </CheckoutFrame>
  );
}

/** The `?locale=` value when it looks like a language tag, else ''. */
export function localeParam(value: string | string[] | undefined): string {
  return typeof value === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) ? value : '';
}
