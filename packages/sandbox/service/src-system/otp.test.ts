/**
 * One-time codes (otp.ts): the sandbox code 123456, stored as SHA-256 only; wrong codes counted
 * per profile, the 3rd locking it for 30 min; resends after 30 s, 3 per 30 min; a code's 10 min.
 * The clock is passed in.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcProfiles } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { completeValidation, initiateValidation, SANDBOX_OTP } from './otp';
import { createProfile, findProfile } from './profiles';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const T0 = new Date('2026-11-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function newProfile(phone?: string): Promise<string> {
  const profile = await createProfile(db, { email: `otp-${randomUUID().slice(0, 8)}@example.com`, phone }, 'SEED');
  return profile!.id;
}

/** The SrcError body `step` rejects with. */
async function refusal(step: Promise<unknown>) {
  const error = await step.then(
    () => null,
    (e: { toBody?: () => unknown }) => e,
  );
  expect(error?.toBody).toBeTypeOf('function');
  return error!.toBody!() as Record<string, unknown>;
}

describe('Click to Pay one-time codes', () => {
  it('sends to the masked email, names both channels, and keeps only a SHA-256 of the code', async () => {
    const id = await newProfile('+447700900321');
    expect(await initiateValidation(db, id, undefined, T0)).toEqual({
      maskedValidationChannel: expect.stringMatching(/^o•••@example\.com$/),
      supportedValidationChannels: ['EMAIL', 'SMS'],
      resendAfterSeconds: 30,
      codeLength: 6,
    });
    const [row] = await db.select().from(srcProfiles).where(eq(srcProfiles.id, id));
    expect(row?.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(SANDBOX_OTP);
    expect(row?.otpExpiresAt).toEqual(at(600));
    expect((await initiateValidation(db, id, 'SMS', at(30))).maskedValidationChannel).toBe('+44 ••• 321');
  });

  it('the right code validates once', async () => {
    const id = await newProfile();
    await initiateValidation(db, id, 'EMAIL', T0);
    await expect(completeValidation(db, id, '123456', at(5))).resolves.toBeUndefined();
    expect(await refusal(completeValidation(db, id, '123456', at(6)))).toMatchObject({ reason: 'CODE_EXPIRED', status: 400 });
  });

  it('two wrong codes then the right one: attempts remaining 2, 1, then back to 0 failures', async () => {
    const id = await newProfile();
    await initiateValidation(db, id, undefined, T0);
    expect(await refusal(completeValidation(db, id, '000000', at(1)))).toEqual({
      reason: 'CODE_INVALID',
      status: 400,
      message: 'Incorrect verification code',
      attemptsRemaining: 2,
    });
    expect(await refusal(completeValidation(db, id, 'abc', at(2)))).toMatchObject({ reason: 'CODE_INVALID', attemptsRemaining: 1 });
    await completeValidation(db, id, '123456', at(3));
    expect((await findProfile(db, id))?.failedAttempts).toBe(0);
  });

  it('the 3rd wrong code locks the profile for 30 min, across sessions and resends; the lock then expires', async () => {
    const id = await newProfile();
    await initiateValidation(db, id, undefined, T0);
    await refusal(completeValidation(db, id, '111111', at(1)));
    await initiateValidation(db, id, undefined, at(40)); // a resend does not reset the count
    await refusal(completeValidation(db, id, '222222', at(41)));
    const lockedUntil = at(42 + 1800).toISOString();
    expect(await refusal(completeValidation(db, id, '333333', at(42)))).toMatchObject({
      reason: 'ACCT_INACCESSIBLE',
      status: 409,
      lockedUntil,
    });
    // Locked: the right code and a new code are both refused until the lock ends.
    expect(await refusal(completeValidation(db, id, '123456', at(43)))).toMatchObject({ reason: 'ACCT_INACCESSIBLE', lockedUntil });
    expect(await refusal(initiateValidation(db, id, undefined, at(42 + 1799)))).toMatchObject({ reason: 'ACCT_INACCESSIBLE' });
    // Past the lock: a new code, and the count starts again at 0 (one miss leaves 2).
    await initiateValidation(db, id, undefined, at(42 + 1800));
    expect(await refusal(completeValidation(db, id, '999999', at(42 + 1801)))).toMatchObject({ attemptsRemaining: 2 });
    await completeValidation(db, id, '123456', at(42 + 1802));
  });

  it('a new code after 30 s, at most 3 per 30 min', async () => {
    const id = await newProfile();
    await initiateValidation(db, id, undefined, T0);
    expect(await refusal(initiateValidation(db, id, undefined, at(10)))).toMatchObject({
      reason: 'RESEND_TOO_SOON',
      status: 429,
      retryAfterSeconds: 20,
    });
    await initiateValidation(db, id, undefined, at(30));
    await initiateValidation(db, id, undefined, at(60));
    expect(await refusal(initiateValidation(db, id, undefined, at(90)))).toMatchObject({
      reason: 'RETRIES_EXCEEDED',
      status: 429,
      retryAfterSeconds: 1710,
    });
    // The window of 30 min from the first send ends: 3 more.
    await initiateValidation(db, id, undefined, at(1800));
    await completeValidation(db, id, '123456', at(1801));
  });

  it('a code lives 10 min; a new one replaces it', async () => {
    const id = await newProfile();
    await initiateValidation(db, id, undefined, T0);
    expect(await refusal(completeValidation(db, id, '123456', at(600)))).toMatchObject({ reason: 'CODE_EXPIRED', status: 400 });
    // An expired code is not a wrong one: no failure counted.
    expect((await findProfile(db, id))?.failedAttempts).toBe(0);
    await initiateValidation(db, id, undefined, at(601));
    await completeValidation(db, id, '123456', at(1200));
  });

  it('an unknown profile is NOT_FOUND', async () => {
    expect(await refusal(initiateValidation(db, 'srcp_000000000000000000000000', undefined, T0))).toMatchObject({
      reason: 'NOT_FOUND',
      status: 404,
    });
  });
});
