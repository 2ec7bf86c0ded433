/**
 * SRC sessions: one per Click to Pay offer on a pay-in (the SDKs' init with a
 * srcCorrelationId). The browser holds a `srcClientToken` (30 min), and after recognition or a
 * right code an `idToken` (15 min) bound to the session and its profile; both are random secrets
 * of which only the SHA-256 is kept (secrets.ts). The session's identity is a keyed hash of the
 * customer's email / phone, never the value. Amounts are ISO 4217 minor units.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcSessions } from '@sandbox/db/schema';
import { newSecret, newSrcId, sameDigest, sha256Hex } from './secrets';
import { SrcError } from './src-error';

export const SESSION_LIFETIME_MS = 30 * 60_000;
export const ID_TOKEN_LIFETIME_MS = 15 * 60_000;
/** Identities typed in one session (Switch ID) before RATE_LIMITED. */
export const MAX_LOOKUPS_PER_SESSION = 5;

/** A session's row. */
export type SrcSession = typeof srcSessions.$inferSelect;

/** What a session is opened for: the pay-in, its merchant, amount (minor units) and currency, and the customer's identity hashes. */
export interface SrcSessionInput {
  payinId: string;
  merchantId: string;
  amountMinor: number;
  currency: string;
  emailHash?: string | null;
  phoneHash?: string | null;
}

const authInvalid = () => new SrcError('AUTH_INVALID', 401, 'The Click to Pay session is unknown or has expired');

/** Opens a session: `{ srcCorrelationId, srcClientToken, expiresAt }` (the token is answered once, only its hash is kept). */
export async function openSession(db: Db, input: SrcSessionInput, now: Date = new Date()) {
  const srcClientToken = newSecret();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const srcCorrelationId = newSrcId('srcc');
  await db.insert(srcSessions).values({
    correlationId: srcCorrelationId,
    clientTokenHash: sha256Hex(srcClientToken),
    payinId: input.payinId,
    merchantId: input.merchantId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    emailHash: input.emailHash ?? null,
    phoneHash: input.phoneHash ?? null,
    expiresAt,
    createdAt: now,
  });
  return { srcCorrelationId, srcClientToken, expiresAt };
}

/** The live session of `srcClientToken`; throws SrcError 401 AUTH_INVALID when unknown or expired. */
export async function sessionOfClientToken(db: Db, srcClientToken: string, now: Date = new Date()): Promise<SrcSession> {
  if (typeof srcClientToken !== 'string' || srcClientToken.length > 128) throw authInvalid();
  const [row] = await db
    .select()
    .from(srcSessions)
    .where(eq(srcSessions.clientTokenHash, sha256Hex(srcClientToken)))
    .limit(1);
  if (!row || row.expiresAt <= now) throw authInvalid();
  return row;
}

/** Sessions opened for pay-in `payinId` (the service caps them at 20 per pay-in). */
export async function sessionsOfPayin(db: Db, payinId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(srcSessions)
    .where(eq(srcSessions.payinId, payinId));
  return row?.n ?? 0;
}

/**
 * Makes a typed identity (Switch ID) the session's, dropping any validation; throws SrcError 429
 * RATE_LIMITED past 5 per session.
 */
export async function switchIdentity(
  db: Db,
  correlationId: string,
  identity: { emailHash: string | null; phoneHash: string | null },
): Promise<void> {
  const [row] = await db
    .update(srcSessions)
    .set({
      ...identity,
      lookups: sql`${srcSessions.lookups} + 1`,
      validatedProfileId: null,
      recognisedBy: null,
      idTokenHash: null,
      idTokenExpiresAt: null,
    })
    .where(and(eq(srcSessions.correlationId, correlationId), sql`${srcSessions.lookups} < ${MAX_LOOKUPS_PER_SESSION}`))
    .returning({ id: srcSessions.correlationId });
  if (!row) throw new SrcError('RATE_LIMITED', 429, 'Too many identities typed in this session');
}

/** Binds the session to `profileId` as recognised `by` (COOKIE or OTP): a new idToken (15 min), answered once. */
export async function issueIdToken(
  db: Db,
  correlationId: string,
  profileId: string,
  by: 'COOKIE' | 'OTP',
  now: Date = new Date(),
): Promise<{ idToken: string; expiresAt: Date }> {
  const idToken = newSecret();
  const expiresAt = new Date(now.getTime() + ID_TOKEN_LIFETIME_MS);
  await db
    .update(srcSessions)
    .set({ validatedProfileId: profileId, recognisedBy: by, idTokenHash: sha256Hex(idToken), idTokenExpiresAt: expiresAt })
    .where(eq(srcSessions.correlationId, correlationId));
  return { idToken, expiresAt };
}

/**
 * The profile and how it was recognised, of `idToken` in `session`; throws SrcError 401
 * AUTH_INVALID when the token is not this session's, has expired, or the session has.
 */
export function verifyIdToken(session: SrcSession, idToken: string, now: Date = new Date()) {
  const { idTokenHash, idTokenExpiresAt, validatedProfileId, recognisedBy } = session;
  if (typeof idToken !== 'string' || idToken.length > 128) throw authInvalid();
  if (!idTokenHash || !idTokenExpiresAt || !validatedProfileId || !recognisedBy || session.expiresAt <= now || idTokenExpiresAt <= now)
    throw authInvalid();
  if (!sameDigest(sha256Hex(idToken), idTokenHash)) throw authInvalid();
  return { profileId: validatedProfileId, recognisedBy };
}

/** Drops the session's validation ("Not you?"): its idToken no longer works. */
export async function dropValidation(db: Db, correlationId: string): Promise<void> {
  await db
    .update(srcSessions)
    .set({ validatedProfileId: null, recognisedBy: null, idTokenHash: null, idTokenExpiresAt: null })
    .where(eq(srcSessions.correlationId, correlationId));
}
