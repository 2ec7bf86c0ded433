/**
 * The sandbox's access to its database: opened once, seeded on first start
 * (docs/design.md, section 6), plus the lookups every operation needs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@sandbox/db/client';
import { merchants } from '@sandbox/db/schema';
import { cardHashKey } from './card-hash-key';
import { SEED_MERCHANTS } from './merchant-config';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

/** A new webhook signing secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks keys on those bytes). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Seeds a higher layer adds at each start (the SRC system's profiles), idempotent: `onConflictDoNothing`. */
type Seeder = (db: Db) => Promise<void>;
const seedersKey = Symbol.for('hosted-checkout.sandbox-seeders');
type GlobalWithSeeders = typeof globalThis & { [seedersKey]?: Map<string, Seeder> };
const seeders = (): Map<string, Seeder> => ((globalThis as GlobalWithSeeders)[seedersKey] ??= new Map());

/**
 * Registers `seeder` under `name` (the same name again replaces it) to run after the merchants'
 * seed when the database opens. The entry points register before they open it (service/http.ts,
 * service/worker.ts), as they register the status listeners.
 */
export function registerSeed(name: string, seeder: Seeder): void {
  seeders().set(name, seeder);
}

async function seed(db: Db): Promise<void> {
  for (const merchant of SEED_MERCHANTS) {
    await db
      .insert(merchants)
      .values({
        id: merchant.id,
        token: merchant.token,
        config: merchant.config,
        webhookSecret: newWebhookSecret(),
      })
      .onConflictDoNothing();
  }
  for (const seeder of seeders().values()) await seeder(db);
}

/** The seeded sandbox database. */
export const sandboxDb = (): Promise<Db> => getDb(seed);

interface MerchantRecord {
  id: string;
  token: string;
  config: SandboxMerchantConfig;
}

export async function findMerchantByToken(db: Db, token: string): Promise<MerchantRecord | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.token, token)).limit(1);
  return row ? { id: row.id, token: row.token, config: row.config } : null;
}

export async function findMerchant(db: Db, id: string): Promise<MerchantRecord | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row ? { id: row.id, token: row.token, config: row.config } : null;
}

let hashKey: Promise<string> | null = null;

/** The card hash key (hex), read once per process (an in-memory database's key lives as long as the process). */
export function sandboxHashKey(db: Db): Promise<string> {
  hashKey ??= cardHashKey(db).catch((error: unknown) => {
    hashKey = null;
    throw error;
  });
  return hashKey;
}

/**
 * Keyed SHA-256 (HMAC) of `value` with the card hash key (packages/sandbox/service/core/card-hash-key.ts): the
 * card hash and the idempotency fingerprint. A plain hash of a PAN could be reversed by trying
 * the 10^6 numbers that share its BIN and last four.
 */
export async function keyedHash(db: Db, value: string): Promise<string> {
  return createHmac('sha256', await sandboxHashKey(db))
    .update(value)
    .digest('hex');
}

/** A new opaque identifier such as `pi_3f2a…`. */
export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
