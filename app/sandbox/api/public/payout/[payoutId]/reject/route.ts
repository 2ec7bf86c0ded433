import { runOperation } from '@/lib/sandbox/http';
import { rejectPayout } from '@/lib/sandbox/payouts';

/** PUT /public/payout/{payoutId}/reject */
export async function PUT(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.reject' }, async ({ tx, principal }) => {
    await rejectPayout(tx, principal, payoutId);
    return { status: 204 };
  });
}
