/** The seeded SRC profiles (seed-profiles.ts): inserted once however often the seed runs, found by their identities, with their cards. */
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@sandbox/db/client';
import { srcCards, srcProfiles } from '@sandbox/db/schema';
import { sandboxDb } from '../core/store';
import { listCards } from './cards';
import { findProfileByIdentity } from './profiles';
import { SEED_SRC_PROFILES, seedSrcProfiles } from './seed-profiles';

let db: Db;
beforeAll(async () => {
  db = await sandboxDb();
});

describe('the seeded Click to Pay profiles', () => {
  it('are inserted once, however often the seed runs', async () => {
    await seedSrcProfiles(db);
    const profiles = await db.select().from(srcProfiles);
    const cards = await db.select().from(srcCards);
    await Promise.all([seedSrcProfiles(db), seedSrcProfiles(db)]);
    expect(await db.select().from(srcProfiles)).toEqual(profiles);
    expect(await db.select().from(srcCards)).toEqual(cards);
    expect(profiles.filter((p) => p.origin === 'SEED')).toHaveLength(SEED_SRC_PROFILES.length);
    expect(cards).toHaveLength(6);
  });

  it('are found by email and phone, with their cards as the design lists them, and no PAN stored', async () => {
    await seedSrcProfiles(db);
    const clara = await findProfileByIdentity(db, 'MOBILE_PHONE_NUMBER', '+44 7700 900101');
    expect(clara).toMatchObject({ maskedEmail: 'c•••@example.com', maskedPhone: '+44 ••• 101', origin: 'SEED' });
    expect((await findProfileByIdentity(db, 'EMAIL', 'Clara.C2P@example.com'))?.id).toBe(clara?.id);
    expect((await listCards(db, clara!.id)).map((c) => [c.brand, c.panLastFour])).toEqual(
      expect.arrayContaining([
        ['VISA', '3220'],
        ['MASTERCARD', '4444'],
      ]),
    );
    const ravi = await findProfileByIdentity(db, 'EMAIL', 'ravi.c2p@example.com');
    const [raviCard] = await db
      .select()
      .from(srcCards)
      .where(inArray(srcCards.profileId, [ravi!.id]));
    expect(raviCard).toMatchObject({ fpanMask: '400000******3246', brand: 'VISA', status: 'ACTIVE', expiryYear: '2030' });
    const stored = JSON.stringify(await db.select().from(srcCards));
    for (const pan of SEED_SRC_PROFILES.flatMap((p) => p.cards)) expect(stored).not.toContain(pan);
    for (const email of ['tomas.c2p@example.com', 'lena.c2p@example.com', 'dora.c2p@example.com'])
      expect(await findProfileByIdentity(db, 'EMAIL', email)).not.toBeNull();
  });
});
