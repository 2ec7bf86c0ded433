import { statusSnapshot } from '@/components/status/status-snapshot';
import { fetchTransaction } from '@/lib/checkout/shared/load-transaction';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { errorAnswer, jsonAnswer, serviceCall } from '@/lib/checkout/shared/route-answers';

/**
 * GET /api/payments/{transactionType}/{paymentId}: the status view's polling endpoint, open to
 * anyone with the payment id. The browser never calls the payments service; this answers only
 * what the view shows (`statusSnapshot`: status, attempts left, the challenge to go back to, and
 * a reason that says nothing about the card), never the service's `detailedStatus`. An unknown
 * type or a malformed id is 404; a service that does not answer, 502.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ transactionType: string; paymentId: string }> }) {
  const { transactionType, paymentId } = await params;
  if ((transactionType !== 'payin' && transactionType !== 'payout') || !PAYMENT_ID.test(paymentId))
    return errorAnswer('NOT_FOUND', 'Unknown transaction');
  return serviceCall('Unknown transaction', async () => jsonAnswer(statusSnapshot(await fetchTransaction(transactionType, paymentId))));
}
