import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { appManifest } from '@sandbox/service/pages/wallet-app';

/** /sandbox/wallet/app-manifest: the sandbox wallet's web app manifest, with its service worker. */
export function GET(): Response {
  if (!sandboxEnabled()) return new Response('Not found', { status: 404 });
  return Response.json(appManifest(), { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'no-store' } });
}
