import { openBalanceStream } from '@/lib/checkout/balance-stream';

/**
 * GET /api/cashier/{sessionId}/events: the withdrawal widget's live snapshot as server-sent
 * events (lib/checkout/balance-stream.ts).
 */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return openBalanceStream(request, sessionId);
}
