/**
 * The hosted checkout's embed script (no dependencies), built by scripts/build/build-embed.mjs into
 * the current release's public/embed/v{release}.js (a classic script: `window.CheckoutEmbed`),
 * .mjs (an ES module) and .d.ts, with their Subresource Integrity hashes in
 * public/embed/manifest.json (earlier releases keep their bytes: merchants pin them). It mounts a hosted page (card, APM, cashier or withdrawal widget)
 * in an iframe inside an element of the merchant's page.
 *
 * Every message is accepted only from the iframe itself and from the checkout's origin (the URL's,
 * or `checkoutOrigin` when the URL is the merchant's own launch redirect), and must have
 * `source: "checkout"` and `version: 1` (docs/design.md, section 5). `resize` sets the iframe's
 * height (CSS px, 1 to 19,999); `redirect` navigates the top window to its `url` (http or https
 * only); the others go to `onMessage`. The iframe is not sandboxed: the hosted pages' forms need
 * their own origin.
 */

/** A message of the hosted pages (`source: "checkout"`, `version: 1`). */
export interface CheckoutMessage {
  source: 'checkout';
  version: 1;
  type: 'ready' | 'resize' | 'submitted' | 'status' | 'redirect' | 'error' | 'balance' | (string & {});
  transactionType?: 'payin' | 'payout';
  paymentId?: string;
  sessionId?: string;
  /** `resize`: CSS px. */
  height?: number;
  /** `status`. */
  status?: string;
  /** `redirect`. */
  url?: string;
  /** `error`. */
  errorKey?: string;
  /**
   * `balance`: major units of `currency`; the same message carries `available` (what a withdrawal
   * may take now: balance minus reserved) and `reserved` (held by withdrawals not yet final).
   */
  balance?: number | null;
  currency?: string;
  [key: string]: unknown;
}

export interface MountOptions {
  /**
   * The frame's address. For the cashier, the widget and a payout's pages: your own launch
   * redirect (a path of your site that, for your logged-in customer only, asks the service for a
   * new launch address and answers 303 to it), so that no script on your page ever sees a launch
   * secret it could spend; then give `checkoutOrigin` too. Else a hosted page's address as the
   * service gave it: `iframeUrls.card`, `iframeUrls.apm` of a pay-in.
   */
  url: string;
  /**
   * The checkout's origin (`https://checkout.example`), required when `url` is your own launch
   * redirect: the frame's messages are accepted from this origin only.
   */
  checkoutOrigin?: string;
  /** The iframe's accessible name (default "Secure payment"). */
  title?: string;
  /** Height before the first `resize` (CSS px, default 480). */
  initialHeight?: number;
  /** Every accepted message but `resize` and `redirect`. */
  onMessage?: (message: CheckoutMessage) => void;
}

export interface EmbedHandle {
  iframe: HTMLIFrameElement;
  /** Removes the iframe and the message listener. */
  destroy: () => void;
}

/** The version of the message protocol (release 1 and 1.1 of this script speak version 1). */
export const PROTOCOL_VERSION = 1;

function isMessage(data: unknown): data is CheckoutMessage {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as CheckoutMessage).source === 'checkout' &&
    (data as CheckoutMessage).version === PROTOCOL_VERSION
  );
}

/** Mounts `options.url` in an iframe appended to `target` (an element or a selector). Throws when either is missing. */
export function mount(target: string | Element, options: MountOptions): EmbedHandle {
  const container = typeof target === 'string' ? document.querySelector(target) : target;
  if (!container) throw new Error(`CheckoutEmbed: no element ${String(target)}`);
  if (!options || !options.url) throw new Error('CheckoutEmbed: options.url is required');
  const address = new URL(options.url, window.location.href);
  if (/[?&]launch=/.test(address.search) && typeof console !== 'undefined')
    console.warn(
      'CheckoutEmbed: a launch secret in your page can be read and spent by any script on it; frame your own launch redirect instead',
    );
  const origin = options.checkoutOrigin ? new URL(options.checkoutOrigin).origin : address.origin;
  if (origin === window.location.origin)
    throw new Error('CheckoutEmbed: options.checkoutOrigin is required when url is your own launch redirect');

  const frame = document.createElement('iframe');
  frame.src = options.url;
  frame.title = options.title || 'Secure payment';
  frame.style.width = '100%';
  frame.style.border = '0';
  frame.style.display = 'block';
  frame.style.height = `${options.initialHeight || 480}px`;
  // The Payment Request API (SPC) and passkeys, for the issuer's ACS the card page frames (release 1.1).
  frame.setAttribute('allow', 'payment; publickey-credentials-get; publickey-credentials-create');
  container.appendChild(frame);

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const data: unknown = event.data;
    if (!isMessage(data)) return;
    if (data.type === 'resize') {
      if (typeof data.height === 'number' && data.height > 0 && data.height < 20000) frame.style.height = `${Math.ceil(data.height)}px`;
      return;
    }
    if (data.type === 'redirect') {
      if (typeof data.url === 'string' && /^https?:\/\//.test(data.url)) window.location.assign(data.url);
      return;
    }
    if (typeof options.onMessage === 'function') options.onMessage(data);
  };

  window.addEventListener('message', onMessage);
  return {
    iframe: frame,
    destroy: () => {
      window.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}
