import { BalanceUpdateRequest } from '@/lib/contract/cashier';
import { runOperation } from '@/lib/sandbox/http';
import { updateBalance } from '@/lib/sandbox/sessions';

/** PUT /public/cashier/session/{sessionId}/balance */
export async function PUT(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return runOperation(request, { name: 'session.balance', body: BalanceUpdateRequest }, async ({ tx, principal, body }) => {
    await updateBalance(tx, principal, sessionId, body.balance);
    return { status: 204 };
  });
}
