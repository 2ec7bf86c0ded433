import { PayoutDirectLinkRequest } from '@/lib/contract/payout';
import { runOperation } from '@/lib/sandbox/http';
import { processPayoutDirectLink } from '@/lib/sandbox/payouts';

/** POST /public/payout/{payoutId}/process/direct-link */
export async function POST(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.processDirectLink', body: PayoutDirectLinkRequest, idempotent: true }, async ({ tx, principal, body }) => ({ status: 200, body: await processPayoutDirectLink(tx, principal, payoutId, body) }));
}
