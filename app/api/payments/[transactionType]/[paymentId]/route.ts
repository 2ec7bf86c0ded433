import { errorBody } from '@/lib/contract/errors';
import { fetchTransaction, PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { PaymentsApiError } from '@/lib/payments-api/client';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * GET /api/payments/{transactionType}/{paymentId}: the status view's polling endpoint. The
 * browser never calls the payments service; this answers only what the view shows.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ transactionType: string; paymentId: string }> }) {
  const { transactionType, paymentId } = await params;
  if ((transactionType !== 'payin' && transactionType !== 'payout') || !PAYMENT_ID.test(paymentId)) {
    return json(errorBody('NOT_FOUND', 'Unknown transaction'), 404);
  }
  try {
    const t = await fetchTransaction(transactionType, paymentId);
    return json({ status: t.status, attemptsRemaining: t.attemptsRemaining, ...(t.detailedStatus ? { detailedStatus: t.detailedStatus } : {}), ...(t.challengeUrl ? { challengeUrl: t.challengeUrl } : {}) });
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 404) return json(errorBody('NOT_FOUND', 'Unknown transaction'), 404);
    return json({ errorKey: 'UNAVAILABLE', errorMessage: 'The payments service did not answer', errorCode: 5021 }, 502);
  }
}
