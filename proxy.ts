/**
 * Request interceptor (Next 16 `proxy.ts`): the locale inputs (`?locale=`, the merchant's
 * default locale), a per-request nonce CSP whose `frame-ancestors` are 'self' plus the
 * merchant's allowed origins, the security headers of docs/design.md, section 5, and a 413 for
 * a form post over the server actions' body limit.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { paymentsApi } from '@/lib/payments-api/client';
import { withRequest } from '@/lib/payments-api/request-memo';
import { REQUEST_ID_HEADER, REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { contentSecurityPolicy } from '@/lib/framing/origins';
import { LOCALE_HEADER, MERCHANT_LOCALE_HEADER } from '@/lib/i18n/locales';
import type { CheckoutSettings } from '@/lib/contract/merchant';
import { checkoutUrl, sandboxPublicUrl, twinOrigin } from '@/lib/config';

/** The transaction a framed page belongs to: payment pages, the sandbox ACS and provider pages. */
function transactionOf(pathname: string): { type: 'payin' | 'payout'; id: string } | null {
  const page = /^\/payments\/(payin|payout)\/([^/]+)\/(?:card|apm|status)\/?$/.exec(pathname);
  if (page?.[1] && page[2]) return { type: page[1] as 'payin' | 'payout', id: decodeURIComponent(page[2]) };
  // The ACS's challenge and 3DS Method pages are framed inside the merchant's page too.
  const sandbox = /^\/sandbox\/(?:3ds|provider\/payin)\/([^/]+)(?:\/method)?\/?$/.exec(pathname);
  return sandbox?.[1] ? { type: 'payin', id: decodeURIComponent(sandbox[1]) } : null;
}

/** The checkout's origin and its loopback twin: the sandbox console's two origins. */
function consoleOrigins(): string[] {
  const origin = new URL(checkoutUrl()).origin;
  const twin = twinOrigin(origin);
  return twin ? [origin, twin] : [origin];
}

/** The cashier session a page belongs to: the cashier and its widget. */
function sessionOf(pathname: string): string | null {
  const match = /^\/cashier\/([^/]+)(?:\/widget)?\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The checkout settings (E12) of the merchant a page belongs to; null for other pages. */
async function merchantSettingsFor(pathname: string): Promise<CheckoutSettings | null> {
  try {
    const sessionId = sessionOf(pathname);
    const transaction = sessionId ? null : transactionOf(pathname);
    const merchantId = sessionId
      ? await paymentsApi.merchantOf('session', sessionId)
      : transaction
        ? await paymentsApi.merchantOf(transaction.type, transaction.id)
        : null;
    return merchantId ? await paymentsApi.getCheckoutSettings(merchantId) : null;
  } catch {
    // Unknown transaction or service unavailable: only our own origin may frame the page.
    return null;
  }
}

/** Largest body a page accepts (server action posts), in bytes: next.config.mjs `bodySizeLimit`, 100 KB. */
const MAX_ACTION_BODY_BYTES = 100 * 1024;

/**
 * A post to a page is a server action: one without an Origin is refused (403); one whose body is
 * over the limit, or of unknown length (chunked), is answered 413 / 411 here, before Next.js
 * reads it (it would answer 500).
 */
function refuseOversizedPost(request: NextRequest): NextResponse | null {
  if (request.method !== 'POST') return null;
  // Browsers send Origin with every POST; Next.js checks it against the host when present. A
  // post without one is a script's: refused (docs/design.md, section 5).
  if (!request.headers.get('origin')) {
    return new NextResponse('A form post must come from the payment page.', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const length = request.headers.get('content-length');
  if (length === null) return new NextResponse('A form post must declare its length.', { status: 411, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!/^\d{1,15}$/.test(length) || Number(length) > MAX_ACTION_BODY_BYTES) {
    return new NextResponse('The form is too large. Go back, check what you typed and try again.', { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return null;
}

export async function proxy(request: NextRequest) {
  const refused = refuseOversizedPost(request);
  if (refused) return refused;
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const pathname = request.nextUrl.pathname;
  // Within this request's id, so that the page's own read of the transaction reuses this one.
  const settings = pathname === '/sandbox/embed' ? null : await withRequest({ id: request.headers.get(REQUEST_ID_HEADER), key: request.headers.get(REQUEST_KEY_HEADER) }, () => merchantSettingsFor(pathname));
  const allowedOrigins = pathname === '/sandbox/embed' ? consoleOrigins() : (settings?.allowedOrigins ?? []);
  // A payment page shows the issuer's 3DS challenge in a frame of its own (any https ACS, the
  // sandbox's on its origin); the sandbox's ACS page is framed by the checkout's pages.
  const paymentPage = /^\/payments\/(payin|payout)\//.test(pathname);
  const acsPage = /^\/sandbox\/3ds\//.test(pathname);
  const csp = contentSecurityPolicy({
    nonce,
    frameAncestors: acsPage ? [...allowedOrigins, new URL(checkoutUrl()).origin] : allowedOrigins,
    frameSrc: pathname === '/sandbox' || pathname === '/sandbox/embed' ? consoleOrigins() : paymentPage ? [new URL(sandboxPublicUrl()).origin] : [],
    frameHttps: paymentPage,
    dev: process.env.NODE_ENV === 'development',
    https: checkoutUrl().startsWith('https:'),
    // The sandbox's ACS and provider pages, when they live on an http origin of their own.
    // The ACS's 3DS Method page posts to the checkout's notification URL (E16).
    formTargets: [new URL(sandboxPublicUrl()).origin, ...(acsPage ? [new URL(checkoutUrl()).origin] : [])],
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const queryLocale = request.nextUrl.searchParams.get('locale');
  if (queryLocale) requestHeaders.set(LOCALE_HEADER, queryLocale);
  else requestHeaders.delete(LOCALE_HEADER);
  if (settings?.defaultLocale) requestHeaders.set(MERCHANT_LOCALE_HEADER, settings.defaultLocale);
  else requestHeaders.delete(MERCHANT_LOCALE_HEADER);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Permissions-Policy', 'payment=(self)');
  response.headers.set('Cache-Control', 'no-store');
  // Served over https: browsers keep to https for a year (HSTS).
  if (checkoutUrl().startsWith('https:')) response.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!sandbox/api|api/|_next/static|_next/image|favicon.ico|embed.js|embed/|robots.txt).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
