import { runOperation } from '@/lib/sandbox/http';
import { getSession } from '@/lib/sandbox/sessions';

/** GET /public/cashier/session/{sessionId} */
export async function GET(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return runOperation(request, { name: 'session.get' }, async ({ tx, principal }) => ({ status: 200, body: await getSession(tx, principal, sessionId) }));
}
