/**
 * The pool through a failover (packages/runtime/src/db/pool.ts), with a fake node-postgres client whose
 * connection the test ends as a dying server does (the query fails, 'error', then 'end'): a
 * connection lost just as drizzle's transaction began goes back to the pool (before, it was never
 * released and held a place for good: with one place, the next transaction waited for ever); one
 * lost in the middle of a transaction or while idle throws nothing; and which errors are
 * "the database is unavailable for now" (answered 503 by the sandbox).
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@sandbox/db/client';
import { createPool } from '@hosted-checkout/runtime/db/pool';

/** A node-postgres Client as the pool sees it; `loseOn`: the statement whose connection dies. */
class FakeClient extends EventEmitter {
  static loseOn: string | null = null;
  static made: FakeClient[] = [];
  _queryable = true;
  _ending = false;
  constructor() {
    super();
    FakeClient.made.push(this);
  }
  connect(callback: (error?: Error) => void) {
    setImmediate(() => callback());
  }
  /** The server went away: the query under way fails, then 'error' and 'end', as pg's Client does. */
  lose(reject?: (error: Error) => void) {
    this._queryable = false;
    const error = new Error('Connection terminated unexpectedly');
    reject?.(error);
    this.emit('error', error);
    setImmediate(() => this.emit('end'));
  }
  query(config: string | { text: string }, values?: unknown, callback?: (error?: Error, result?: unknown) => void) {
    const text = typeof config === 'string' ? config : config.text;
    const result = new Promise((resolve, reject) => {
      if (!this._queryable) return reject(new Error('Client has encountered a connection error and is not queryable'));
      if (FakeClient.loseOn && text.trim().toLowerCase().startsWith(FakeClient.loseOn)) {
        FakeClient.loseOn = null;
        return setImmediate(() => this.lose(reject));
      }
      resolve({ rows: [], rowCount: 0, fields: [], command: 'SELECT' });
    });
    const cb = typeof values === 'function' ? (values as typeof callback) : callback;
    if (!cb) return result;
    result.then(
      (rows) => cb(undefined, rows),
      (error: Error) => cb(error),
    );
    return undefined;
  }
  end(callback?: () => void) {
    this._ending = true;
    callback?.();
    return Promise.resolve();
  }
}

const fakePool = () => createPool('postgres://fake@127.0.0.1:1/fake', 1, { Client: FakeClient });
/** Rejects when `work` takes more than `ms`: a pool with no place left waits for ever. */
const within = <T>(work: Promise<T>, ms = 2000) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

afterEach(() => {
  FakeClient.loseOn = null;
  FakeClient.made = [];
});

/** A pool whose connection dies at the first `stage` statement, with its drizzle db, once a first transaction failed there as unavailable. */
async function lostOnFirst(stage: string) {
  const pool = fakePool();
  const db = drizzle(pool);
  FakeClient.loseOn = stage;
  const failed = await db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
  expect(isDatabaseUnavailable(failed)).toBe(true);
  return { pool, db };
}

describe('the pool through a failover', () => {
  it('takes back a connection lost at BEGIN: the next transaction gets a new one', async () => {
    const { pool, db } = await lostOnFirst('begin');
    await within(db.transaction(async (tx) => tx.execute(sql`select 1`)));
    expect(FakeClient.made).toHaveLength(2);
    expect(pool.totalCount).toBe(1);
    await pool.end();
  });

  it('a connection lost inside a transaction: its error reaches the caller, nothing is thrown twice, the pool goes on', async () => {
    const { pool, db } = await lostOnFirst('select');
    await within(db.transaction(async (tx) => tx.execute(sql`select 2`)));
    expect(pool.totalCount).toBe(1);
    await pool.end();
  });

  it('an idle connection lost: the pool drops it without throwing, and connects again', async () => {
    const pool = fakePool();
    const db = drizzle(pool);
    await db.execute(sql`select 1`);
    expect(pool.idleCount).toBe(1);
    FakeClient.made[0]!.lose();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.totalCount).toBe(0);
    await within(db.execute(sql`select 1`));
    expect(pool.totalCount).toBe(1);
    await pool.end();
  });
});

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: begin'), { cause });

  it('says yes to a lost or refused connection, a server going away, a standby written to, a transaction chosen to fail', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      pgError('57P01'),
      pgError('57P02'),
      pgError('57P03'),
      pgError('08006'),
      pgError('08P01'),
      pgError('25006'),
      pgError('53300'),
      pgError('40001'),
      pgError('40P01'),
      wrapped(pgError('57P01')),
      wrapped(wrapped(new Error('Connection terminated unexpectedly'))),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('says no to what another try would not change', () => {
    for (const error of [new Error('boom'), pgError('23505'), pgError('22P02'), pgError('42P01'), wrapped(pgError('23503')), null, 'text'])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
