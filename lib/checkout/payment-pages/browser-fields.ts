/**
 * The client half of the EMV 3-D Secure Browser object (reference, "Browser"): the fields only
 * the browser knows, read from `window`, `navigator` and `screen`. No dependencies, so the
 * card page stays light; the server completes the object in `browser-info.ts`.
 */
import type { Browser } from '@hosted-checkout/contract/common';

/**
 * Browser fields the client provides: the contract's Browser (one source) without what only the
 * server knows. Sizes in CSS px; `timeZoneOffset` in minutes (UTC − local). A type-only import:
 * no schema reaches the card page's JavaScript.
 */
export type ClientBrowserFields = Omit<Browser, 'acceptHeader' | 'userAgent' | 'customerIp'>;

/** Reads the client fields (call in the browser). */
export function collectClientBrowserFields(): ClientBrowserFields {
  return {
    language: navigator.language,
    timeZoneOffset: new Date().getTimezoneOffset(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    colorDepth: screen.colorDepth,
    screenHeight: screen.height,
    screenWidth: screen.width,
    windowHeight: window.innerHeight,
    windowWidth: window.innerWidth,
    javaEnabled: false,
    javascriptEnabled: true,
  };
}
