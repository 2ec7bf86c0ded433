import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { errorAnswer, jsonAnswer, serviceCall } from '@/lib/checkout/shared/route-answers';
import { refuseUnlessHolder, requestSessionProof } from '@/lib/checkout/shared/holding';
import { callOperation } from '@/lib/payments-api/client';
import { limitsVersion } from '@/lib/checkout/cashier/limit-meter';

/**
 * GET /api/cashier/{sessionId}/limits: `{ version }`, the fingerprint of the figures of the deposit
 * step's limit meter as the service has them now (lib/checkout/cashier/limit-meter.ts). The open
 * deposit step compares it with the version it shows and, when they differ, disables Pay until
 * the page has the new figure. Read fresh from the service (a limit changed in another tab or by
 * the merchant changes no balance, so the live balance's stream does not carry it). Only for the
 * browser that holds the session: 403 for any other.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  if (!PAYMENT_ID.test(sessionId)) return errorAnswer('NOT_FOUND', 'Unknown session');
  const refused = await refuseUnlessHolder(sessionId);
  if (refused) return refused;
  return serviceCall('Unknown session', async () => {
    const session = await callOperation('getCashierSession', { params: { sessionId }, holderProof: await requestSessionProof(sessionId) });
    return jsonAnswer({ version: limitsVersion(session) });
  });
}
