import { runOperation } from '@/lib/sandbox/http';
import { confirmPayout } from '@/lib/sandbox/payouts';

/** PUT /public/payout/{payoutId}/confirm */
export async function PUT(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.confirm' }, async ({ tx, principal }) => {
    await confirmPayout(tx, principal, payoutId);
    return { status: 204 };
  });
}
