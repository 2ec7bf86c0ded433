import { runOperation } from '@/lib/sandbox/http';
import { getPayout } from '@/lib/sandbox/payouts';

/** GET /public/payout/{payoutId} */
export async function GET(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.get' }, async ({ tx, principal }) => ({ status: 200, body: await getPayout(tx, principal, payoutId) }));
}
