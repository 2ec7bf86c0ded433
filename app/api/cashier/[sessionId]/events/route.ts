import { openBalanceStream } from '@/lib/checkout/cashier/live-balance/balance-stream';
import { refuseUnlessHolder, requestSessionProof } from '@/lib/checkout/shared/holding';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';

/**
 * GET /api/cashier/{sessionId}/events: the withdrawal widget's live snapshot as server-sent
 * events (lib/checkout/cashier/live-balance/balance-stream.ts); for the browser that holds the session only (any other browser: 403).
 */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return openBalanceStream(request, sessionId, null);
  const refused = await refuseUnlessHolder(sessionId);
  if (refused) return refused;
  // The hub reads and watches the session with this browser's holder proof, and ends the stream when it no longer holds.
  return openBalanceStream(request, sessionId, await requestSessionProof(sessionId).catch(() => null));
}
