import { PayoutCreateRequest } from '@/lib/contract/payout';
import { runOperation } from '@/lib/sandbox/http';
import { createPayout } from '@/lib/sandbox/payouts';

/** POST /public/payout */
export async function POST(request: Request) {
  return runOperation(request, { name: 'payout.create', body: PayoutCreateRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await createPayout(tx, principal, body, ctx) }));
}
