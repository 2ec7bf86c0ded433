import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CardForm } from '@/components/card/card-form';
import { cardFormText } from '@/components/payment/page-text';
import { loadPayinPage, PayinShell } from '@/components/payment/payin-page';
import { localeParam, payinHref } from '@/lib/checkout/payin-paths';
import { formattedAmount } from '@/components/payment/payment-summary';
import { payinView, reasonKey } from '@/lib/checkout/payment-state';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('cardTitle') };
}

/**
 * /payments/{transactionType}/{paymentId}/card: the card iframe (design brief, "Card pay-in").
 * A pay-in past its form (processing, 3DS, final) is shown by its status page instead.
 */
export default async function CardPage(props: PageProps<'/payments/[transactionType]/[paymentId]/card'>) {
  const { transactionType, paymentId } = await props.params;
  const locale = localeParam((await props.searchParams).locale);
  const loaded = await loadPayinPage({ transactionType, paymentId, locale, kind: 'card' });
  if ('fallback' in loaded) return loaded.fallback;
  const { payin, settings } = loaded;
  const view = payinView(payin.status, payin.attemptsRemaining);
  if (view !== 'form' && view !== 'retry') redirect(payinHref('status', payin.id, locale));
  return (
    <PayinShell kind="card" payin={payin} settings={settings}>
      <CardForm
        paymentId={payin.id}
        locale={locale}
        acceptHeader={(await headers()).get('accept') ?? ''}
        initialAttemptKey={randomUUID()}
        initialDeclineReason={view === 'retry' ? reasonKey(payin.statusReason?.detailedStatus, payin.status) : undefined}
        text={await cardFormText(await formattedAmount(payin))}
      />
    </PayinShell>
  );
}
