/** SRC profiles found by the keyed hash of a normalised email or phone (profiles.ts); only hashes and masks are stored. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcProfiles } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { createProfile, findProfile, findProfileByIdentity, maskedIdentityOf } from './profiles';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

describe('SRC profiles', () => {
  it('finds a profile by its email in any case and with spaces, and by its phone however typed', async () => {
    const name = `p${randomUUID().slice(0, 8)}`;
    const profile = await createProfile(db, { email: `${name}@Example.com`, phone: '+44 7700 900555' }, 'CONSENT');
    expect(profile).not.toBeNull();
    expect((await findProfileByIdentity(db, 'EMAIL', ` ${name.toUpperCase()}@EXAMPLE.COM `))?.id).toBe(profile?.id);
    expect((await findProfileByIdentity(db, 'MOBILE_PHONE_NUMBER', '0044 7700-900-555'))?.id).toBe(profile?.id);
    expect(await findProfileByIdentity(db, 'EMAIL', `other-${name}@example.com`)).toBeNull();
    expect(await findProfileByIdentity(db, 'MOBILE_PHONE_NUMBER', '+447700900556')).toBeNull();
    expect(profile?.id).toMatch(/^srcp_[0-9a-f]{24}$/);
  });

  it('keeps masks and keyed hashes, never the identity', async () => {
    const email = `keep-${randomUUID().slice(0, 8)}@example.com`;
    const profile = await createProfile(db, { email }, 'CONSENT');
    const [row] = await db
      .select()
      .from(srcProfiles)
      .where(eq(srcProfiles.id, profile?.id ?? ''));
    expect(row?.maskedEmail).toBe('k•••@example.com');
    expect(row?.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(email);
    expect(maskedIdentityOf(row!)).toEqual({ type: 'EMAIL', value: 'k•••@example.com' });
    expect(maskedIdentityOf(row!, 'MOBILE_PHONE_NUMBER')).toEqual({ type: 'EMAIL', value: 'k•••@example.com' });
    expect(maskedIdentityOf({ maskedEmail: 'a•••@example.com', maskedPhone: '+44 ••• 101' }, 'MOBILE_PHONE_NUMBER')).toEqual({
      type: 'MOBILE_PHONE_NUMBER',
      value: '+44 ••• 101',
    });
    expect(await findProfile(db, profile?.id ?? '')).toMatchObject({ origin: 'CONSENT', failedAttempts: 0 });
  });

  it('an email another profile has is not taken twice', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    expect(await createProfile(db, { email }, 'CONSENT')).not.toBeNull();
    expect(await createProfile(db, { email: email.toUpperCase() }, 'CONSENT')).toBeNull();
  });

  it('an email and a phone hash apart: an email lookup never finds a phone', async () => {
    await createProfile(db, { phone: '+447700900777' }, 'CONSENT');
    await expect(findProfileByIdentity(db, 'EMAIL', '+447700900777')).rejects.toMatchObject({ reason: 'CONSUMER_ID_FORMAT_INVALID' });
  });
});
