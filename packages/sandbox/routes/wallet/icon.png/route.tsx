import { ImageResponse } from 'next/og';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';

/** /sandbox/wallet/icon.png: the sandbox wallet's icon (Chromium installs no payment app without one), drawn by next/og. */
export function GET(): Response {
  if (!sandboxEnabled()) return new Response('Not found', { status: 404 });
  return new ImageResponse(<div style={{ width: '100%', height: '100%', display: 'flex', background: '#9d174d', borderRadius: 10 }} />, {
    width: 48,
    height: 48,
    headers: { 'Cache-Control': 'public, max-age=86400' },
  });
}
