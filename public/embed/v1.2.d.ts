/*! Hosted checkout embed v1.2 (lib/embed/checkout-embed.ts). No dependencies. */
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
export declare const PROTOCOL_VERSION = 1;
/** Mounts `options.url` in an iframe appended to `target` (an element or a selector). Throws when either is missing. */
export declare function mount(target: string | Element, options: MountOptions): EmbedHandle;
