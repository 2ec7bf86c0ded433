import { errorBody } from '@/lib/contract/errors';
import { PENDING_PAYOUT } from '@/lib/checkout/cashier';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * GET /api/cashier/{sessionId}: what the withdrawal widget shows live: balance (major units),
 * currency, status and pending withdrawals. The browser never calls the payments service.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
  try {
    const [session, { transactions }] = await Promise.all([paymentsApi.getSession(sessionId), paymentsApi.sessionTransactions(sessionId)]);
    return json({
      balance: session.balance ?? null,
      currency: session.currency,
      status: session.status,
      pending: transactions
        .filter((t) => t.kind === 'payout' && PENDING_PAYOUT.has(t.status))
        .map((t) => ({ id: t.id, amount: t.amount, currency: t.currency, status: t.status, createdAt: t.createdAt })),
    });
  } catch (error) {
    if (error instanceof PaymentsApiError && error.status === 404) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
    return json({ errorKey: 'UNAVAILABLE', errorMessage: 'The payments service did not answer', errorCode: 5021 }, 502);
  }
}
