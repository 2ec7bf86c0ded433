import type { Metadata } from 'next';
import { statusSnapshot } from '@/components/status/status-snapshot';
import { settledStatusText } from '@/components/status/settled-status-text';
import { getTranslations } from 'next-intl/server';
import { paymentStatusText } from '@/components/payment/page-text';
import { loadTransactionPage, TransactionShell } from '@/components/payment/transaction-page';
import { PaymentStatus } from '@/components/status/payment-status';
import { localeParam, paymentHref } from '@/lib/checkout/shared/payment-paths';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('statusTitle') };
}

/** /payments/{transactionType}/{paymentId}/status: where 3DS and providers return, and where payouts wait (docs/design.md, "Status"). */
export default async function StatusPage(props: PageProps<'/payments/[transactionType]/[paymentId]/status'>) {
  const { transactionType, paymentId } = await props.params;
  const locale = localeParam((await props.searchParams).locale);
  const loaded = await loadTransactionPage({ transactionType, paymentId, locale, page: 'status' });
  if ('fallback' in loaded) return loaded.fallback;
  const { transaction, settings } = loaded;
  // A payment from the customer's bank: its words, and "Try again" on the methods page rather than the card page.
  const bank = transaction.methodType === 'BANK';
  const initial = statusSnapshot(transaction);
  return (
    <TransactionShell page="status" transaction={transaction} settings={settings}>
      <PaymentStatus
        transactionType={transaction.type}
        paymentId={transaction.id}
        initial={initial}
        returnUrls={transaction.returnUrls}
        cardPageHref={paymentHref(transaction.type, bank ? 'apm' : 'card', transaction.id, locale)}
        text={settledStatusText(await paymentStatusText(transaction.type, { bank }), transaction.type, initial)}
      />
    </TransactionShell>
  );
}
