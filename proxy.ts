/**
 * Request interceptor (Next 16 `proxy.ts`): the locale inputs (`?locale=`, the merchant's
 * default locale), a per-request nonce CSP whose `frame-ancestors` are 'self' plus the
 * merchant's allowed origins, the security headers of docs/design.md, section 5, and the refusal of a page post from
 * elsewhere or over the server actions' body limit (403, 411, 413), or with a forwarded host
 * nobody trusted (400); a page post that passes goes on with its Origin and forwarded host
 * canonical (lib/net/host-names.ts), as Next.js compares them byte for byte.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { paymentsApi } from '@/lib/payments-api/client';
import { withRequest } from '@/lib/payments-api/request-memo';
import { REQUEST_ID_HEADER, REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { contentSecurityPolicy } from '@/lib/framing/content-security-policy';
import { LOCALE_HEADER, MERCHANT_LOCALE_HEADER } from '@hosted-checkout/contract/locales';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import { acsOrigins, checkoutUrl, clickToPaySrcOrigin, sandboxPublicUrl, trustedProxyHops, twinOrigin, walletConfig } from '@/lib/config';
import { permissionsPolicy } from '@/lib/framing/permissions-policy';
import { checkProxiedPagePost, isPagePost } from '@/lib/net/request-checks';
import { proxiedPostSpellings } from '@/lib/net/request-hosts';
import { localeParam } from '@/lib/checkout/shared/payment-paths';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import { inlineStyleHashes } from '@/lib/framing/inline-style-hashes';

/** The transaction a framed page belongs to: payment pages, the sandbox ACS, provider and bank pages. */
function transactionOf(pathname: string): { type: CheckoutTransactionType; id: string } | null {
  const page = /^\/payments\/(payin|payout)\/([^/]+)\/(?:card|apm|status)\/?$/.exec(pathname);
  if (page?.[1] && page[2]) return { type: page[1] as CheckoutTransactionType, id: decodeURIComponent(page[2]) };
  // The ACS's challenge, 3DS Method and passkey pages, and the sandbox bank's page, are framed inside the merchant's page too.
  const sandbox = /^\/sandbox\/(?:3ds|provider\/payin|bank\/payin)\/([^/]+)(?:\/method|\/passkey)?\/?$/.exec(pathname);
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

/** The merchant a page belongs to and its checkout settings; null for other pages. */
async function merchantSettingsFor(pathname: string): Promise<(CheckoutSettings & { merchantId: string }) | null> {
  try {
    const sessionId = sessionOf(pathname);
    const transaction = sessionId ? null : transactionOf(pathname);
    const merchantId = sessionId
      ? await paymentsApi.merchantOf('session', sessionId)
      : transaction
        ? await paymentsApi.merchantOf(transaction.type, transaction.id)
        : null;
    return merchantId ? { ...(await paymentsApi.getCheckoutSettings(merchantId)), merchantId } : null;
  } catch {
    // Unknown transaction or service unavailable: only our own origin may frame the page.
    return null;
  }
}

/**
 * A post to a page (a server action) from anywhere but our pages, or too large: refused here too
 * (the request guard, lib/net/request-guard.ts, refuses it first on a Node server; this holds on
 * any runtime, after Next.js has resolved the path). Its Origin is compared, canonical, with the
 * host Next.js compares it with: the forwarded host behind the trusted proxies, else Host
 * (`checkProxiedPagePost`). Answered with `Connection: close`.
 */
function refusePagePost(request: NextRequest): NextResponse | null {
  const refusal = checkProxiedPagePost(request.method, request.nextUrl.pathname, (name) => request.headers.get(name), trustedProxyHops());
  if (!refusal) return null;
  return new NextResponse(`${refusal.message}\n`, {
    status: refusal.status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' },
  });
}

export async function proxy(request: NextRequest) {
  const refused = refusePagePost(request);
  if (refused) return refused;
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const pathname = request.nextUrl.pathname;
  // Within this request's id, so that the page's own read of the transaction reuses this one.
  const settings =
    pathname === '/sandbox/embed'
      ? null
      : await withRequest({ id: request.headers.get(REQUEST_ID_HEADER), key: request.headers.get(REQUEST_KEY_HEADER) }, () =>
          merchantSettingsFor(pathname),
        );
  const allowedOrigins = pathname === '/sandbox/embed' ? consoleOrigins() : (settings?.allowedOrigins ?? []);
  // A payment page shows the issuer's 3DS challenge in a frame of its own (any https ACS, the
  // sandbox's on its origin), and so does the cashier when its card page hands it up
  // (lib/framing/challenge-handoff.ts); the sandbox's ACS page is framed by the checkout's pages.
  const paymentPage = /^\/payments\/(payin|payout)\//.test(pathname);
  const cashierPage = /^\/cashier\//.test(pathname);
  const acsPage = /^\/sandbox\/3ds\//.test(pathname);
  const cardPayinPage = /^\/payments\/payin\/[^/]+\/card$/.test(pathname);
  const srcOrigin = cardPayinPage ? clickToPaySrcOrigin() : null;
  const csp = contentSecurityPolicy({
    nonce,
    frameAncestors: acsPage ? [...allowedOrigins, new URL(checkoutUrl()).origin] : allowedOrigins,
    // The console and its merchant pages frame the checkout's pages; the demo shop frames its own
    // launch redirect, which leads to the checkout's widget.
    frameSrc: ['/sandbox', '/sandbox/embed', '/sandbox/shop'].includes(pathname)
      ? consoleOrigins()
      : paymentPage || cashierPage
        ? [new URL(sandboxPublicUrl()).origin]
        : [],
    frameHttps: paymentPage || cashierPage,
    dev: process.env.NODE_ENV === 'development',
    https: checkoutUrl().startsWith('https:'),
    // The sandbox's ACS and provider pages, when they live on an http origin of their own.
    // The ACS's 3DS Method page posts to the checkout's notification URL; the home page's "try
    // the widget" post goes to the demo shop on the twin origin.
    formTargets: [
      new URL(sandboxPublicUrl()).origin,
      ...(acsPage ? [new URL(checkoutUrl()).origin] : []),
      ...(pathname === '/' ? consoleOrigins() : []),
    ],
    // Google Pay's script, its calls and frames: on the card page of a merchant that offers it only.
    styleHashes: inlineStyleHashes(),
    thirdParties: cardPayinPage && settings?.wallets?.includes('GOOGLE_PAY') ? [new URL(walletConfig().googlePayScriptUrl).origin] : [],
    // The Click to Pay SRC system, when it lives on an origin of its own: on the card page of a merchant that offers it only.
    connectSrc: cardPayinPage && settings?.clickToPay && srcOrigin && srcOrigin !== new URL(checkoutUrl()).origin ? [srcOrigin] : [],
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  // Only a well-formed tag goes on (a header value takes Latin-1 alone: anything else was a 500);
  // an unknown or malformed one falls back to the merchant's or the browser's.
  const queryLocale = localeParam(request.nextUrl.searchParams.get('locale')?.slice(0, 35));
  if (queryLocale) requestHeaders.set(LOCALE_HEADER, queryLocale);
  else requestHeaders.delete(LOCALE_HEADER);
  if (settings?.defaultLocale) requestHeaders.set(MERCHANT_LOCALE_HEADER, settings.defaultLocale);
  else requestHeaders.delete(MERCHANT_LOCALE_HEADER);
  // A page post that passed: Next.js compares its Origin's host with the forwarded host byte for byte, so both go on canonical.
  if (isPagePost(request.method, pathname)) {
    for (const [name, value] of Object.entries(proxiedPostSpellings((name) => request.headers.get(name), trustedProxyHops())))
      requestHeaders.set(name, value);
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  // An address with a launch secret is never sent on as a Referer, even to our own origin
  // (strict-origin: the origin alone; no-referrer would also blank the launch post's Origin).
  // Nor an address of the sandbox bank's pages, whose path or query holds a one-time token.
  const secretInUrl = request.nextUrl.searchParams.has('launch') || pathname.startsWith('/sandbox/bank/');
  response.headers.set('Referrer-Policy', secretInUrl ? 'strict-origin' : 'strict-origin-when-cross-origin');
  response.headers.set('X-Content-Type-Options', 'nosniff');
  // Payment and passkey features reach the issuer's ACS frame only (lib/framing/permissions-policy.ts).
  const scope = paymentPage ? 'payment-page' : acsPage ? 'acs' : cashierPage ? 'cashier' : 'other';
  const ownOrigin = new URL(checkoutUrl()).origin;
  response.headers.set(
    'Permissions-Policy',
    permissionsPolicy(scope, scope === 'payment-page' || scope === 'cashier' ? acsOrigins().filter((origin) => origin !== ownOrigin) : []),
  );
  response.headers.set('Cache-Control', 'no-store');
  // Served over https: browsers keep to https for a year (HSTS).
  if (checkoutUrl().startsWith('https:')) response.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  return response;
}

export const config = {
  // Every page request, prefetches included: a prefetch header must not skip the CSP or the
  // page-post checks.
  matcher: ['/((?!sandbox/api|api/|_next/static|_next/image|favicon.ico|embed.js|embed/|robots.txt).*)'],
};
