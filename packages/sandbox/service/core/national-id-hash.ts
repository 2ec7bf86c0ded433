/**
 * The keyed hash of a national id a merchant was given (Pay N Play's bank identities, the national
 * self-exclusion registers' queries): HMAC-SHA256 with the sandbox's key (`keyedHash`), its own
 * domain, scoped to the merchant, never the id in clear.
 */
import type { Db } from '@sandbox/db/client';
import { keyedHash } from './store';

/** A national id as compared: upper case, without spaces, dots or hyphens. */
export const normalNationalId = (id: string) => id.toUpperCase().replace(/[\s.-]/g, '');

/**
 * The keyed hash (hex) of a national id sent to `merchantId`: HMAC-SHA256, its own domain, scoped
 * to the merchant; `issuingCountry` (ISO 3166-1 alpha-2) is the country that issued the id, not the bank's.
 */
export const nationalIdHashFor = (db: Db, merchantId: string, issuingCountry: string, nationalId: string): Promise<string> =>
  keyedHash(db, `pnp-national-id:${merchantId}:${issuingCountry.toUpperCase()}:${normalNationalId(nationalId)}`);
