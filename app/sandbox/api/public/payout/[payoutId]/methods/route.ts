import { runOperation } from '@/lib/sandbox/http';
import { transactionMethods } from '@/lib/sandbox/catalog';

/** GET /public/payout/{payoutId}/methods */
export async function GET(request: Request, { params }: { params: Promise<{ payoutId: string }> }) {
  const { payoutId } = await params;
  return runOperation(request, { name: 'payout.methods' }, async ({ tx, principal }) => ({ status: 200, body: await transactionMethods(tx, principal, 'payout', payoutId) }));
}
