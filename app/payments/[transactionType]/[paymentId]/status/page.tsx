import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { paymentStatusText } from '@/components/payment/page-text';
import { loadPayinPage, PayinShell } from '@/components/payment/payin-page';
import { localeParam, payinHref } from '@/lib/checkout/payin-paths';
import { PaymentStatus } from '@/components/status/payment-status';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('statusTitle') };
}

/** /payments/{transactionType}/{paymentId}/status: where 3DS and providers return (design brief, "Status"). */
export default async function StatusPage(props: PageProps<'/payments/[transactionType]/[paymentId]/status'>) {
  const { transactionType, paymentId } = await props.params;
  const locale = localeParam((await props.searchParams).locale);
  const loaded = await loadPayinPage({ transactionType, paymentId, locale, kind: 'status' });
  if ('fallback' in loaded) return loaded.fallback;
  const { payin, settings } = loaded;
  const detailedStatus = payin.statusReason?.detailedStatus;
  return (
    <PayinShell kind="status" payin={payin} settings={settings}>
      <PaymentStatus
        transactionType="payin"
        paymentId={payin.id}
        initial={{ status: payin.status, attemptsRemaining: payin.attemptsRemaining ?? 0, ...(detailedStatus ? { detailedStatus } : {}) }}
        returnUrls={payin.returnUrls}
        cardPageHref={payinHref('card', payin.id, locale)}
        text={await paymentStatusText()}
      />
    </PayinShell>
  );
}
