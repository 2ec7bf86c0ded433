import { PayinCreateRequest } from '@/lib/contract/payin';
import { runOperation } from '@/lib/sandbox/http';
import { createPayin } from '@/lib/sandbox/payins';

/** POST /public/payin: create a pay-in (reference, "Pay-in"). */
export function POST(request: Request) {
  return runOperation(request, { name: 'payin.create', body: PayinCreateRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({
    status: 200,
    body: await createPayin(tx, principal, body, ctx),
  }));
}
