/**
 * The SRC system's bearer secrets (srcClientToken, idToken, the recognition cookie's value): 32
 * random bytes, base64url (43 characters); only their SHA-256 (hex) is stored, so a database read
 * gives no usable token (the page holder cookie's pattern, docs/design.md).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 32 random bytes, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** SHA-256 of `value`, hex. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Whether two hex digests are equal, in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new identifier: `prefix_` and 24 hex digits (`srcp`, `srcdc`, `srcc`, `srcn`). */
export const newSrcId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
