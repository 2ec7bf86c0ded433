/**
 * The node-postgres pool of a PostgreSQL server, made to outlive the server's connections: a
 * failover (README "Database failover") ends every connection at once, and the pool must give
 * new ones to the next requests, which is its own job, provided that:
 * - every connection lost emits an 'error' that has a listener: the pool's, for an idle client
 *   (the pool drops it), and each client's own, for one in use (its query fails as well; without
 *   a listener Node throws the event as an uncaught exception);
 * - a client in use whose connection is lost goes back to the pool at once, with the error (the
 *   pool drops it). drizzle's `transaction()` releases its client in a `finally` that a failed
 *   BEGIN never reaches: a connection lost just as a transaction began was never released, and
 *   each one took a place of the pool for good (the pool has no timeout: later requests waited
 *   for ever once all were taken). The client's own `release` is then a no-op.
 * The requests that had a query on a lost connection fail with an error `isDatabaseUnavailable`
 * recognises: the sandbox answers them 503 (try again with the same Idempotency-Key).
 */
import 'server-only';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { logger } from '../log';

/**
 * A pg Pool whose checked-out clients go back to it when their connection is lost. Its name
 * keeps "Pool": drizzle tells a pool from a client by it.
 */
class FailoverSafePool extends Pool {
  connect(): Promise<PoolClient>;
  connect(callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  connect(callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // The callback form is the pool's own (pool.query), which releases on every path.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const lost = () => {
    if (released) return;
    logger.warn('database connection lost while in use: returned to the pool, which drops it');
    done(new Error('Connection terminated while in use'));
  };
  const done = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', lost);
    release(error);
  };
  client.release = done;
  client.once('end', lost);
  return client;
}

/** A pool of at most `max` connections to `connectionString`; `options` for tests (a fake Client). */
export function createPool(connectionString: string, max: number, options: Omit<PoolConfig, 'Client'> & { Client?: unknown } = {}): Pool {
  const pool = new FailoverSafePool({ connectionString, max, ...options } as PoolConfig);
  // An idle connection lost (the server went away): the pool drops it and says so here.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost; the pool opens a new one when needed'));
  // A connection in use lost: its query fails (that error is the request's); this listener keeps
  // the client's 'error' event from being thrown.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
