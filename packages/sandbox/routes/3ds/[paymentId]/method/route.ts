import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { isCheckoutNotification, methodPageHtml, readMethodData } from '@sandbox/service/pages/method-page';
import { sandboxPageSummary } from '@sandbox/service/pages/page-summary';

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * POST /sandbox/3ds/{paymentId}/method: the sandbox ACS's 3DS Method URL
 * (packages/sandbox/service/pages/method-page.ts), posted `threeDSMethodData` by the checkout's hidden iframe. 400 for
 * data that is not a Method request for this pay-in's attempt or names another notification URL,
 * 404 for an unknown pay-in, 413 past 4 KB.
 */
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  const { paymentId } = await params;
  if (!sandboxEnabled()) return text('Not found', 404);
  const body = await readBoundedText(request, 4096).catch(() => null);
  if (body === null) return text('The body is larger than 4 KB', 413);
  const method = readMethodData(new URLSearchParams(body).get('threeDSMethodData'));
  const summary = await sandboxPageSummary(paymentId);
  if (!summary) return text('Not found', 404);
  if (!method || method.serverTransId !== summary.serverTransId || !isCheckoutNotification(method.notificationUrl, paymentId)) {
    return text('Not a 3DS Method request of this payment', 400);
  }
  const nonce = request.headers.get('x-nonce') ?? '';
  const html = methodPageHtml({
    notificationUrl: method.notificationUrl,
    serverTransId: method.serverTransId,
    answers: summary.methodAnswers,
    nonce,
  });
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
