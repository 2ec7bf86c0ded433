/**
 * Who may play (Pay N Play, docs/design.md, E26): the age of the licence in force, the service's
 * own refusals whatever the merchant answers (an exclusion, a probable match of an excluded
 * person, under age), and the automatic decision of the demo's register.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import type { StoredPlayerIdentity } from '@sandbox/db/schema-pay-n-play';
import type { DenyReason, PlayerDecisionRequest } from '@hosted-checkout/contract/pay-n-play';
import { rulesForCustomer } from '@hosted-checkout/contract/responsible-gambling/regulators';
import { activeExclusion } from '../responsible-gambling/deposit-rules';
import { merchantConfig } from '../core/request-context';
import { ageOn } from '@hosted-checkout/contract/responsible-gambling/age';
import { nameAndBirthDate, nationalIdHashFor } from '../bank/player-identity';
import { TEST_USERS } from '../bank/test-users';

type Decision = Omit<PlayerDecisionRequest, 'identificationId'>;

/** The age from which a player may play where the licence in force says no more (no licence: 18). */
export const ADULT_AGE = 18;

/**
 * The sandbox merchant's own checks, as a merchant runs them (pure): under `minimumAge` and a
 * player on the register (`selfExcluded`) are denied; a player with an excluded probable match
 * (`excludedMatch`) is left to the merchant (null: no automatic decision, the deposit awaits it).
 */
export function autoDecision(
  identity: Pick<StoredPlayerIdentity, 'dateOfBirth'>,
  selfExcluded: boolean,
  now = new Date(),
  minimumAge = ADULT_AGE,
  excludedMatch = false,
): Decision | null {
  if (ageOn(identity.dateOfBirth, now) < minimumAge) return { decision: 'DENY', reason: 'UNDERAGE' };
  if (selfExcluded) return { decision: 'DENY', reason: 'SELF_EXCLUDED' };
  if (excludedMatch) return null;
  return { decision: 'ALLOW' };
}

/**
 * Whether the identity is on the sandbox's self-exclusion register (the test users marked so): by
 * the keyed hash of the national id and its issuing country when both have one, else by the
 * normalised name and date of birth.
 */
export async function onDemoRegister(tx: Db, merchantId: string, identity: StoredPlayerIdentity): Promise<boolean> {
  for (const { selfExcluded, identity: listed } of TEST_USERS) {
    if (!selfExcluded) continue;
    if (listed.nationalId && listed.nationalIdCountry && identity.nationalIdHash) {
      if ((await nationalIdHashFor(tx, merchantId, listed.nationalIdCountry, listed.nationalId)) === identity.nationalIdHash) return true;
    } else if (nameAndBirthDate(listed) === nameAndBirthDate(identity)) return true;
  }
  return false;
}

/** The minimum age (years) of the licence of `merchantId` in force for a player of the bank's country (18 without one). */
export async function minimumAgeOf(tx: Db, merchantId: string, identity: Pick<StoredPlayerIdentity, 'country'>): Promise<number> {
  const config = await merchantConfig(tx, merchantId);
  return rulesForCustomer(config.settings.licences, identity.country).minimumAge;
}

/** Why the service refuses a player whatever the merchant answers, with the reason a returned deposit carries; null: it does not. */
export async function serviceRefusal(
  tx: Db,
  merchantId: string,
  identity: StoredPlayerIdentity,
  now: Date,
): Promise<{ reason: Extract<DenyReason, 'UNDERAGE' | 'SELF_EXCLUDED'>; why: string } | null> {
  const minimumAge = await minimumAgeOf(tx, merchantId, identity);
  if (ageOn(identity.dateOfBirth, now) < minimumAge)
    return { reason: 'UNDERAGE', why: `The player is under ${minimumAge}, the minimum age of the licence in force` };
  if (await onDemoRegister(tx, merchantId, identity))
    return { reason: 'SELF_EXCLUDED', why: 'The player is on the self-exclusion register' };
  return null;
}

/**
 * Whether the customer `customerId`'s own exclusion (E23) is in force at `now`; locks the customer
 * row (the pay-in is locked first, as every path locks them). Another customer's is never read.
 */
export async function ownExclusionInForce(tx: Db, customerId: string, now: Date): Promise<boolean> {
  const [row] = await tx.select({ gambling: customers.gambling }).from(customers).where(eq(customers.id, customerId)).for('update');
  return activeExclusion(row?.gambling, now) !== null;
}
