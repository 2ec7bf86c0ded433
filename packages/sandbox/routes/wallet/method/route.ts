import { sandboxEnabled, sandboxPublicUrl } from '@hosted-checkout/runtime/config';

/**
 * /sandbox/wallet/method: the sandbox wallet's payment method identifier. Browsers read
 * its `Link: rel="payment-method-manifest"` header (W3C Payment Method Manifest).
 */
function answer(head: boolean): Response {
  if (!sandboxEnabled()) return new Response(head ? null : 'Not found', { status: 404 });
  const origin = new URL(sandboxPublicUrl()).origin;
  return new Response(head ? null : 'The sandbox wallet: a payment method of the sandbox.\n', {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      Link: `<${origin}/sandbox/wallet/method-manifest>; rel="payment-method-manifest"`,
      'Cache-Control': 'no-store',
    },
  });
}

export const GET = () => answer(false);
export const HEAD = () => answer(true);
