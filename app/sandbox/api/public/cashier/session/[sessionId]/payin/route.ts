import { SessionPayinRequest } from '@/lib/contract/cashier';
import { runOperation } from '@/lib/sandbox/http';
import { createSessionPayin } from '@/lib/sandbox/sessions';

/** POST /public/cashier/session/{sessionId}/payin */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return runOperation(request, { name: 'session.payin', body: SessionPayinRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await createSessionPayin(tx, principal, sessionId, body.amount, ctx) }));
}
