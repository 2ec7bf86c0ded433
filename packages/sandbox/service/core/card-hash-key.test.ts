/** The card hash key: from CARD_HASH_KEY, else a file beside the data folder, never the database. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxSecrets } from '@sandbox/db/schema';
import { cardHashKey, keyFileOf } from './card-hash-key';
import { sandboxDb } from './store';

const saved = { ...process.env };
afterEach(() => {
  process.env.CARD_HASH_KEY = saved.CARD_HASH_KEY;
  process.env.SANDBOX_DATA_DIR = saved.SANDBOX_DATA_DIR;
  if (saved.CARD_HASH_KEY === undefined) delete process.env.CARD_HASH_KEY;
});

describe('cardHashKey', () => {
  it('takes CARD_HASH_KEY from the environment', async () => {
    process.env.CARD_HASH_KEY = 'ab'.repeat(32);
    expect(await cardHashKey(await sandboxDb())).toBe('ab'.repeat(32));
  });

  it('generates a key once into a 0600 file beside the data folder, and moves a key the database held', async () => {
    const db = await sandboxDb();
    const root = mkdtempSync(path.join(tmpdir(), 'hash-key-'));
    process.env.SANDBOX_DATA_DIR = path.join(root, 'sandbox');
    await db
      .insert(sandboxSecrets)
      .values({ name: 'card-hash-key', value: 'cd'.repeat(32) })
      .onConflictDoNothing();
    const key = await cardHashKey(db);
    expect(key).toBe('cd'.repeat(32));
    expect(keyFileOf(process.env.SANDBOX_DATA_DIR)).toBe(path.join(root, 'card-hash-key'));
    expect(readFileSync(path.join(root, 'card-hash-key'), 'utf8').trim()).toBe(key);
    expect(statSync(path.join(root, 'card-hash-key')).mode & 0o777).toBe(0o600);
    expect(await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, 'card-hash-key'))).toEqual([]);
    expect(await cardHashKey(db)).toBe(key);
  });

  it('makes the folder it keeps the key in when nothing made it (on PostgreSQL no data folder is made)', async () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), 'hash-key-')), 'not', 'made');
    process.env.SANDBOX_DATA_DIR = path.join(root, 'db');
    const key = await cardHashKey(await sandboxDb());
    expect(readFileSync(path.join(root, 'card-hash-key'), 'utf8').trim()).toBe(key);
  });
});
