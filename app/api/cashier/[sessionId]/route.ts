import { LRUCache } from 'lru-cache';
import { errorBody } from '@/lib/contract/errors';
import { PENDING_PAYOUT } from '@/lib/checkout/cashier';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { paymentsApi, PaymentsApiError } from '@/lib/payments-api/client';

/** Pending withdrawals change rarely: each session's list is fetched at most every 5 s. */
const PENDING_TTL_MS = 5_000;
const pendingCache = new LRUCache<string, unknown[]>({ max: 10_000, ttl: PENDING_TTL_MS });

async function pendingOf(sessionId: string): Promise<unknown[]> {
  const cached = pendingCache.get(sessionId);
  if (cached) return cached;
  const { transactions } = await paymentsApi.sessionTransactions(sessionId);
  const pending = transactions
    .filter((t) => t.kind === 'payout' && PENDING_PAYOUT.has(t.status))
    .map((t) => ({ id: t.id, amount: t.amount, currency: t.currency, status: t.status, createdAt: t.createdAt }));
  pendingCache.set(sessionId, pending);
  return pending;
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * GET /api/cashier/{sessionId}: what the withdrawal widget shows live: balance, available and
 * reserved (E19; major units, fresh on every call), currency, status and pending withdrawals (at most 5 s old). The browser
 * never calls the payments service.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
  try {
    const [session, pending] = await Promise.all([paymentsApi.getSession(sessionId), pendingOf(sessionId)]);
    return json({
      balance: session.balance ?? null,
      available: session.available ?? session.balance ?? null,
      reserved: session.reserved ?? 0,
      currency: session.currency,
      status: session.status,
      pending,
    });
  } catch (error) {
    if (error instanceof PaymentsApiError && error.status === 404) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
    return json({ errorKey: 'UNAVAILABLE', errorMessage: 'The payments service did not answer', errorCode: 5021 }, 502);
  }
}
