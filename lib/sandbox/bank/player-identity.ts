/**
 * The identity a Pay N Play login hands the merchant (docs/design.md, E26), and the keys a player
 * is recognised by. The national identity number never leaves the bank in clear: the merchant
 * gets an HMAC-SHA256 of it with the sandbox's key (CARD_HASH_KEY, `keyedHash`), scoped to the
 * merchant, so one person's hashes at two merchants differ and cannot be joined. A returning
 * player is matched on the keyed hash of the national id, or, where the bank knows none, of the
 * normalised name, birth date and account (IBAN) together.
 */
import type { Db } from '@/lib/db/client';
import type { StoredPlayerIdentity } from '@/lib/db/schema-pay-n-play';
import type { StoredDebtorAccount } from '@/lib/db/schema-bank';
import { keyedHash } from '../core/store';
import type { VerifiedIdentity } from './test-users';

/** Age in whole years on `now` of someone born on `dateOfBirth` (ISO 8601 date), in UTC. */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** A national id as compared: upper case, without spaces, dashes or dots. */
const normalId = (id: string) => id.toUpperCase().replace(/[\s.-]/g, '');
/** A name as compared: NFKD without marks, lower case, one space between words. */
const normalName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * What the player key hashes: the national id with its country, or (none known) the name, birth
 * date and account identifier, all scoped to the merchant. Pure.
 */
export function playerKeyInput(
  merchantId: string,
  identity: Pick<VerifiedIdentity, 'givenName' | 'familyName' | 'dateOfBirth' | 'nationalId'>,
  country: string,
  account: Pick<StoredDebtorAccount, 'iban'>,
): string {
  if (identity.nationalId) return `pnp-player:${merchantId}:national-id:${country}:${normalId(identity.nationalId)}`;
  const name = normalName(`${identity.givenName} ${identity.familyName}`);
  return `pnp-player:${merchantId}:name-dob-account:${name}|${identity.dateOfBirth}|${account.iban.replace(/\s/g, '').toUpperCase()}`;
}

/** The keyed hash (hex) of a national id sent to `merchantId`: HMAC-SHA256, its own domain, scoped to the merchant. */
export const nationalIdHashFor = (db: Db, merchantId: string, country: string, nationalId: string): Promise<string> =>
  keyedHash(db, `pnp-national-id:${merchantId}:${country}:${normalId(nationalId)}`);

/**
 * The identity kept and sent for a login by `identity` at a bank of `country` from `account`,
 * with the player key it is recognised by. Never holds the national id in clear.
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
    ...(identity.nationalId ? { nationalIdHash: await nationalIdHashFor(db, merchantId, country, identity.nationalId) } : {}),
    account: {
      scheme: account.scheme,
      masked: account.masked,
      iban: account.iban,
      ...(account.sortCode ? { sortCode: account.sortCode, accountNumber: account.accountNumber } : {}),
      holder: account.holder,
      bankId,
    },
  };
  return { identity: stored, playerKey: await keyedHash(db, playerKeyInput(merchantId, identity, country, account)) };
}
