/** SRC sessions and remembered browsers (sessions.ts, recognition.ts): secrets kept as SHA-256, their lifetimes, "Not you?". */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcRecognitions, srcSessions } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { bindRecognition, recognise, RECOGNITION_MAX_AGE_S, unbindRecognition } from './recognition';
import {
  dropValidation,
  issueIdToken,
  openSession,
  sessionOfClientToken,
  sessionsOfPayin,
  switchIdentity,
  verifyIdToken,
} from './sessions';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const T0 = new Date('2026-11-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const open = (payinId = `pi_${randomUUID()}`) =>
  openSession(db, { payinId, merchantId: 'sbx_demo_merchant', amountMinor: 2599, currency: 'EUR', emailHash: 'ab'.repeat(32) }, T0);

describe('SRC sessions', () => {
  it('answers the client token once and keeps its SHA-256; the token works for 30 min', async () => {
    const session = await open();
    expect(session.srcCorrelationId).toMatch(/^srcc_[0-9a-f]{24}$/);
    expect(session.srcClientToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toEqual(at(1800));
    const [row] = await db.select().from(srcSessions).where(eq(srcSessions.correlationId, session.srcCorrelationId));
    expect(JSON.stringify(row)).not.toContain(session.srcClientToken);
    expect((await sessionOfClientToken(db, session.srcClientToken, at(1799))).correlationId).toBe(session.srcCorrelationId);
    await expect(sessionOfClientToken(db, session.srcClientToken, at(1800))).rejects.toMatchObject({ reason: 'AUTH_INVALID', status: 401 });
    await expect(sessionOfClientToken(db, 'x'.repeat(43), T0)).rejects.toMatchObject({ reason: 'AUTH_INVALID' });
  });

  it('counts the sessions of a pay-in', async () => {
    const payinId = `pi_${randomUUID()}`;
    await open(payinId);
    await open(payinId);
    expect(await sessionsOfPayin(db, payinId)).toBe(2);
  });

  it('an idToken is bound to its session and lives 15 min', async () => {
    const session = await open();
    const other = await open();
    const { idToken, expiresAt } = await issueIdToken(db, session.srcCorrelationId, 'srcp_a', 'OTP', at(60));
    expect(expiresAt).toEqual(at(60 + 900));
    const row = await sessionOfClientToken(db, session.srcClientToken, at(61));
    expect(verifyIdToken(row, idToken, at(61))).toEqual({ profileId: 'srcp_a', recognisedBy: 'OTP' });
    expect(() => verifyIdToken(row, idToken, at(60 + 900))).toThrow(expect.objectContaining({ reason: 'AUTH_INVALID' }));
    expect(() => verifyIdToken(row, 'y'.repeat(43), at(61))).toThrow(expect.objectContaining({ reason: 'AUTH_INVALID' }));
    const otherRow = await sessionOfClientToken(db, other.srcClientToken, at(61));
    expect(() => verifyIdToken(otherRow, idToken, at(61))).toThrow(expect.objectContaining({ reason: 'AUTH_INVALID' }));
    await dropValidation(db, session.srcCorrelationId);
    const dropped = await sessionOfClientToken(db, session.srcClientToken, at(62));
    expect(() => verifyIdToken(dropped, idToken, at(62))).toThrow(expect.objectContaining({ reason: 'AUTH_INVALID' }));
  });

  it('Switch ID replaces the identity, drops the validation, and stops at 5 per session', async () => {
    const session = await open();
    const { idToken } = await issueIdToken(db, session.srcCorrelationId, 'srcp_b', 'COOKIE', T0);
    for (let i = 0; i < 5; i++) await switchIdentity(db, session.srcCorrelationId, { emailHash: `${i}`.repeat(64), phoneHash: null });
    const row = await sessionOfClientToken(db, session.srcClientToken, T0);
    expect(row).toMatchObject({ emailHash: '4'.repeat(64), lookups: 5, validatedProfileId: null });
    expect(() => verifyIdToken(row, idToken, T0)).toThrow(expect.objectContaining({ reason: 'AUTH_INVALID' }));
    await expect(switchIdentity(db, session.srcCorrelationId, { emailHash: null, phoneHash: null })).rejects.toMatchObject({
      reason: 'RATE_LIMITED',
      status: 429,
    });
  });
});

describe('remembered browsers', () => {
  it('recognises the cookie value for 180 days after its last use, and refreshes it', async () => {
    const value = await bindRecognition(db, 'srcp_r1', T0);
    const [row] = await db.select().from(srcRecognitions).where(eq(srcRecognitions.profileId, 'srcp_r1'));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(value);
    const later = at(RECOGNITION_MAX_AGE_S - 1);
    expect(await recognise(db, value, later)).toBe('srcp_r1');
    // Refreshed at `later`: good 180 days from then, not from the bind.
    expect(await recognise(db, value, new Date(later.getTime() + (RECOGNITION_MAX_AGE_S - 1) * 1000))).toBe('srcp_r1');
    expect(await recognise(db, value, new Date(later.getTime() + 3 * RECOGNITION_MAX_AGE_S * 1000))).toBeNull();
    expect(await recognise(db, 'unknown', T0)).toBeNull();
    expect(await recognise(db, undefined, T0)).toBeNull();
  });

  it('"Not you?" unbinds this cookie only', async () => {
    const here = await bindRecognition(db, 'srcp_r2', T0);
    const elsewhere = await bindRecognition(db, 'srcp_r2', T0);
    expect(await unbindRecognition(db, here, at(1))).toBe('srcp_r2');
    expect(await recognise(db, here, at(2))).toBeNull();
    expect(await unbindRecognition(db, here, at(3))).toBeNull();
    expect(await recognise(db, elsewhere, at(4))).toBe('srcp_r2');
  });
});
