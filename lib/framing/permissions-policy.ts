/**
 * The Permissions-Policy of the pages (W3C Permissions Policy; "frame permissions").
 * Three features concern a payment: `payment` (the Payment Request API, and with it Secure
 * Payment Confirmation: SPC, EMV 3DS 2.3), `publickey-credentials-get` and
 * `publickey-credentials-create` (WebAuthn: passkeys). A feature reaches a nested frame only
 * when every document above it allows the frame's origin AND the frame's `allow` attribute
 * delegates it (FRAME_ALLOW). So:
 * - the merchant's iframe of a payment page delegates them (`/embed/v1.1.js`, the README's snippet;
 *   release 1, `/embed/v1.js`, keeps its pinned bytes and delegates `payment` alone);
 * - a payment page allows itself and the ACS origins it may frame (the sandbox's, ACS_ORIGINS),
 *   and its challenge frame delegates them: the issuer's ACS can run SPC or WebAuthn inside;
 * - the cashier and the widget allow themselves and the ACS origins: their frame of a payment page
 *   delegates, and they show the issuer's challenge a card page hands up to them
 *   (lib/framing/challenge-handoff.ts) in a frame of their own;
 * - the sandbox's ACS page allows itself (it runs SPC and the passkey enrolment);
 * - every other page allows itself the Payment Request API only, as before.
 * Any https ACS may still be framed (CSP `frame-src https:`); one not listed runs the ordinary
 * challenge, since no payment or passkey feature reaches it.
 */

/** The features of a payment and of passkeys, in header order. */
const PAYMENT_FEATURES = ['payment', 'publickey-credentials-get', 'publickey-credentials-create'] as const;

/** The `allow` attribute of our frames that show a payment page or an ACS (the frame's own origin only). */
export const FRAME_ALLOW = PAYMENT_FEATURES.join('; ');

/** What a page is, as far as its permissions go. */
export type PermissionsScope = 'payment-page' | 'cashier' | 'acs' | 'other';

/**
 * The header value for a page of `scope`. `acsOrigins` are the origins a payment page or the
 * cashier may let use the features in its challenge frame: serialized origins
 * (scheme://host[:port]); anything else is left out (a header value cannot carry it).
 */
export function permissionsPolicy(scope: PermissionsScope, acsOrigins: readonly string[] = []): string {
  if (scope === 'other') return 'payment=(self)';
  const delegated = scope === 'payment-page' || scope === 'cashier' ? [...new Set(acsOrigins.filter(isSerializedOrigin))] : [];
  const allowlist = ['self', ...delegated.map((origin) => `"${origin}"`)].join(' ');
  return PAYMENT_FEATURES.map((feature) => `${feature}=(${allowlist})`).join(', ');
}

/** Whether `value` is an http(s) origin exactly as URL serializes it. */
function isSerializedOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
