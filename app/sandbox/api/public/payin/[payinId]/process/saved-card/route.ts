import { ProcessSavedCardRequest } from '@/lib/contract/payin';
import { runOperation } from '@/lib/sandbox/http';
import { processSavedCard } from '@/lib/sandbox/payins';

/** POST /public/payin/{payinId}/process/saved-card */
export async function POST(request: Request, { params }: { params: Promise<{ payinId: string }> }) {
  const { payinId } = await params;
  return runOperation(request, { name: 'payin.processSavedCard', body: ProcessSavedCardRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await processSavedCard(tx, principal, payinId, body, ctx) }));
}
