/**
 * The merchant's customers that are, or may be, the person a Pay N Play login identified
 * (docs/design.md, E26). An exclusion protects the person who asked for it, so only a strong
 * identity is the person for sure: the returning player is the customer recorded with the same
 * player key when that key is the national id's with the country that issued it. Whatever
 * anyone can know of a person (name, birth date, postal code) makes only a probable match: the
 * merchant's customers of the same normalised name (name-spelling.ts: any script, ICAO's
 * spellings), date of birth and postal code, however they registered (a bank login without a
 * national id, or the merchant's own registration), and, for a login without a national id, the
 * customer recorded with the same key. The merchant decides on them; their exclusion is theirs
 * and is never copied onto another customer (player-decision.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payNPlayPlayers } from '@sandbox/db/schema';
import type { StoredPlayerIdentity } from '@sandbox/db/schema-pay-n-play';
import type { StoredResponsibleGambling } from '@sandbox/db/stored-shapes';
import { activeExclusion } from '../responsible-gambling/deposit-rules';
import { probableMatchKey } from './player-identity';

type Exclusion = NonNullable<StoredResponsibleGambling['exclusion']>;

/** One of the merchant's customers matched to a person: its ids, and its exclusion in force (null: none). */
export interface MatchedCustomer {
  /** The service's customer id (`cus_…`). */
  id: string;
  /** The merchant's id of the customer. */
  externalUserId: string;
  exclusion: Exclusion | null;
}

/** The customers of one person at a merchant: `known` by the same national id (and issuer), `probable` by name, birth date and postal code. */
export interface PersonMatches {
  known: MatchedCustomer | null;
  probable: MatchedCustomer[];
}

/** The provisional customers of Pay N Play sessions (externalUserId `pnp:…`) are no one. */
const PROVISIONAL = 'pnp:%';

type Row = { id: string; externalUserId: string; gambling: StoredResponsibleGambling | null };

/**
 * The customers of `merchantId` that are or may be the person of `identity` at `now`: `known`,
 * the one recorded with `playerKey` when the identity has a national id (`nationalIdHash`); and
 * `probable`, every other customer (provisional ones aside) whose normalised given and family
 * name, date of birth and postal code are the identity's, with, for an identity without a
 * national id, the one recorded with `playerKey` first. Reads, locks nothing.
 */
export async function customersOfPerson(
  tx: Db,
  merchantId: string,
  identity: Pick<StoredPlayerIdentity, 'givenName' | 'familyName' | 'dateOfBirth' | 'address' | 'nationalIdHash'>,
  playerKey: string,
  now = new Date(),
): Promise<PersonMatches> {
  const [recorded] = await tx
    .select({ id: customers.id, externalUserId: customers.externalUserId, gambling: customers.gambling })
    .from(payNPlayPlayers)
    .innerJoin(customers, eq(customers.id, payNPlayPlayers.customerId))
    .where(and(eq(payNPlayPlayers.merchantId, merchantId), eq(payNPlayPlayers.playerKey, playerKey)))
    .limit(1);
  // Only a national id with its issuer is the person; the key of a name, birth date and postal code is anyone's who knows them.
  const known = identity.nationalIdHash ? recorded : undefined;
  // The date of birth narrows in the database; the name and postal code are compared normalised here.
  const sameBirthDate = await tx
    .select({
      id: customers.id,
      externalUserId: customers.externalUserId,
      gambling: customers.gambling,
      firstName: sql<string | null>`${customers.data}->>'firstName'`,
      lastName: sql<string | null>`${customers.data}->>'lastName'`,
      postalCode: sql<string | null>`${customers.data}->'billing'->>'postalCode'`,
    })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        sql`${customers.data}->>'dateOfBirth' = ${identity.dateOfBirth}`,
        sql`${customers.externalUserId} not like ${PROVISIONAL}`,
        known ? ne(customers.id, known.id) : undefined,
      ),
    )
    .orderBy(customers.createdAt, customers.id);
  const person = probableMatchKey({ ...identity, postalCode: identity.address.postalCode });
  const alike: Row[] = sameBirthDate.filter(
    (c) =>
      probableMatchKey({
        givenName: c.firstName ?? '',
        familyName: c.lastName ?? '',
        dateOfBirth: identity.dateOfBirth,
        postalCode: c.postalCode ?? '',
      }) === person,
  );
  // A login without a national id: the customer recorded with its key first (the merchant linked that key to them before).
  const probable = recorded && !known ? [recorded, ...alike.filter((c) => c.id !== recorded.id)] : alike;
  const matched = (c: Row): MatchedCustomer => ({
    id: c.id,
    externalUserId: c.externalUserId,
    exclusion: activeExclusion(c.gambling, now),
  });
  return { known: known ? matched(known) : null, probable: probable.map(matched) };
}

/** Whether a probable match of the person has an exclusion in force: the sandbox merchant then leaves the decision to the merchant. Pure. */
export const excludedProbableMatch = (matches: PersonMatches): boolean => matches.probable.some((c) => c.exclusion !== null);
