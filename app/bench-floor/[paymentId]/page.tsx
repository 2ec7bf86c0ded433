import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { paymentsApi } from '@/lib/payments-api/client';

/**
 * /bench-floor/{paymentId}: the benchmark floor of the render path, served only when
 * BENCH_FLOOR=1 (404 otherwise). A minimal dynamic page: it awaits the request, renders the root
 * layout (locale, catalogue, test-mode badge) and makes one read of the pay-in through the same
 * client as the card page. What the card page costs above it is ours to cut.
 */
export default async function BenchFloorPage(props: PageProps<'/bench-floor/[paymentId]'>) {
  if (process.env.BENCH_FLOOR !== '1') notFound();
  const { paymentId } = await props.params;
  if (!PAYMENT_ID.test(paymentId)) notFound();
  const [payin, t] = await Promise.all([paymentsApi.getPayin(paymentId).catch(() => null), getTranslations('meta')]);
  if (!payin) notFound();
  return (
    <main className="p-4">
      <h1>{t('cardTitle')}</h1>
      <p>{payin.status}</p>
    </main>
  );
}
