import { fetchTransaction, PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { errorAnswer, jsonAnswer, serviceCall } from '@/lib/checkout/route-answers';

/**
 * GET /api/payments/{transactionType}/{paymentId}: the status view's polling endpoint. The
 * browser never calls the payments service; this answers only what the view shows.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ transactionType: string; paymentId: string }> }) {
  const { transactionType, paymentId } = await params;
  if ((transactionType !== 'payin' && transactionType !== 'payout') || !PAYMENT_ID.test(paymentId)) return errorAnswer('NOT_FOUND', 'Unknown transaction');
  return serviceCall('Unknown transaction', async () => {
    const t = await fetchTransaction(transactionType, paymentId);
    return jsonAnswer({ status: t.status, attemptsRemaining: t.attemptsRemaining, ...(t.detailedStatus ? { detailedStatus: t.detailedStatus } : {}), ...(t.challengeUrl ? { challengeUrl: t.challengeUrl } : {}) });
  });
}
