/**
 * The holder's proof a browser gives for a cashier session or a payout's destination pages
 * (docs/design.md, E22). The browser keeps a random 256-bit secret in one HttpOnly cookie; the
 * proof is HMAC-SHA256(secret, "merchant:" + merchantId), lower-case hex: per merchant, so the
 * service cannot follow one browser across merchants. The service keeps only the proof's
 * SHA-256 and checks it on every call that reads or moves what the browser holds (the
 * `Holder-Proof` header). Neither the secret nor the proof is ever logged.
 */
import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { checkoutUrl } from '@/lib/config';

const isHttps = () => new URL(checkoutUrl()).protocol === 'https:';

/**
 * Whether this checkout may keep a holder's secret in a browser: its public origin is https, or a
 * loopback name where browsers treat http as secure (a developer's machine). Over plain http
 * elsewhere the cookie could be read or planted on the way: no page is launched there.
 */
export const holderCookieAllowed = (): boolean =>
  isHttps() || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(checkoutUrl()).hostname);

/** The cookie's name: `__Host-` on https (no Domain, Path=/, Secure are then enforced by browsers). */
export const holderCookieName = (): string => (isHttps() ? '__Host-checkout-binding' : 'checkout-binding');

/** A new secret: 32 random bytes, base64url. */
export const newHolderSecret = (): string => randomBytes(32).toString('base64url');

/** A well-formed secret from a cookie value, else undefined. */
export function holderSecretOf(value: string | undefined | null): string | undefined {
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * The Set-Cookie value keeping `secret` for 30 days: HttpOnly; Secure; SameSite=None;
 * Partitioned (CHIPS: the widget in a merchant's cross-site frame keeps it where third-party
 * cookies are blocked; a top-level cashier is another partition). Throws where
 * `holderCookieAllowed()` is false (plain http outside loopback).
 */
export function holderCookie(secret: string): string {
  if (!holderCookieAllowed()) throw new Error('The holder cookie is set over https (or on loopback) only');
  return `${holderCookieName()}=${secret}; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=None; Partitioned`;
}

/** The proof of `secret` for a merchant: HMAC-SHA256, lower-case hex (64 characters). */
export function holderProof(secret: string, merchantId: string): string {
  return createHmac('sha256', secret).update(`merchant:${merchantId}`).digest('hex');
}

/** The secret of the request being served (its cookie), or undefined outside a request or without one. */
export async function requestHolderSecret(): Promise<string | undefined> {
  try {
    const { cookies } = await import('next/headers');
    return holderSecretOf((await cookies()).get(holderCookieName())?.value);
  } catch {
    return undefined;
  }
}
