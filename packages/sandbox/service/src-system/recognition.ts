/**
 * Remembered browsers ("Skip verification next time", EMVCo Click to Pay CX guidelines): the
 * recognition cookie's value is a random secret (secrets.ts) and the row keeps its SHA-256 and the
 * profile. A value is good for 180 days after its last use (each use refreshes it), until "Not
 * you?" unbinds it (the SDKs' unbindAppInstance / signOut). Each cookie partition (top-level site)
 * holds its own value, so unbinding one leaves the others.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcRecognitions } from '@sandbox/db/schema';
import { newSecret, sha256Hex } from './secrets';

/** The cookie's Max-Age (s): 180 days. */
export const RECOGNITION_MAX_AGE_S = 15_552_000;

/** Remembers the browser for `profileId`: the new cookie value (answered once). */
export async function bindRecognition(db: Db, profileId: string, now: Date = new Date()): Promise<string> {
  const value = newSecret();
  await db.insert(srcRecognitions).values({ tokenHash: sha256Hex(value), profileId, createdAt: now, lastUsedAt: now });
  return value;
}

/** The profile the cookie `value` remembers (its last use refreshed), or null: unknown, unbound, or unused for 180 days. */
export async function recognise(db: Db, value: string | undefined, now: Date = new Date()): Promise<string | null> {
  if (!value || value.length > 128) return null;
  const [row] = await db
    .update(srcRecognitions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(srcRecognitions.tokenHash, sha256Hex(value)),
        isNull(srcRecognitions.unboundAt),
        gt(srcRecognitions.lastUsedAt, new Date(now.getTime() - RECOGNITION_MAX_AGE_S * 1000)),
      ),
    )
    .returning({ profileId: srcRecognitions.profileId });
  return row?.profileId ?? null;
}

/** Unbinds the cookie `value` ("Not you?"): its profile, or null when it remembered none. */
export async function unbindRecognition(db: Db, value: string | undefined, now: Date = new Date()): Promise<string | null> {
  if (!value || value.length > 128) return null;
  const [row] = await db
    .update(srcRecognitions)
    .set({ unboundAt: now })
    .where(and(eq(srcRecognitions.tokenHash, sha256Hex(value)), isNull(srcRecognitions.unboundAt)))
    .returning({ profileId: srcRecognitions.profileId });
  return row?.profileId ?? null;
}
