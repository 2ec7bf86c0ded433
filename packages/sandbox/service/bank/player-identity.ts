/**
 * The identity a Pay N Play login hands the merchant (docs/design.md, E26), and the keys a player
 * is recognised by. The national identity number never leaves the bank in clear: the merchant
 * gets an HMAC-SHA256 of it with the sandbox's key (CARD_HASH_KEY, `keyedHash`), scoped to the
 * merchant, so one person's hashes at two merchants differ and cannot be joined. A player is
 * keyed on the person, not the bank: the keyed hash of the national id with the country that
 * issued it (a returning player), or, where the bank knows none, of the normalised name, birth
 * date and postal code together (a probable match only: anyone who knows them has the same key;
 * player-matches.ts). Never the account: another bank or account is the same person.
 */
import type { Db } from '@sandbox/db/client';
import type { StoredPlayerIdentity } from '@sandbox/db/schema-pay-n-play';
import type { StoredDebtorAccount } from '@sandbox/db/schema-bank';
import { keyedHash } from '../core/store';
import { nationalIdHashFor, normalNationalId } from '../core/national-id-hash';
import type { VerifiedIdentity } from './test-users';
import { nameSkeleton } from './name-spelling';

/** A national id as compared: upper case, without spaces, dashes or dots (core/national-id-hash.ts). */
const normalId = normalNationalId;
/**
 * A name as compared: its skeleton (name-spelling.ts): romanised by `any-ascii` whatever the
 * script, lower case, one space between words, ICAO Doc 9303's two spellings of ø, ä, ö, ü, å
 * read as one ("Nøid", "Noeid", "Noid"). Pure.
 */
export const normalName = (name: string) => nameSkeleton(name);
/** A postal code as compared: upper case letters and digits only ("sw1a 1aa" and "SW1A1AA" are one). Pure. */
export const normalPostalCode = (code: string) => code.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The name and birth date of a person as compared (`givenName familyName|dateOfBirth`, normalised). Pure. */
export const nameAndBirthDate = (p: { givenName: string; familyName: string; dateOfBirth: string }) =>
  `${normalName(`${p.givenName} ${p.familyName}`)}|${p.dateOfBirth.trim()}`;

/** What a probable match compares: the normalised name, birth date and postal code (`name|dateOfBirth|POSTALCODE`). Pure. */
export const probableMatchKey = (p: { givenName: string; familyName: string; dateOfBirth: string; postalCode: string }) =>
  `${nameAndBirthDate(p)}|${normalPostalCode(p.postalCode)}`;

/** The country that issued the identity's national id; throws for a national id without one (a bank always knows the issuer). */
function issuerOf(identity: Pick<VerifiedIdentity, 'nationalId' | 'nationalIdCountry'>): string {
  if (!identity.nationalIdCountry) throw new Error('a national id without the country that issued it');
  return identity.nationalIdCountry.toUpperCase();
}

/**
 * What the player key hashes, scoped to the merchant: the national id with the country that
 * issued it, or (none known) the normalised name, birth date and postal code. Neither the bank,
 * its country nor the account takes part: the same person through another bank is the same key.
 * Pure; throws for a national id without its issuing country.
 */
export function playerKeyInput(
  merchantId: string,
  identity: Pick<VerifiedIdentity, 'givenName' | 'familyName' | 'dateOfBirth' | 'nationalId' | 'nationalIdCountry'> & {
    address: Pick<VerifiedIdentity['address'], 'postalCode'>;
  },
): string {
  if (identity.nationalId) return `pnp-player:${merchantId}:national-id:${issuerOf(identity)}:${normalId(identity.nationalId)}`;
  return `pnp-player:${merchantId}:name-dob-postcode:${probableMatchKey({ ...identity, postalCode: identity.address.postalCode })}`;
}

/** The keyed hash of a national id (core/national-id-hash.ts), kept here for the bank's callers. */
export { nationalIdHashFor };

/**
 * The identity kept and sent for a login by `identity` at a bank of `country` (the bank's, ISO
 * 3166-1 alpha-2) from `account`, with the player key it is recognised by. Never holds the
 * national id in clear; its hash and the key use the country that issued it.
 */
export async function playerIdentityOf(
  db: Db,
  merchantId: string,
  identity: VerifiedIdentity,
  country: string,
  bankId: string,
  account: StoredDebtorAccount,
): Promise<{ identity: StoredPlayerIdentity; playerKey: string }> {
  const stored: StoredPlayerIdentity = {
    givenName: identity.givenName,
    familyName: identity.familyName,
    dateOfBirth: identity.dateOfBirth,
    country,
    address: { ...identity.address },
    ...(identity.nationalId
      ? {
          nationalIdCountry: issuerOf(identity),
          nationalIdHash: await nationalIdHashFor(db, merchantId, issuerOf(identity), identity.nationalId),
        }
      : {}),
    account: {
      scheme: account.scheme,
      masked: account.masked,
      iban: account.iban,
      ...(account.sortCode ? { sortCode: account.sortCode, accountNumber: account.accountNumber } : {}),
      holder: account.holder,
      bankId,
    },
  };
  return { identity: stored, playerKey: await keyedHash(db, playerKeyInput(merchantId, identity)) };
}
