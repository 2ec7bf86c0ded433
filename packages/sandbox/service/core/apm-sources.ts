/**
 * The account an APM pay-in came from or an APM payout goes to, as the closed loop knows it
 * (docs/design.md, "Withdrawals by other methods (closed loop)"): the fields of the method's
 * descriptors (core/methods.ts, METHOD_FIELDS) that name the account, normalised, then keyed with
 * the sandbox's card hash key (`keyedHash`, HMAC-SHA256), so that rows are compared by a key and
 * never by the IBAN, e-mail or wallet itself.
 *
 * - bank-transfer: the IBAN, electronic format (upper case, no spaces; ISO 13616).
 * - ewallet: the wallet's e-mail, trimmed, lower case.
 * - pix: the CPF, its digits.
 * - crypto: the network and the wallet address (exact: addresses are case-sensitive).
 *
 * Pay by Bank (`bank`) has its own loop (bank/closed-loop.ts: accounts by holder name) and no
 * source key here; a method with no row in SOURCE_FIELDS has none either.
 */
import { electronicFormatIBAN } from 'ibantools';
import type { Db } from '@sandbox/db/client';
import { keyedHash } from './store';

/** Per APM id, the fields (METHOD_FIELDS names) that together name the customer's account at that method. */
export const SOURCE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'bank-transfer': ['iban'],
  ewallet: ['email'],
  pix: ['cpf'],
  crypto: ['network', 'walletAddress'],
};

/** How a field's value is normalised before it is keyed; a field not named here is kept exact (trimmed). */
const NORMALISE: Readonly<Record<string, (value: string) => string>> = {
  iban: (v) => electronicFormatIBAN(v) ?? v.replace(/\s+/g, '').toUpperCase(),
  email: (v) => v.trim().toLowerCase(),
  cpf: (v) => v.replace(/\D/g, ''),
};

/**
 * The normalised identity of the account of method `methodId` named by `fields` (a pay-in's or
 * payout's `additionalData`), or null when the method names no account here or a field is missing.
 * Pure; the identity is for keying only: never log it or put it in an error.
 *
 * @example sourceIdentity('bank-transfer', { iban: 'de89 3704 0044 0532 0130 00' }) // '["bank-transfer","DE89370400440532013000"]'
 */
export function sourceIdentity(methodId: string, fields: Readonly<Record<string, unknown>>): string | null {
  const names = SOURCE_FIELDS[methodId];
  if (!names) return null;
  const parts: string[] = [];
  for (const name of names) {
    const raw = fields[name];
    if (typeof raw !== 'string' || raw.trim() === '') return null;
    const value = raw.trim();
    parts.push((NORMALISE[name] ?? ((v: string) => v))(value));
  }
  return JSON.stringify([methodId, ...parts]);
}

/** The source key of that account: `sourceIdentity` keyed with the card hash key (hex), or null without an identity. */
export async function sourceKey(db: Db, methodId: string, fields: Readonly<Record<string, unknown>>): Promise<string | null> {
  const identity = sourceIdentity(methodId, fields);
  return identity === null ? null : keyedHash(db, `apm-source:${identity}`);
}
