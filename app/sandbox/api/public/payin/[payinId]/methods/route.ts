import { runOperation } from '@/lib/sandbox/http';
import { transactionMethods } from '@/lib/sandbox/catalog';

/** GET /public/payin/{payinId}/methods */
export async function GET(request: Request, { params }: { params: Promise<{ payinId: string }> }) {
  const { payinId } = await params;
  return runOperation(request, { name: 'payin.methods' }, async ({ tx, principal }) => ({ status: 200, body: await transactionMethods(tx, principal, 'payin', payinId) }));
}
