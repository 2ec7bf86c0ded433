/**
 * One-time codes of the sandbox SRC system (the SDKs' initiateIdentityValidation /
 * completeIdentityValidation; EMVCo Click to Pay CX guidelines, "Verifying a customer"). No
 * scheme publishes OTP limits; these are the sandbox's, documented in docs/sandbox.md:
 * - the code is `123456` for every sandbox profile; nothing is sent, only its SHA-256 (bound to the
 *   profile) is stored; a code lives 10 min and a new one replaces the old;
 * - a new code after 30 s, at most 3 per 30 min (429 RESEND_TOO_SOON / RETRIES_EXCEEDED);
 * - wrong codes count per profile, across sessions (a resend does not reset them); the 3rd locks the
 *   profile for 30 min (409 ACCT_INACCESSIBLE `{ lockedUntil }`); a success or an expired lock
 *   starts again at 0.
 * Times are `Date`s passed in (`now`), so callers and tests own the clock.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { srcProfiles } from '@sandbox/db/schema';
import { sameDigest, sha256Hex } from './secrets';
import { SrcError } from './src-error';
import type { SrcProfile } from './profiles';

/** The code of every sandbox profile. */
export const SANDBOX_OTP = '123456';
export const OTP_LENGTH = 6;
export const OTP_LIFETIME_MS = 10 * 60_000;
export const OTP_RESEND_AFTER_S = 30;
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_MS = 30 * 60_000;
export const OTP_MAX_FAILURES = 3;
export const OTP_LOCK_MS = 30 * 60_000;

/** A validation channel: the profile's email or its phone. */
export type ValidationChannel = 'EMAIL' | 'SMS';

/** The answer of initiate: where the code went (masked), the other channels, when to offer a resend. */
export interface ValidationInitiated {
  maskedValidationChannel: string;
  supportedValidationChannels: ValidationChannel[];
  resendAfterSeconds: number;
  codeLength: number;
}

const codeHash = (profileId: string, code: string) => sha256Hex(`src-otp:${profileId}:${code}`);
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The profile locked: ACCT_INACCESSIBLE with the lock's end (ISO 8601). */
const locked = (until: Date) =>
  new SrcError('ACCT_INACCESSIBLE', 409, 'The profile is locked after 3 wrong codes', { lockedUntil: until.toISOString() });

async function lockedRow(tx: Db, profileId: string): Promise<SrcProfile> {
  const [row] = await tx.select().from(srcProfiles).where(eq(srcProfiles.id, profileId)).for('update').limit(1);
  if (!row) throw new SrcError('NOT_FOUND', 404, 'No Click to Pay profile');
  return row;
}

/** The failure count as of `now`: an expired lock starts again at 0. Throws ACCT_INACCESSIBLE while locked. */
function failuresAt(row: SrcProfile, now: Date): number {
  if (row.lockedUntil && row.lockedUntil > now) throw locked(row.lockedUntil);
  return row.lockedUntil ? 0 : row.failedAttempts;
}

/**
 * Sends (in the sandbox: records) a new code for profile `profileId` on `channel` (the profile's
 * email by default, else its phone; a channel it lacks falls back to the other). Throws SrcError
 * 404 NOT_FOUND, 409 ACCT_INACCESSIBLE, 429 RESEND_TOO_SOON or RETRIES_EXCEEDED (`retryAfterSeconds`).
 */
export async function initiateValidation(
  db: Db,
  profileId: string,
  channel: ValidationChannel | undefined,
  now: Date = new Date(),
): Promise<ValidationInitiated> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, profileId);
    const failedAttempts = failuresAt(row, now);
    const sinceLast = row.otpLastSentAt ? now.getTime() - row.otpLastSentAt.getTime() : Infinity;
    if (sinceLast < OTP_RESEND_AFTER_S * 1000)
      throw new SrcError('RESEND_TOO_SOON', 429, 'A new code can be sent 30 s after the last', {
        retryAfterSeconds: seconds(OTP_RESEND_AFTER_S * 1000 - sinceLast),
      });
    const windowOpen = row.otpWindowStart !== null && now.getTime() - row.otpWindowStart.getTime() < OTP_SEND_WINDOW_MS;
    const sends = windowOpen ? row.otpSends : 0;
    const windowStart = windowOpen && row.otpWindowStart ? row.otpWindowStart : now;
    if (sends >= OTP_MAX_SENDS)
      throw new SrcError('RETRIES_EXCEEDED', 429, 'At most 3 codes are sent in 30 minutes', {
        retryAfterSeconds: seconds(windowStart.getTime() + OTP_SEND_WINDOW_MS - now.getTime()),
      });
    await tx
      .update(srcProfiles)
      .set({
        otpHash: codeHash(row.id, SANDBOX_OTP),
        otpExpiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
        otpLastSentAt: now,
        otpSends: sends + 1,
        otpWindowStart: windowStart,
        failedAttempts,
        lockedUntil: null,
      })
      .where(eq(srcProfiles.id, row.id));
    const supported: ValidationChannel[] = [
      ...(row.maskedEmail ? (['EMAIL'] as const) : []),
      ...(row.maskedPhone ? (['SMS'] as const) : []),
    ];
    const used = channel && supported.includes(channel) ? channel : supported[0];
    return {
      maskedValidationChannel: (used === 'SMS' ? row.maskedPhone : row.maskedEmail) ?? '',
      supportedValidationChannels: supported,
      resendAfterSeconds: OTP_RESEND_AFTER_S,
      codeLength: OTP_LENGTH,
    };
  });
}

type Verdict = { ok: true } | { ok: false; error: SrcError };

/**
 * Checks `code` against profile `profileId`'s live code. Right: the code is spent and failures
 * start again at 0. Throws SrcError 400 CODE_EXPIRED (no live code), 400 CODE_INVALID
 * `{ attemptsRemaining }` (1st and 2nd miss), 409 ACCT_INACCESSIBLE `{ lockedUntil }` (the 3rd
 * miss, and while locked), 404 NOT_FOUND. A miss is written before the refusal is thrown.
 */
export async function completeValidation(db: Db, profileId: string, code: string, now: Date = new Date()): Promise<void> {
  const verdict = await db.transaction(async (tx): Promise<Verdict> => {
    const row = await lockedRow(tx, profileId);
    const failures = failuresAt(row, now);
    if (!row.otpHash || !row.otpExpiresAt || row.otpExpiresAt <= now)
      return { ok: false, error: new SrcError('CODE_EXPIRED', 400, 'The code has expired; ask for a new one') };
    if (/^\d{6}$/.test(code) && sameDigest(codeHash(row.id, code), row.otpHash)) {
      await tx
        .update(srcProfiles)
        .set({ otpHash: null, otpExpiresAt: null, failedAttempts: 0, lockedUntil: null })
        .where(eq(srcProfiles.id, row.id));
      return { ok: true };
    }
    const failedAttempts = failures + 1;
    if (failedAttempts >= OTP_MAX_FAILURES) {
      const lockedUntil = new Date(now.getTime() + OTP_LOCK_MS);
      await tx
        .update(srcProfiles)
        .set({ otpHash: null, otpExpiresAt: null, failedAttempts, lockedUntil })
        .where(eq(srcProfiles.id, row.id));
      return { ok: false, error: locked(lockedUntil) };
    }
    await tx.update(srcProfiles).set({ failedAttempts, lockedUntil: null }).where(eq(srcProfiles.id, row.id));
    return {
      ok: false,
      error: new SrcError('CODE_INVALID', 400, 'Incorrect verification code', { attemptsRemaining: OTP_MAX_FAILURES - failedAttempts }),
    };
  });
  if (!verdict.ok) throw verdict.error;
}
