import { errorBody } from '@/lib/contract/errors';
import { liveBalanceHub } from '@/lib/checkout/live-balance-hub';
import { PAYMENT_ID } from '@/lib/checkout/load-transaction';
import { coalescedWidgetSnapshot } from '@/lib/checkout/widget-snapshot';
import { PaymentsApiError } from '@/lib/payments-api/client';
import { refuseUnlessHolder } from '@/lib/cashier/binding';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * GET /api/cashier/{sessionId}: what the withdrawal widget shows (lib/checkout/widget-snapshot.ts),
 * for widgets that cannot keep the event stream open. The live snapshot when this instance
 * watches the session, else one load per session per second shared by every poller. The
 * browser never calls the payments service. Only for the browser that holds the session (E22):
 * 403 for any other, so no payout id reaches a script holding the id alone.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
  // Balance and pending withdrawals are the holder's only (E22): the session id alone is a locator.
  const refused = await refuseUnlessHolder(sessionId);
  if (refused) return refused;
  const live = liveBalanceHub().current(sessionId);
  if (live) return json(live);
  try {
    const { expiresAt: _expiresAt, ...snapshot } = await coalescedWidgetSnapshot(sessionId);
    return json(snapshot);
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 404) return json(errorBody('NOT_FOUND', 'Unknown session'), 404);
    return json({ errorKey: 'UNAVAILABLE', errorMessage: 'The payments service did not answer', errorCode: 5021 }, 502);
  }
}
