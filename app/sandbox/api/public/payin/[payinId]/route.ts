import { runOperation } from '@/lib/sandbox/http';
import { getPayin } from '@/lib/sandbox/payins';

/** GET /public/payin/{payinId}: fetch a pay-in. */
export async function GET(request: Request, { params }: { params: Promise<{ payinId: string }> }) {
  const { payinId } = await params;
  return runOperation(request, { name: 'payin.get' }, async ({ tx, principal }) => ({
    status: 200,
    body: await getPayin(tx, principal, payinId),
  }));
}
