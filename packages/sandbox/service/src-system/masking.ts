/**
 * Consumer identities of Click to Pay: normalised for lookup (an email in lower case, a phone in
 * E.164) and masked for display as PSPs apply EMVCo's Click to Pay CX guidelines (Annex B):
 * `a•••@example.com` (first character of the local part, the domain whole) and `+44 ••• 101`
 * (country calling code and the last 3 digits). The SRC system keeps only masks and keyed hashes.
 */
import { SrcError } from './src-error';

/** An identity as the SDKs type it. */
export type IdentityType = 'EMAIL' | 'MOBILE_PHONE_NUMBER';

const MASK = '•••';
/** A local part, then a domain of dot-separated labels (each label without dots: linear, no backtracking between labels). */
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** `value` trimmed and lower-cased; throws SrcError 400 CONSUMER_ID_FORMAT_INVALID unless it is an email (≤ 254 characters). */
export function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new SrcError('CONSUMER_ID_FORMAT_INVALID', 400, 'Not an email address');
  return email;
}

/**
 * `value` as E.164 (`+447700900101`): spaces, dots, dashes and brackets dropped, a leading `00`
 * read as `+`. Throws SrcError 400 CONSUMER_ID_FORMAT_INVALID unless `+` and 7 to 15 digits.
 */
export function normalisePhone(value: string): string {
  const compact = value
    .trim()
    .replace(/[\s.()-]/g, '')
    .replace(/^00/, '+');
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) throw new SrcError('CONSUMER_ID_FORMAT_INVALID', 400, 'Not an E.164 phone number');
  return compact;
}

/** `identity` normalised by its type (throws as normaliseEmail / normalisePhone do). */
export const normaliseIdentity = (type: IdentityType, value: string): string =>
  type === 'EMAIL' ? normaliseEmail(value) : normalisePhone(value);

/** `a•••@example.com` of a normalised email. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}${MASK}${email.slice(at)}`;
}

/**
 * The ITU-T E.164 country calling codes of one or two digits; every other code has three. The
 * codes are prefix-free, so the longest match is the code.
 */
const SHORT_CODES = new Set(
  '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** The country calling code of an E.164 number (`+447700900101` → `44`). */
export function callingCodeOf(phone: string): string {
  const digits = phone.slice(1);
  return [1, 2].map((n) => digits.slice(0, n)).find((code) => SHORT_CODES.has(code)) ?? digits.slice(0, 3);
}

/** `+44 ••• 101` of a normalised E.164 phone. */
export const maskPhone = (phone: string): string => `+${callingCodeOf(phone)} ${MASK} ${phone.slice(-3)}`;
