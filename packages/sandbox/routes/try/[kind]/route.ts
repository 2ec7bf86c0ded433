import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { TRY_ITS, tryIt, type TryIt } from '@sandbox/service/pages/try-it';

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** The checkout's rule this route applies: whether a post comes from one of its own pages (the home page's buttons). */
export interface TryItChecks {
  fromOwnPage: (request: Request) => boolean;
}

/**
 * POST /sandbox/try/{payin|cashier|widget}: the home page's "try it" buttons (packages/sandbox/service/pages/try-it.ts):
 * creates a test pay-in or cashier session and sends the browser to it (303); the widget's to the
 * demo shop's page (posted to the shop's origin, which this answer logs the customer in to:
 * packages/sandbox/service/pages/demo-shop.ts). 404 where no sandbox runs or for another kind; 403
 * for a post that `checks.fromOwnPage` refuses (another origin: the home page is the checkout's,
 * so its mount, packages/sandbox/routes/try/[kind]/route.ts, hands over the checkout's rule); 502 when the
 * sandbox refuses.
 */
export function tryItRoute(checks: TryItChecks) {
  return async function POST(request: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
    const { kind } = await params;
    if (!sandboxEnabled() || !TRY_ITS.includes(kind as TryIt)) return plain(404, 'Not found');
    if (!checks.fromOwnPage(request)) return plain(403, 'Only the home page starts a test');
    try {
      const { location, setCookie } = await tryIt(kind as TryIt);
      const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
      if (setCookie) headers.append('Set-Cookie', setCookie);
      return new Response(null, { status: 303, headers });
    } catch (error) {
      return plain(502, error instanceof Error ? error.message : 'The sandbox did not answer');
    }
  };
}
