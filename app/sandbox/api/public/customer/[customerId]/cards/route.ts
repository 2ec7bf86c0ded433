import { runOperation } from '@/lib/sandbox/http';
import { listCards } from '@/lib/sandbox/catalog';

/** GET /public/customer/{customerId}/cards */
export async function GET(request: Request, { params }: { params: Promise<{ customerId: string }> }) {
  const { customerId } = await params;
  return runOperation(request, { name: 'customer.cards' }, async ({ tx, principal }) => ({ status: 200, body: await listCards(tx, principal, customerId) }));
}
