import { sandboxEnabled } from '@/lib/config';
import { solidPng } from '@/lib/sandbox/pages/wallet-app';

const ICON = solidPng(48, [157, 23, 77]);

/** /sandbox/wallet/icon.png: the sandbox wallet's icon (E21). */
export function GET(): Response {
  if (!sandboxEnabled()) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(ICON), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } });
}
