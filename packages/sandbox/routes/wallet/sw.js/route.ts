import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { SERVICE_WORKER } from '@sandbox/service/pages/wallet-app';

/** /sandbox/wallet/sw.js: the sandbox wallet's service worker. */
export function GET(): Response {
  if (!sandboxEnabled()) return new Response('Not found', { status: 404 });
  return new Response(SERVICE_WORKER, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
