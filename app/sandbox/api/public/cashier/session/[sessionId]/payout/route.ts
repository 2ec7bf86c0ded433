import { SessionPayoutRequest } from '@/lib/contract/cashier';
import { runOperation } from '@/lib/sandbox/http';
import { createSessionPayout } from '@/lib/sandbox/sessions';

/** POST /public/cashier/session/{sessionId}/payout */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return runOperation(request, { name: 'session.payout', body: SessionPayoutRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await createSessionPayout(tx, principal, sessionId, body.value, ctx) }));
}
