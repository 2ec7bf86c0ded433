import { ProcessDirectLinkRequest } from '@/lib/contract/payin';
import { runOperation } from '@/lib/sandbox/http';
import { processPayinDirectLink } from '@/lib/sandbox/payins';

/** POST /public/payin/{payinId}/process/direct-link */
export async function POST(request: Request, { params }: { params: Promise<{ payinId: string }> }) {
  const { payinId } = await params;
  return runOperation(request, { name: 'payin.processDirectLink', body: ProcessDirectLinkRequest, idempotent: true }, async ({ tx, principal, body, ctx }) => ({ status: 200, body: await processPayinDirectLink(tx, principal, payinId, body, ctx) }));
}
