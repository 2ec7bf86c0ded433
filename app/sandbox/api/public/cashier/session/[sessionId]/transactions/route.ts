import { runOperation } from '@/lib/sandbox/http';
import { sessionTransactions } from '@/lib/sandbox/sessions';

/** GET /public/cashier/session/{sessionId}/transactions */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return runOperation(request, { name: 'session.transactions' }, async ({ tx, principal }) => ({ status: 200, body: await sessionTransactions(tx, principal, sessionId) }));
}
