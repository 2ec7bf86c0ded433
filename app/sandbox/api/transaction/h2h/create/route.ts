import { H2hCreateRequest } from '@/lib/contract/h2h';
import { runOperation } from '@/lib/sandbox/http';
import { createH2hTransaction } from '@/lib/sandbox/h2h';

/** POST /transaction/h2h/create */
export async function POST(request: Request) {
  return runOperation(request, { name: 'h2h.create', body: H2hCreateRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await createH2hTransaction(tx, principal, body, ctx) }));
}
