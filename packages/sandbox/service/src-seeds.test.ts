/**
 * The sandbox's entry points register the SRC system's seed (service/http.ts, service/worker.ts),
 * so a database they open has the seeded Click to Pay profiles (src-system/seed-profiles.ts).
 */
import { describe, expect, it } from 'vitest';
import './http';
import { sandboxDb } from './core/store';
import { findProfileByIdentity } from './src-system/profiles';
import { SEED_SRC_PROFILES } from './src-system/seed-profiles';

describe('the seeded Click to Pay profiles at start', () => {
  it('are there once the router has opened the database', async () => {
    const db = await sandboxDb();
    for (const seed of SEED_SRC_PROFILES) expect(await findProfileByIdentity(db, 'EMAIL', seed.email)).toMatchObject({ origin: 'SEED' });
  });
});
