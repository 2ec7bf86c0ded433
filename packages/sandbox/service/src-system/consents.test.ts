/** Consents (consents.ts): recorded with their text version, locale, shown identity and outcome; "Not you?" withdraws. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcConsents } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { recordConsent, settleConsent, withdrawConsents } from './consents';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

const T0 = new Date('2026-11-01T10:00:00Z');
const ofProfile = (profileId: string) => db.select().from(srcConsents).where(eq(srcConsents.profileId, profileId));

describe('Click to Pay consents', () => {
  it('records a link consent and settles its outcome', async () => {
    const profileId = `srcp_${randomUUID()}`;
    const id = await recordConsent(
      db,
      {
        kind: 'LINK_CARD',
        merchantId: 'sbx_demo_merchant',
        textVersion: 'c2p-link-1',
        locale: 'de-DE',
        outcome: 'PENDING',
        profileId,
        cardId: 'srcdc_1',
        payinId: 'pi_1',
        shownIdentity: 'a•••@example.com',
      },
      T0,
    );
    expect(id).toMatch(/^srcn_[0-9a-f]{24}$/);
    await settleConsent(db, id, 'LINKED');
    expect(await ofProfile(profileId)).toEqual([
      expect.objectContaining({
        id,
        kind: 'LINK_CARD',
        textVersion: 'c2p-link-1',
        locale: 'de-DE',
        outcome: 'LINKED',
        givenAt: T0,
        withdrawnAt: null,
      }),
    ]);
  });

  it('records a refused link without a profile', async () => {
    const payinId = `pi_${randomUUID()}`;
    const base = { kind: 'LINK_CARD', merchantId: 'sbx_demo_merchant', textVersion: 'c2p-link-1', locale: 'en' } as const;
    const id = await recordConsent(db, { ...base, outcome: 'NOT_LINKED:NO_IDENTITY', payinId });
    const [row] = await db.select().from(srcConsents).where(eq(srcConsents.id, id));
    expect(row).toMatchObject({ profileId: null, outcome: 'NOT_LINKED:NO_IDENTITY', payinId });
  });

  it('refuses an old text version, a malformed locale or outcome', async () => {
    const base = { kind: 'REMEMBER_ME', merchantId: 'm', textVersion: 'c2p-remember-1', locale: 'en', outcome: 'GIVEN' } as const;
    await expect(recordConsent(db, { ...base, textVersion: 'c2p-remember-0' })).rejects.toMatchObject({ key: 'VALIDATION_ERROR' });
    await expect(recordConsent(db, { ...base, textVersion: 'c2p-link-1' })).rejects.toMatchObject({ key: 'VALIDATION_ERROR' });
    await expect(recordConsent(db, { ...base, locale: '<script>' })).rejects.toMatchObject({ key: 'VALIDATION_ERROR' });
    await expect(recordConsent(db, { ...base, outcome: 'given; drop' })).rejects.toMatchObject({ key: 'VALIDATION_ERROR' });
  });

  it('"Not you?" withdraws the remember-me consents at that merchant only', async () => {
    const profileId = `srcp_${randomUUID()}`;
    const remember = (merchantId: string) =>
      recordConsent(db, { kind: 'REMEMBER_ME', merchantId, textVersion: 'c2p-remember-1', locale: 'en', outcome: 'GIVEN', profileId }, T0);
    const here = await remember('merchant-a');
    const there = await remember('merchant-b');
    const later = new Date(T0.getTime() + 60_000);
    expect(await withdrawConsents(db, { profileId, merchantId: 'merchant-a', kind: 'REMEMBER_ME' }, later)).toBe(1);
    expect(await withdrawConsents(db, { profileId, merchantId: 'merchant-a', kind: 'REMEMBER_ME' }, later)).toBe(0);
    const rows = new Map((await ofProfile(profileId)).map((row) => [row.id, row.withdrawnAt]));
    expect(rows.get(here)).toEqual(later);
    expect(rows.get(there)).toBeNull();
  });
});
