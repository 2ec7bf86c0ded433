/**
 * POST /api/payments/payin/{paymentId}/3ds-method: the 3DS Method notification URL
 * (threeDSMethodNotificationURL). The issuer's ACS posts `threeDSMethodData` here inside
 * the card page's hidden iframe when its Method is done; the card page sees its frame arrive here
 * (same origin) and reports indicator Y. Nothing is read but the form's size: the page, not this
 * route, reports to the service. 413 past 4 KB; 404 for a payout.
 */
import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';

const HEADERS = {
  'Cache-Control': 'no-store',
  // A blank document, shown in the card page's hidden frame; the card page itself is framed by
  // the merchant's page, and frame-ancestors checks every ancestor: nothing here to protect.
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

export async function POST(request: Request, { params }: { params: Promise<{ transactionType: string }> }) {
  const { transactionType } = await params;
  if (transactionType !== 'payin') return new Response('Not found', { status: 404, headers: HEADERS });
  if ((await readBoundedText(request, 4096).catch(() => null)) === null)
    return new Response('Too large', { status: 413, headers: HEADERS });
  return new Response('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3DS Method</title></head><body></body></html>', {
    headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' },
  });
}
