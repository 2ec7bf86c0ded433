import { PayoutCardRequest } from '@/lib/contract/payout';
import { runOperation } from '@/lib/sandbox/http';
import { processPayoutCard } from '@/lib/sandbox/payouts';

/** POST /public/payout/{payoutId}/process/card */
export async function POST(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.processCard', body: PayoutCardRequest, idempotent: true }, async ({ tx, principal, body }) => ({ status: 200, body: await processPayoutCard(tx, principal, payoutId, body) }));
}
