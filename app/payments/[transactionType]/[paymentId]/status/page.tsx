import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeParam, PayinPage } from '@/components/payment/payin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('statusTitle') };
}

/** /payments/{transactionType}/{paymentId}/status: where 3DS and providers return (design brief, "Status"). */
export default async function StatusPage(props: PageProps<'/payments/[transactionType]/[paymentId]/status'>) {
  const { transactionType, paymentId } = await props.params;
  const { locale } = await props.searchParams;
  return <PayinPage transactionType={transactionType} paymentId={paymentId} locale={localeParam(locale)} page="status" />;
}
