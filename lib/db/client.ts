/**
 * The sandbox's database: PGlite (embedded PostgreSQL) under `SANDBOX_DATA_DIR`
 * (default `.data/sandbox`, survives a restart; `memory://` for tests). One instance per
 * process, kept on globalThis because Next.js may load this module once per route bundle.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface DbHandle {
  db: Db;
  close: () => Promise<void>;
}

const globalKey = Symbol.for('hosted-checkout.sandbox-db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

/** Opens (once) and migrates the sandbox database; `onReady` runs once after migration (seeding). */
export function getDb(onReady?: (db: Db) => Promise<void>): Promise<Db> {
  const g = globalThis as GlobalWithDb;
  g[globalKey] ??= openDb(process.env.SANDBOX_DATA_DIR ?? '.data/sandbox', onReady).catch((error: unknown) => {
    delete g[globalKey];
    throw error;
  });
  return g[globalKey].then((h) => h.db);
}

/** Closes the process-wide database (tests). */
export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[globalKey];
  delete g[globalKey];
  if (handle) await (await handle).close();
}

async function openDb(dataDir: string, onReady?: (db: Db) => Promise<void>): Promise<DbHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  if (onReady) await onReady(db);
  return { db, close: () => client.close() };
}
