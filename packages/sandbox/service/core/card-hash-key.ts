/**
 * The key of the sandbox's keyed card hash (HMAC-SHA256), never stored beside the hashes:
 * `CARD_HASH_KEY` from the environment (set it, the same on every instance, wherever the sandbox
 * runs on a shared PostgreSQL); else, for the embedded sandbox, a key generated at its first
 * start into `card-hash-key` beside its data folder (mode 0600), not in the database. A key an
 * older version kept in the database is moved to that file once. In-memory data (tests) gets a
 * key for the process.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { sandboxSecrets } from '@sandbox/db/schema';
import { sandboxConfig } from '@sandbox/config';
import { logger } from '@hosted-checkout/runtime/log';

const LEGACY_ROW = 'card-hash-key';

/** Where a generated key lives for a data folder such as `.data/sandbox`: `.data/card-hash-key`. */
export const keyFileOf = (dataDir: string) => path.join(path.dirname(path.resolve(dataDir)), 'card-hash-key');

function readKey(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^[0-9a-f]{64,128}$/i.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** The card hash key (hex). Throws when a generated key can neither be read nor written. */
export async function cardHashKey(db: Db): Promise<string> {
  const config = sandboxConfig();
  if (config.CARD_HASH_KEY) return config.CARD_HASH_KEY;
  if (config.SANDBOX_DATA_DIR.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = keyFileOf(config.SANDBOX_DATA_DIR);
  const existing = readKey(file);
  const [legacy] = await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, LEGACY_ROW)).limit(1);
  if (existing) {
    if (legacy) await db.delete(sandboxSecrets).where(eq(sandboxSecrets.name, LEGACY_ROW));
    return existing;
  }
  if (config.DATABASE_URL)
    logger.warn('CARD_HASH_KEY is not set: the sandbox generates one per machine; set it, the same on every instance');
  const key = legacy?.value ?? randomBytes(32).toString('hex');
  try {
    // On PostgreSQL (DATABASE_URL) nothing else made the data folder.
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process wrote it first: that one is the key.
    const other = readKey(file);
    if (!other) throw new Error(`cannot keep the card hash key in ${file}`);
    return other;
  }
  if (legacy) await db.delete(sandboxSecrets).where(eq(sandboxSecrets.name, LEGACY_ROW));
  return key;
}
