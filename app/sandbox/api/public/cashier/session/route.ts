import { CashierSessionCreateRequest } from '@/lib/contract/cashier';
import { runOperation } from '@/lib/sandbox/http';
import { createSession } from '@/lib/sandbox/sessions';

/** POST /public/cashier/session */
export async function POST(request: Request) {
  return runOperation(request, { name: 'session.create', body: CashierSessionCreateRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await createSession(tx, principal, body, ctx) }));
}
