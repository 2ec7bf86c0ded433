/**
 * The Content-Security-Policy of the hosted pages (nonce-based, strict; docs/design.md, section
 * 5), from the checkout's configuration. Server only: the configuration never reaches a browser.
 */
import 'server-only';
import { checkoutUrl, sandboxPublicUrl, testMode, twinOrigin } from '@/lib/config';
import { isOriginPattern } from '@hosted-checkout/contract/origin-patterns';

/** Where CSP violation reports go (app/api/csp-report/route.ts). */
const CSP_REPORT_PATH = '/api/csp-report';

/**
 * The sandbox's origin when a payment page may pay with the sandbox wallet and the sandbox
 * lives on an origin of its own (SANDBOX_PUBLIC_URL, the production shape): the browser fetches
 * the wallet's payment-method manifest from there under the page's connect-src. Null otherwise:
 * outside test mode there is no sandbox wallet (lib/checkout/payment-pages/wallet-offer.ts), and on the
 * checkout's own origin 'self' covers it.
 */
export function sandboxWalletOrigin(): string | null {
  if (!testMode()) return null;
  const sandbox = new URL(sandboxPublicUrl()).origin;
  return sandbox === new URL(checkoutUrl()).origin ? null : sandbox;
}

/**
 * The WebSocket origins of `next dev`'s hot reload: the checkout's origin and its loopback twin,
 * as ws: (wss: on https). Development only.
 */
function devSocketOrigins(): string[] {
  const origin = new URL(checkoutUrl()).origin;
  return [origin, twinOrigin(origin)].flatMap((o) => (o ? [o.replace(/^http(s?):/, 'ws$1:')] : []));
}

/**
 * The Content-Security-Policy of a page that merchants may frame (nonce-based, strict). A payment
 * page (`frameHttps`) in test mode may also connect to the sandbox's own origin
 * (`sandboxWalletOrigin`), for the sandbox wallet's payment-method manifest.
 */
export function contentSecurityPolicy(options: {
  nonce: string;
  frameAncestors: readonly string[];
  /** Origins the page itself may frame (the sandbox console's embedding demo, the service's ACS); none by default. */
  frameSrc?: readonly string[];
  /** The page may frame any https origin: a payment page, or the cashier, showing the issuer's 3DS challenge (its ACS). */
  frameHttps?: boolean;
  /**
   * `next dev` (NODE_ENV=development; never a production build): what its overlay and hot reload
   * need, 'unsafe-eval' for React's development tools, inline styles without a style nonce (a
   * nonce makes browsers ignore 'unsafe-inline'), and the dev server's WebSocket (`devSocketOrigins`).
   */
  dev: boolean;
  https: boolean;
  /**
   * Where a form post may lead besides this origin: a card form's answer redirects to the issuer's
   * 3DS ACS or the APM provider, on origins of their own. Any https origin; http origins only as
   * given (the sandbox's own origin in test mode).
   */
  formTargets?: readonly string[];
  /**
   * A third party the page runs, by origin: its script, its calls and its frames (Google Pay's
   * script for a merchant that offers it). None by default.
   */
  thirdParties?: readonly string[];
  /** Other origins the page's scripts may call: the Click to Pay SRC system's, on the card page of a merchant that offers it. None by default. */
  connectSrc?: readonly string[];
  /**
   * CSP hash sources (`'sha256-…'`) of the build's stylesheets, which the pages carry inline
   * (lib/framing/inline-style-hashes.ts). None by default.
   */
  styleHashes?: readonly string[];
}): string {
  const third = (options.thirdParties ?? []).filter(isOriginPattern);
  const plus = (list: string) => (third.length > 0 ? `${list} ${third.join(' ')}` : list);
  const ancestors = ["'self'", ...options.frameAncestors.filter(isOriginPattern)].join(' ');
  const frames = ["'self'", ...(options.frameHttps ? ['https:'] : []), ...(options.frameSrc ?? []).filter(isOriginPattern)].join(' ');
  const wallet = options.frameHttps ? sandboxWalletOrigin() : null;
  const connect = [
    "'self'",
    ...(wallet ? [wallet] : []),
    ...(options.connectSrc ?? []).filter(isOriginPattern),
    ...(options.dev ? devSocketOrigins() : []),
  ].join(' ');
  return [
    "default-src 'self'",
    plus(`script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`),
    // The development overlay's styles carry no nonce, and a nonce makes browsers ignore 'unsafe-inline'.
    options.dev
      ? "style-src 'self' 'unsafe-inline'"
      : [
          `style-src 'self' 'nonce-${options.nonce}'`,
          ...(options.styleHashes ?? []).filter((h) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h)),
        ].join(' '),
    // The sandbox wallet's icon, when the sandbox lives on an http origin of its own.
    `img-src 'self' data: https:${wallet ? ` ${wallet}` : ''}`,
    "font-src 'self'",
    plus(`connect-src ${connect}`),
    plus(`frame-src ${frames}`),
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${["'self'", 'https:', ...(options.formTargets ?? []).filter(isOriginPattern)].join(' ')}`,
    `frame-ancestors ${ancestors}`,
    ...(options.https ? ['upgrade-insecure-requests'] : []),
    // Violations reach our endpoint (lib/security/csp-reports.ts) at once through report-uri, in
    // every browser. No report-to: Chromium prefers it when both are given, and its Reporting API
    // queues reports for a minute or more (none arrived within 75 s in our tests); the endpoint
    // reads the Reporting API's format too, for a report-to added later.
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}
