/**
 * The sandbox bank's secrets: the browser's one-time token (random, only its SHA-256 kept,
 * replaced at every step), the app's token (a keyed hash of a nonce the bank keeps, so the
 * waiting page can show it as a QR code; replaced at every step of the app), and the one-time
 * code of strong customer authentication, bound to the amount and payee (PSD2 RTS article 5,
 * dynamic linking): a code shown for another amount or payee does not confirm this payment.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@sandbox/db/client';
import { keyedHash } from '../core/store';

/** A browser token: 32 random bytes, base64url (43 characters). */
export const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** An app token: a keyed SHA-256, hex (64 characters). */
export const APP_TOKEN = /^[0-9a-f]{64}$/;

/** A new browser token (32 random bytes, base64url). */
export const newBrowserToken = (): string => randomBytes(32).toString('base64url');

/** A new nonce (16 random bytes, base64url): an app token's or a one-time code's seed. */
export const newNonce = (): string => randomBytes(16).toString('base64url');

/** SHA-256 (hex) of a token: what the bank keeps of it. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether two hex hashes are equal, in constant time. */
export function sameHash(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The app token of bank payment `id` under `nonce` (keyed SHA-256, hex). */
export const appTokenOf = (tx: Db, id: string, nonce: string): Promise<string> => keyedHash(tx, `bank-app:${id}:${nonce}`);

/**
 * The six-digit one-time code of a payment's authentication: a keyed hash of the payment, the
 * nonce of this authentication, the amount (minor units), the currency and the payee's name.
 */
export async function scaCodeOf(
  tx: Db,
  input: { id: string; nonce: string; amountMinor: number; currency: string; payee: string },
): Promise<string> {
  const hash = await keyedHash(tx, `bank-sca:${input.id}:${input.nonce}:${input.amountMinor}:${input.currency}:${input.payee}`);
  return String(Number.parseInt(hash.slice(0, 12), 16) % 1_000_000).padStart(6, '0');
}
