import { runOperation } from '@/lib/sandbox/http';
import { getPsp } from '@/lib/sandbox/catalog';

/** GET /public/psp/{merchantEnabledPspId} */
export async function GET(request: Request, { params }: { params: Promise<{ merchantEnabledPspId: string }> }) {
  const { merchantEnabledPspId } = await params;
  return runOperation(request, { name: 'psp.get' }, async ({ tx, principal }) => ({ status: 200, body: await getPsp(tx, principal, merchantEnabledPspId) }));
}
