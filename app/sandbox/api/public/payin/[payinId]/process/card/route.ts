import { ProcessCardRequest } from '@/lib/contract/payin';
import { runOperation } from '@/lib/sandbox/http';
import { processCard } from '@/lib/sandbox/payins';

/** POST /public/payin/{payinId}/process/card: start card processing (E1). */
export async function POST(request: Request, { params }: { params: Promise<{ payinId: string }> }) {
  const { payinId } = await params;
  return runOperation(
    request,
    { name: 'payin.processCard', body: ProcessCardRequest, idempotent: true },
    async ({ tx, principal, body, ctx }) => ({ status: 200, body: await processCard(tx, principal, payinId, body, ctx) }),
  );
}
