import { liveBalanceHub } from '@/lib/checkout/cashier/live-balance/live-balance-hub';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { errorAnswer, jsonAnswer, serviceCall } from '@/lib/checkout/shared/route-answers';
import { coalescedWidgetSnapshot } from '@/lib/checkout/cashier/live-balance/widget-snapshot';
import { refuseUnlessHolder, requestSessionProof } from '@/lib/checkout/shared/holding';

/**
 * GET /api/cashier/{sessionId}: what the withdrawal widget shows (lib/checkout/cashier/live-balance/widget-snapshot.ts),
 * for widgets that cannot keep the event stream open. The live snapshot when this instance
 * watches the session, else one load per session per second shared by every poller. The
 * browser never calls the payments service. Only for the browser that holds the session (its holder proof):
 * 403 for any other, so no payout id reaches a script holding the id alone.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return errorAnswer('NOT_FOUND', 'Unknown session');
  // Balance and pending withdrawals are the holder's only: the session id alone is a locator.
  const refused = await refuseUnlessHolder(sessionId);
  if (refused) return refused;
  const live = liveBalanceHub().current(sessionId);
  if (live) return jsonAnswer(live);
  return serviceCall('Unknown session', async () => {
    const { expiresAt: _expiresAt, ...snapshot } = await coalescedWidgetSnapshot(sessionId, await requestSessionProof(sessionId));
    return jsonAnswer(snapshot);
  });
}
