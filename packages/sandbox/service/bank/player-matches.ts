/**
 * The merchant's customers that are the person a Pay N Play login identified (docs/design.md,
 * E26), checked as GAMSTOP and Spelpaus check a person rather than a bank account: the customer
 * recorded with the same player key (the returning player), and the probable matches, the
 * merchant's other customers with the same normalised name and date of birth (however they
 * registered: by an earlier bank login with another key, or by the merchant's own registration).
 * An exclusion (E23) in force on any of them is the person's: a deposit is not paid.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers, payNPlayPlayers } from '@sandbox/db/schema';
import type { StoredPlayerIdentity } from '@sandbox/db/schema-pay-n-play';
import type { StoredGambling } from '@sandbox/db/stored-shapes';
import { activeExclusion } from '../core/deposit-rules';
import { nameAndBirthDate } from './player-identity';

type Exclusion = NonNullable<StoredGambling['exclusion']>;

/** One of the merchant's customers matched to a person: its ids, and its exclusion in force (null: none). */
export interface MatchedCustomer {
  /** The service's customer id (`cus_…`). */
  id: string;
  /** The merchant's id of the customer. */
  externalUserId: string;
  exclusion: Exclusion | null;
}

/** The customers of one person at a merchant: `known` by the same player key, `probable` by name and birth date. */
export interface PersonMatches {
  known: MatchedCustomer | null;
  probable: MatchedCustomer[];
}

/** The provisional customers of Pay N Play sessions (externalUserId `pnp:…`) are no one. */
const PROVISIONAL = 'pnp:%';

/**
 * The customers of `merchantId` that are the person of `identity` at `now`: the one recorded with
 * `playerKey`, and every other customer (provisional ones aside) whose normalised given and
 * family name and date of birth are the identity's. Reads, locks nothing.
 */
export async function customersOfPerson(
  tx: Db,
  merchantId: string,
  identity: Pick<StoredPlayerIdentity, 'givenName' | 'familyName' | 'dateOfBirth'>,
  playerKey: string,
  now = new Date(),
): Promise<PersonMatches> {
  const [known] = await tx
    .select({ id: customers.id, externalUserId: customers.externalUserId, gambling: customers.gambling })
    .from(payNPlayPlayers)
    .innerJoin(customers, eq(customers.id, payNPlayPlayers.customerId))
    .where(and(eq(payNPlayPlayers.merchantId, merchantId), eq(payNPlayPlayers.playerKey, playerKey)))
    .limit(1);
  // The date of birth narrows in the database; the name is compared normalised (accents, case, spacing) here.
  const sameBirthDate = await tx
    .select({
      id: customers.id,
      externalUserId: customers.externalUserId,
      gambling: customers.gambling,
      firstName: sql<string>`${customers.data}->>'firstName'`,
      lastName: sql<string>`${customers.data}->>'lastName'`,
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
  const person = nameAndBirthDate(identity);
  const probable = sameBirthDate.filter(
    (c) => nameAndBirthDate({ givenName: c.firstName ?? '', familyName: c.lastName ?? '', dateOfBirth: identity.dateOfBirth }) === person,
  );
  const matched = (c: { id: string; externalUserId: string; gambling: StoredGambling | null }): MatchedCustomer => ({
    id: c.id,
    externalUserId: c.externalUserId,
    exclusion: activeExclusion(c.gambling, now),
  });
  return { known: known ? matched(known) : null, probable: probable.map(matched) };
}

/** The longest of `exclusions` in force (one without an end before one with; of two ends, the later; a self-exclusion before a time-out of the same end), or null. Pure. */
export function longestExclusion(exclusions: readonly (Exclusion | null)[]): Exclusion | null {
  const end = (e: Exclusion) => (e.until ? new Date(e.until).getTime() : Infinity);
  return exclusions.reduce<Exclusion | null>((best, e) => {
    if (!e) return best;
    if (!best || end(e) > end(best)) return e;
    if (end(e) === end(best) && e.kind === 'SELF_EXCLUSION' && best.kind !== 'SELF_EXCLUSION') return e;
    return best;
  }, null);
}

/** The exclusion in force of a person: the longest of their matched customers' (`longestExclusion`), or null. Pure. */
export const personExclusion = (matches: PersonMatches): Exclusion | null =>
  longestExclusion([matches.known, ...matches.probable].map((c) => c?.exclusion ?? null));
