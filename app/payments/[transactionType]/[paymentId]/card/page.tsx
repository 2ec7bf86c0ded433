import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { localeParam, PayinPage } from '@/components/payment/payin-page';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('cardTitle') };
}

/** /payments/{transactionType}/{paymentId}/card: the card iframe (design brief, "Card pay-in"). */
export default async function CardPage(props: PageProps<'/payments/[transactionType]/[paymentId]/card'>) {
  const { transactionType, paymentId } = await props.params;
  const { locale } = await props.searchParams;
  return <PayinPage transactionType={transactionType} paymentId={paymentId} locale={localeParam(locale)} page="card" />;
}
