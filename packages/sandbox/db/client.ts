/**
 * The sandbox's database: a PostgreSQL server when `DATABASE_URL` is set (node-postgres pool),
 * else PGlite (embedded PostgreSQL) under `SANDBOX_DATA_DIR` (default `.data/sandbox`, survives
 * a restart; `memory://` for tests). The same drizzle code and migrations run on both. One
 * instance per process, kept on globalThis because Next.js may load this module once per route
 * bundle.
 */
import 'server-only';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sandboxConfig } from '@sandbox/config';
import { watchDbPool } from '@hosted-checkout/runtime/metrics/registry';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The migrations, from the app's working directory (the repository, or the image's /app). */
const MIGRATIONS = path.join(process.cwd(), 'packages', 'sandbox', 'drizzle');

/** Stops a LISTEN started by `listenDb`. */
export type Unlisten = () => Promise<void>;

interface DbHandle {
  db: Db;
  close: () => Promise<void>;
  listen: (channel: string, onNotify: (payload: string) => void, onLost: () => void) => Promise<Unlisten>;
}

const globalKey = Symbol.for('hosted-checkout.sandbox-db');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

/** Opens (once) and migrates the sandbox database; `onReady` runs once after migration (seeding). */
export function getDb(onReady?: (db: Db) => Promise<void>): Promise<Db> {
  return dbHandle(onReady).then((h) => h.db);
}

/** The process-wide database's handle, opened (once) as `getDb` says. */
function dbHandle(onReady?: (db: Db) => Promise<void>): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  const config = sandboxConfig();
  g[globalKey] ??= (
    config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, onReady)
      : openDb(config.SANDBOX_DATA_DIR, config.SANDBOX_DB_TEMPLATE, onReady)
  ).catch((error: unknown) => {
    delete g[globalKey];
    throw error;
  });
  return g[globalKey];
}

/**
 * LISTEN on `channel` of the process-wide database: `onNotify` gets each NOTIFY's payload.
 * On PostgreSQL a dedicated connection listens; `onLost` runs once if it drops (listen again).
 */
export async function listenDb(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<Unlisten> {
  const handle = await dbHandle();
  return handle.listen(channel, onNotify, onLost);
}

/**
 * A new in-memory database with every migration applied, as a PGlite data directory dump (an
 * uncompressed tar): the tests' template, made once (packages/sandbox/testing/database-template.ts).
 */
export async function migratedTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/**
 * Makes a new PGlite data folder at `dataDir` (initdb, then the migrations) in a PGlite of its
 * own, closed after: initdb grows PGlite's WebAssembly memory to about 430 MB, which a
 * WebAssembly memory never gives back, so the instance the process keeps is opened afresh on the
 * made folder (about 200 MB). Nothing to do when the folder holds a database already.
 */
async function makeDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const maker = await PGlite.create(dataDir);
  try {
    await migrate(drizzle(maker), { migrationsFolder: MIGRATIONS });
  } finally {
    await maker.close();
  }
  collectGarbageOnce();
}

/**
 * One full garbage collection, now: the closed maker's WebAssembly memory is freed only when V8
 * collects it, and a young process with a roomy heap may not for minutes. V8's `gc` is exposed
 * for this one call (node:v8 `setFlagsFromString('--expose-gc')`, then read from a fresh
 * context); a runtime that refuses it skips the collection, which only delays the freeing.
 */
function collectGarbageOnce(): void {
  try {
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  } catch {
    // no collection on demand here: V8 frees the memory at its next major collection
  }
}

async function openDb(dataDir: string, template: string | undefined, onReady?: (db: Db) => Promise<void>): Promise<DbHandle> {
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    await makeDataDir(dataDir);
  }
  // A memory database of the tests starts from the migrated template (the migrations below then find nothing to do).
  const client =
    template && dataDir.startsWith('memory://')
      ? await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) })
      : await PGlite.create(dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  if (onReady) await onReady(db);
  return {
    db,
    close: () => client.close(),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
  };
}

async function openPostgres(connectionString: string, poolSize: number, onReady?: (db: Db) => Promise<void>): Promise<DbHandle> {
  const { createPool } = await import('@hosted-checkout/runtime/db/pool');
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  // A pool that outlives its connections (a failover): ./pool.ts.
  const pool = createPool(connectionString, poolSize);
  // Its use at every scrape (lib/metrics/metrics.ts): connections held, idle, and queries waiting.
  watchDbPool('sandbox', pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS });
  if (onReady) await onReady(db);
  const listen: DbHandle['listen'] = async (channel, onNotify, onLost) => {
    const { Client } = await import('pg');
    const listener = new Client({ connectionString });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      onLost();
    };
    listener.on('error', drop);
    listener.on('end', drop);
    listener.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
    await listener.connect();
    await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    return async () => {
      lost = true;
      await listener.end().catch(() => undefined);
    };
  };
  return { db, close: () => pool.end(), listen };
}

/**
 * SQLSTATEs after which the same request may succeed when sent again: the connection failed or
 * the server is going away or starting (class 08, 57P01 to 57P03: a failover), a standby reached
 * for a write (25006, read_only_sql_transaction: a failover under way), no connection left
 * (53300), or the transaction was chosen to fail (40001 serialization failure, 40P01 deadlock).
 */
const RETRYABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|25006|53300|40001|40P01)$/;
/** Socket errors of a server that went away or cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres' own errors when a connection is lost or cannot be made (they carry no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether `error` (or an error it wraps: drizzle's `cause`) says the database could not be used
 * for now, so the same request, sent again, may succeed: the sandbox answers it 503 with
 * Retry-After. A commit whose answer was lost is one of them: the Idempotency-Key tells whether
 * it was kept. PGlite throws none of these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 10; depth += 1, e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (RETRYABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/** Whether `error` is PostgreSQL's unique_violation (23505), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
