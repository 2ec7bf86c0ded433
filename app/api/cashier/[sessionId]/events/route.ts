import { openBalanceStream } from '@/lib/checkout/live-balance/balance-stream';
import { refuseUnlessHolder } from '@/lib/cashier/binding';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';

/**
 * GET /api/cashier/{sessionId}/events: the withdrawal widget's live snapshot as server-sent
 * events (lib/checkout/live-balance/balance-stream.ts); for the browser that holds the session only (E22: 403).
 */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (PAYMENT_ID.test(sessionId)) {
    const refused = await refuseUnlessHolder(sessionId);
    if (refused) return refused;
  }
  return openBalanceStream(request, sessionId);
}
