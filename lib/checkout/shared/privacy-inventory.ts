/**
 * The privacy inventory of the payment pages, as data: for the card page, the APM page, the
 * cashier and the withdrawal widget, what each asks of the customer's browser before the customer
 * acts (from the address's first load until the page is idle): every request it makes (by origin,
 * method and path), every cookie it sets, every storage key it uses. Served in words at
 * `/privacy-inventory` (app/privacy-inventory/page.tsx, prose in `messages/*.json`,
 * `privacyInventory`) and held by a browser test that records each page and fails on a request,
 * cookie or storage key not listed here (e2e/privacy-inventory.spec.ts).
 *
 * Read from the code, not guessed:
 * - requests: the document (app/), the build's files under /_next/static/, the tab's icon
 *   (app/favicon.ico); the launch's form post (components/launch/launch-form.tsx →
 *   app/api/launch/route.ts); the live balance's event stream and its polling fallback
 *   (components/cashier/live-balance/live-balance.tsx); the proof-of-work challenge when the
 *   server asks for one (components/card/security-check.tsx, lib/security/pow-client.ts); the
 *   frame's timings beacon when the page is hidden (lib/framing/frame-vitals.ts); CSP reports
 *   (lib/framing/content-security-policy.ts). Elsewhere only what the merchant's settings choose:
 *   its logo (components/theme/theme-style.tsx: an https address; a data: URL makes no request),
 *   Google Pay's script (components/wallet/google-pay.ts, GOOGLE_PAY_SCRIPT_URL) and, in test
 *   mode, the sandbox wallet's payment method and its manifests, read by the browser
 *   (lib/checkout/payment-pages/wallet-offer.ts); and, where the merchant offers Click to Pay
 *   (docs/design.md, E28), the card page's `startClickToPay` server action
 *   (components/click-to-pay/click-to-pay-slot.tsx) and its `recognize` call to the SRC system
 *   (components/click-to-pay/src-client.ts; CLICK_TO_PAY_SRC_ORIGIN, by default the sandbox's
 *   public origin, the checkout's own in test mode).
 * - cookies: the holder cookie alone (lib/payments-api/holder-proof.ts), set by the launch's post
 *   (docs/design.md, E22); a pay-in's card and APM pages set none. The SRC system's recognition
 *   cookie is not one of them: its own origin sets it, and only after the customer acts ("Remember
 *   me" and the right code, packages/sandbox/service/src-system/browser-http.ts); the catalogue's
 *   `cookiesStatement` says so.
 * - storage: sessionStorage only (lib/framing/parent-messages.ts,
 *   components/responsible-gambling/reality-check.tsx); no page uses localStorage.
 *
 * Paths are templates: `{name}` stands for one path segment, a trailing `{file}` for the rest of
 * the path. The words of each entry are the catalogue's `privacyInventory.requests.{id}`,
 * `.cookies.{id}` and `.storage.{id}`. Pure data and one pure function; no I/O.
 */

/** The four payment pages of the inventory. */
export type InventoryPageId = 'card' | 'apm' | 'cashier' | 'widget';

/**
 * Where a request goes: the checkout's own origin (`checkout`), or an address the merchant's
 * checkout settings choose (`merchant-setting`); never anywhere else.
 */
export type RequestOrigin = 'checkout' | 'merchant-setting';

/** One request a page makes before the customer acts. */
export interface InventoryRequest {
  /** Key of its words in the catalogue (`privacyInventory.requests.{id}`). */
  id: string;
  method: 'GET' | 'POST';
  origin: RequestOrigin;
  /** Path template on the checkout's origin; for `merchant-setting`, what the setting names. */
  path: string;
  /** A query parameter the address carries (the launch address's `launch`). */
  query?: string;
  /** Made on every load (true), or only in the case its words name (false). */
  everyLoad: boolean;
  /**
   * A `merchant-setting` request to a system whose default in test mode is the embedded sandbox on
   * the checkout's own origin (the Click to Pay SRC system, lib/config.ts `clickToPaySrcOrigin`):
   * there, `listedRequest` matches its path when told so (`srcOnOwnOrigin`).
   */
  sandboxOnOwnOrigin?: boolean;
}

/** The cookie a page sets. */
export interface InventoryCookie {
  /** Key of its words in the catalogue (`privacyInventory.cookies.{id}`). */
  id: string;
  /** Its name on an https checkout (`__Host-`: no Domain, Path=/, Secure, enforced by browsers). */
  name: string;
  /** Its name on a checkout served over http on loopback (a developer's machine, the browser tests). */
  loopbackName: string;
  /** The request whose answer sets it. */
  setBy: string;
  /** Its lifetime in seconds (Max-Age). */
  maxAgeSeconds: number;
  /** Its attributes as sent, besides Max-Age. */
  attributes: readonly string[];
}

/** One key a page keeps in the browser's storage. */
export interface InventoryStorageKey {
  /** Key of its words in the catalogue (`privacyInventory.storage.{id}`). */
  id: string;
  area: 'sessionStorage' | 'localStorage';
  /** The key, as a template (`{startedAt}`: the session's start, ISO 8601). */
  key: string;
  /** Whether it may be written before the customer acts (false: only after an action of theirs). */
  beforeCustomerActs: boolean;
}

/** One page of the inventory: its address and what it uses. */
export interface InventoryPage {
  id: InventoryPageId;
  /** The page's path template. */
  path: string;
  requests: readonly InventoryRequest[];
  /** Ids of `COOKIES` it sets. */
  cookies: readonly string[];
  /** Ids of `STORAGE_KEYS` it may use. */
  storage: readonly string[];
}

const checkout = (id: string, method: 'GET' | 'POST', path: string, everyLoad: boolean, query?: string): InventoryRequest => ({
  id,
  method,
  origin: 'checkout',
  path,
  ...(query ? { query } : {}),
  everyLoad,
});

/** What every page loads from the build and sends on its own. */
const COMMON: readonly InventoryRequest[] = [
  checkout('scripts', 'GET', '/_next/static/chunks/{file}', true),
  checkout('favicon', 'GET', '/favicon.ico', true),
  checkout('vitals', 'POST', '/api/vitals', false),
  checkout('cspReport', 'POST', '/api/csp-report', false),
];

/** The merchant's logo: any https address its `logoUrl` names (a data: URL makes no request). */
const LOGO: InventoryRequest = { id: 'logo', method: 'GET', origin: 'merchant-setting', path: 'logoUrl', everyLoad: false };

/**
 * Click to Pay on a card page whose merchant offers it (docs/design.md, E28): after hydration, the
 * page's own server action opens the SRC session (a POST to the page's address), then the panel
 * asks the SRC system whether it knows this browser (`recognize`). The other ops (send a code,
 * validate it, checkout, sign out) come only when the customer acts.
 */
const CLICK_TO_PAY: readonly InventoryRequest[] = [
  checkout('clickToPaySession', 'POST', '/payments/payin/{paymentId}/card', false),
  {
    id: 'clickToPay',
    method: 'POST',
    origin: 'merchant-setting',
    path: '/sandbox/src/api/{op}',
    everyLoad: false,
    sandboxOnOwnOrigin: true,
  },
];

/** The launch of a cashier page: the merchant's launch address, then the form's post that spends its secret. */
const launched = (path: string): InventoryRequest[] => [
  checkout('launchAddress', 'GET', path, true, 'launch'),
  checkout('launch', 'POST', '/api/launch', true),
  checkout('document', 'GET', path, true),
];

/** The live balance of the cashier and the widget: its stream, and polling when the stream is refused. */
const LIVE_BALANCE: readonly InventoryRequest[] = [
  checkout('events', 'GET', '/api/cashier/{sessionId}/events', true),
  checkout('balance', 'GET', '/api/cashier/{sessionId}', false),
];

/** The holder cookie (lib/payments-api/holder-proof.ts): 30 days, HttpOnly, Secure, SameSite=None, Partitioned. */
export const COOKIES: readonly InventoryCookie[] = [
  {
    id: 'holder',
    name: '__Host-checkout-binding',
    loopbackName: 'checkout-binding',
    setBy: 'POST /api/launch',
    maxAgeSeconds: 30 * 24 * 60 * 60,
    attributes: ['Path=/', 'HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'],
  },
];

/** The storage keys: sessionStorage only. */
export const STORAGE_KEYS: readonly InventoryStorageKey[] = [
  { id: 'parentOrigin', area: 'sessionStorage', key: 'checkout.parentOrigin', beforeCustomerActs: true },
  { id: 'realityCheck', area: 'sessionStorage', key: 'reality-check:{startedAt}', beforeCustomerActs: false },
];

/** The four pages, in the order they are shown. */
export const INVENTORY_PAGES: readonly InventoryPage[] = [
  {
    id: 'card',
    path: '/payments/payin/{paymentId}/card',
    requests: [
      checkout('document', 'GET', '/payments/payin/{paymentId}/card', true),
      ...COMMON,
      checkout('challenge', 'GET', '/api/challenge', false),
      LOGO,
      { id: 'googlePay', method: 'GET', origin: 'merchant-setting', path: 'GOOGLE_PAY_SCRIPT_URL', everyLoad: false },
      { id: 'sandboxWallet', method: 'GET', origin: 'merchant-setting', path: '/sandbox/wallet/{file}', everyLoad: false },
      ...CLICK_TO_PAY,
    ],
    cookies: [],
    storage: ['parentOrigin'],
  },
  {
    id: 'apm',
    path: '/payments/payin/{paymentId}/apm',
    requests: [checkout('document', 'GET', '/payments/payin/{paymentId}/apm', true), ...COMMON, LOGO],
    cookies: [],
    storage: ['parentOrigin'],
  },
  {
    id: 'cashier',
    path: '/cashier/{sessionId}',
    requests: [...launched('/cashier/{sessionId}'), ...COMMON, ...LIVE_BALANCE, LOGO],
    cookies: ['holder'],
    storage: ['parentOrigin', 'realityCheck'],
  },
  {
    id: 'widget',
    path: '/cashier/{sessionId}/widget',
    requests: [...launched('/cashier/{sessionId}/widget'), ...COMMON, ...LIVE_BALANCE],
    cookies: ['holder'],
    storage: ['parentOrigin', 'realityCheck'],
  },
];

/** Where Google Pay's script comes from unless GOOGLE_PAY_SCRIPT_URL says otherwise (lib/config.ts). */
export const DEFAULT_GOOGLE_PAY_SCRIPT_URL = 'https://pay.google.com/gp/p/js/pay.js';

/**
 * A path template as a regular expression over a URL's pathname: `{name}` is one segment, a
 * trailing `{file}` the rest of the path (one segment or more).
 */
export function pathPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const pattern = escaped.replace(/\{file\}$/, '.+').replace(/\{[A-Za-z]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`);
}

/**
 * The inventory's entry for a request a page made to the checkout's own origin (method, pathname,
 * query), or undefined when it is not listed: what the browser test fails on. A merchant-chosen
 * address is matched there only with `srcOnOwnOrigin` (the SRC system is the sandbox on the
 * checkout's origin, as in test mode by default), and then only an entry marked `sandboxOnOwnOrigin`.
 */
export function listedRequest(
  page: InventoryPage,
  request: { method: string; pathname: string; searchParams: URLSearchParams },
  options: { srcOnOwnOrigin?: boolean } = {},
): InventoryRequest | undefined {
  return page.requests.find(
    (entry) =>
      (entry.origin === 'checkout' || (options.srcOnOwnOrigin === true && entry.sandboxOnOwnOrigin === true)) &&
      entry.method === request.method &&
      pathPattern(entry.path).test(request.pathname) &&
      (entry.query ? request.searchParams.has(entry.query) : true),
  );
}
