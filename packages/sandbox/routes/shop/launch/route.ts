import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { shopLaunch } from '@sandbox/service/pages/demo-shop';

/**
 * GET /sandbox/shop/launch: the demo shop's launch redirect (packages/sandbox/service/pages/demo-shop.ts),
 * the `src` of its page's frame: 303 to a new launch address of the logged-in customer's widget,
 * 401 without the shop's login. 404 where no sandbox runs.
 */
export async function GET(request: Request) {
  if (!sandboxEnabled()) return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return shopLaunch(request);
}
