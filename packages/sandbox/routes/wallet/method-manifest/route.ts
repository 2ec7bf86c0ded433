import { sandboxEnabled, sandboxPublicUrl } from '@hosted-checkout/runtime/config';
import { methodManifest } from '@sandbox/service/pages/wallet-app';

/** /sandbox/wallet/method-manifest: the sandbox wallet's payment method manifest. */
export function GET(): Response {
  if (!sandboxEnabled()) return new Response('Not found', { status: 404 });
  return Response.json(methodManifest(new URL(sandboxPublicUrl()).origin), { headers: { 'Cache-Control': 'no-store' } });
}
