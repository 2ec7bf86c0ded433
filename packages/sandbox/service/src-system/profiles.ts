/**
 * SRC profiles (EMVCo SRC: the SRC system's consumer profile): found by the keyed hash
 * (HMAC-SHA256 with the card hash key, core/store.ts `keyedHash`) of the normalised email or
 * E.164 phone, so the table holds no identity, only hashes and masks (masking.ts). A profile is
 * SEED (the sandbox's own, seed-profiles.ts) or CONSENT (made when a customer linked a card).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcProfiles } from '@sandbox/db/schema';
import { keyedHash } from '../core/store';
import { maskEmail, maskPhone, normaliseEmail, normalisePhone, type IdentityType } from './masking';
import { newSrcId } from './secrets';

/** A profile's row. */
export type SrcProfile = typeof srcProfiles.$inferSelect;

/** The keyed hashes of a normalised email / phone (domain-separated, so an email never matches a phone). */
export const emailHashOf = (db: Db, email: string) => keyedHash(db, `src-email:${email}`);
export const phoneHashOf = (db: Db, phone: string) => keyedHash(db, `src-phone:${phone}`);

/** The keyed hash of a typed identity; throws SrcError 400 CONSUMER_ID_FORMAT_INVALID when it is not one. */
export const identityHashOf = (db: Db, type: IdentityType, value: string): Promise<string> =>
  type === 'EMAIL' ? emailHashOf(db, normaliseEmail(value)) : phoneHashOf(db, normalisePhone(value));

/** The profile with the identity's hash `hash` of `type`, or null. */
export async function findProfileByHash(db: Db, type: IdentityType, hash: string): Promise<SrcProfile | null> {
  const column = type === 'EMAIL' ? srcProfiles.emailHash : srcProfiles.phoneHash;
  const [row] = await db.select().from(srcProfiles).where(eq(column, hash)).limit(1);
  return row ?? null;
}

/** The profile of a typed email or phone (any case, spaces), or null; throws SrcError 400 when it is neither. */
export async function findProfileByIdentity(db: Db, type: IdentityType, value: string): Promise<SrcProfile | null> {
  return findProfileByHash(db, type, await identityHashOf(db, type, value));
}

/** The profile `id`, or null. */
export async function findProfile(db: Db, id: string): Promise<SrcProfile | null> {
  const [row] = await db.select().from(srcProfiles).where(eq(srcProfiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * The profile's masked identity as the contract's MaskedIdentity (`{ type, value }`): of `type`
 * when the profile has it (the identity the customer was found by), else its email, else its phone.
 */
export function maskedIdentityOf(
  profile: Pick<SrcProfile, 'maskedEmail' | 'maskedPhone'>,
  type?: IdentityType,
): { type: IdentityType; value: string } | undefined {
  const email = profile.maskedEmail ? { type: 'EMAIL' as const, value: profile.maskedEmail } : undefined;
  const phone = profile.maskedPhone ? { type: 'MOBILE_PHONE_NUMBER' as const, value: profile.maskedPhone } : undefined;
  return type === 'MOBILE_PHONE_NUMBER' ? (phone ?? email) : (email ?? phone);
}

/**
 * Creates a profile for `email` and/or `phone` (at least one; throws SrcError 400 when one is
 * malformed, Error when both are absent). An identity another profile has already is not taken:
 * the insert does nothing and the answer is null.
 */
export async function createProfile(
  db: Db,
  identity: { email?: string; phone?: string },
  origin: SrcProfile['origin'],
): Promise<SrcProfile | null> {
  const email = identity.email === undefined ? undefined : normaliseEmail(identity.email);
  const phone = identity.phone === undefined ? undefined : normalisePhone(identity.phone);
  if (!email && !phone) throw new Error('an SRC profile needs an email or a phone number');
  const [row] = await db
    .insert(srcProfiles)
    .values({
      id: newSrcId('srcp'),
      emailHash: email ? await emailHashOf(db, email) : null,
      phoneHash: phone ? await phoneHashOf(db, phone) : null,
      maskedEmail: email ? maskEmail(email) : null,
      maskedPhone: phone ? maskPhone(phone) : null,
      origin,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
