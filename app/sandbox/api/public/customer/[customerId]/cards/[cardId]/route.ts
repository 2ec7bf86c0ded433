import { runOperation } from '@/lib/sandbox/http';
import { deleteCard } from '@/lib/sandbox/catalog';

/** DELETE /public/customer/{customerId}/cards/{cardId} */
export async function DELETE(request: Request, { params }: { params: Promise<{ customerId: string, cardId: string }> }) {
  const { customerId, cardId } = await params;
  return runOperation(request, { name: 'customer.deleteCard' }, async ({ tx, principal }) => {
    await deleteCard(tx, principal, customerId, cardId);
    return { status: 204 };
  });
}
