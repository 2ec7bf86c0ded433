import { runOperation } from '@/lib/sandbox/http';
import { getCheckoutSettings } from '@/lib/sandbox/catalog';

/** GET /public/merchant/{merchantId}/checkout-settings (E12). */
export async function GET(request: Request, { params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  return runOperation(request, { name: 'merchant.checkoutSettings' }, async ({ tx, principal }) => ({
    status: 200,
    body: await getCheckoutSettings(tx, principal, merchantId),
  }));
}
