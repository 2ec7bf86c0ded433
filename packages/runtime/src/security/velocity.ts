/**
 * Velocity limits against card testing (rate-limiter-flexible): card attempts and failed
 * attempts per customer IP, per card and per cashier session, and transactions created per
 * cashier session, each over a window. Defaults a real customer never meets; each is
 * configurable as "points/seconds" (../config.ts, LIMIT_*). The store is in memory, or
 * PostgreSQL when RATE_LIMIT_DATABASE_URL (else DATABASE_URL) is set, so limits hold across
 * instances; when that store fails, VELOCITY_STORE_FAILURE says what happens (closed by default:
 * refused). Refusals are recognised by a brand, never `instanceof` (packages/contract/src/error-brand.ts), and the
 * package is required once per process (next.config.mjs, serverExternalPackages). A card is keyed by an HMAC of its number computed in memory (RATE_LIMIT_KEY, else a
 * key of the process), never stored with the number. The per-address limits (`…PerIp`) key an
 * address by `addressKey` (packages/runtime/src/net/client-ip.ts): an IPv6 client is its /64, whatever address of
 * it a request comes from. Every refusal is logged as a security event, without card data.
 * Other modules get limiters on the same store with `sharedLimiter` (lib/security/csp-reports.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { runtimeConfig, type RuntimeConfig } from '../config';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';
import { logger } from '../log';
import { countVelocityRefusal, countVelocityStoreFailure, watchDbPool, zeroVelocitySeries, type PoolCounts } from '../metrics/registry';
import { addressKey } from '../net/client-ip';

export const LIMITS = {
  cardAttemptsPerIp: 'LIMIT_CARD_ATTEMPTS_PER_IP',
  cardFailuresPerIp: 'LIMIT_CARD_FAILURES_PER_IP',
  cardAttemptsPerCard: 'LIMIT_CARD_ATTEMPTS_PER_CARD',
  cardFailuresPerCard: 'LIMIT_CARD_FAILURES_PER_CARD',
  cardAttemptsPerSession: 'LIMIT_CARD_ATTEMPTS_PER_SESSION',
  cardFailuresPerSession: 'LIMIT_CARD_FAILURES_PER_SESSION',
  transactionsPerSession: 'LIMIT_TRANSACTIONS_PER_SESSION',
  binLookupsPerIp: 'LIMIT_BIN_LOOKUPS_PER_IP',
  binLookupsPerPayment: 'LIMIT_BIN_LOOKUPS_PER_PAYMENT',
  launchesPerIp: 'LIMIT_LAUNCHES_PER_IP',
} as const satisfies Record<string, keyof RuntimeConfig>;
type LimitName = keyof typeof LIMITS;
zeroVelocitySeries(Object.keys(LIMITS));

/** A refused attempt: which limit, and in how many seconds a point frees up. */
export class VelocityLimited extends Error {
  constructor(
    readonly limit: LimitName,
    readonly retryAfterS: number,
  ) {
    super(`velocity limit ${limit}`);
    this.name = 'VelocityLimited';
    brandError(this, 'VelocityLimited');
  }

  /** Whether `value` is a refusal, thrown by any bundle's copy of this module. */
  static is(value: unknown): value is VelocityLimited {
    return hasErrorBrand(value, 'VelocityLimited');
  }
}

interface Limiters {
  key: string;
  byName: Promise<Record<LimitName, RateLimiterAbstract>>;
}
const globalKey = Symbol.for('hosted-checkout.velocity');

const LIMIT = /^(?<points>\d+)\/(?<seconds>\d+)$/;

/** "points/seconds" as the limiter's options; throws for any other text (the config's schema lets none through). */
export function parseLimit(text: string): { points: number; duration: number } {
  const limit = LIMIT.exec(text)?.groups;
  if (limit?.points === undefined || limit.seconds === undefined) throw new Error(`a velocity limit is "points/seconds", not "${text}"`);
  return { points: Number(limit.points), duration: Number(limit.seconds) };
}

/** The limiters of the current configuration, made once (a changed configuration makes new ones: tests). */
function limiters(): Promise<Record<LimitName, RateLimiterAbstract>> {
  const config = runtimeConfig();
  const url = config.RATE_LIMIT_DATABASE_URL ?? config.DATABASE_URL;
  const key = JSON.stringify([url, ...Object.values(LIMITS).map((name) => config[name])]);
  const g = globalThis as typeof globalThis & { [globalKey]?: Limiters };
  if (g[globalKey]?.key !== key) {
    const byName = makeLimiters(config, url);
    byName.catch(() => delete g[globalKey]);
    g[globalKey] = { key, byName };
  }
  return g[globalKey].byName;
}

const poolKey = Symbol.for('hosted-checkout.velocity-pool');

/** The PostgreSQL pool of the limits' store at `url`, one per process and URL; null for the in-memory store. */
async function storePool(url: string | undefined): Promise<unknown> {
  if (!url) return null;
  const g = globalThis as typeof globalThis & { [poolKey]?: Map<string, Promise<unknown>> };
  const pools = (g[poolKey] ??= new Map());
  if (!pools.has(url))
    pools.set(
      url,
      // A pool that outlives its connections (a failover of the store): packages/runtime/src/db/pool.ts.
      import('../db/pool').then(({ createPool }) => {
        const pool = createPool(url, 4);
        watchDbPool('rate_limits', pool as PoolCounts);
        return pool;
      }),
    );
  return pools.get(url);
}

/** Where the limits are kept: PostgreSQL (RATE_LIMIT_DATABASE_URL, else DATABASE_URL) or this process's memory. */
export function limitStoreKind(): 'postgresql' | 'in-process' {
  const config = runtimeConfig();
  return (config.RATE_LIMIT_DATABASE_URL ?? config.DATABASE_URL) ? 'postgresql' : 'in-process';
}

/** Asks the limits' PostgreSQL store one query (readiness, lib/checkout/shared/readiness.ts); rejects when it fails. Nothing to ask in memory. */
export async function pingLimitStore(): Promise<void> {
  const config = runtimeConfig();
  const pool = (await storePool(config.RATE_LIMIT_DATABASE_URL ?? config.DATABASE_URL)) as {
    query: (text: string) => Promise<unknown>;
  } | null;
  if (pool) await pool.query('select 1');
}

/** One limiter of `points` per `duration` seconds on the store at `url` (PostgreSQL), or in memory. */
async function makeLimiter(
  url: string | undefined,
  options: { keyPrefix: string; points: number; duration: number },
): Promise<RateLimiterAbstract> {
  const pool = await storePool(url);
  if (!pool) return new RateLimiterMemory(options) as unknown as RateLimiterAbstract;
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const limiter: RateLimiterPostgres = new RateLimiterPostgres(
      { ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limits', clearExpiredByTimeout: true },
      (error?: unknown) => (error ? reject(error) : resolve(limiter as unknown as RateLimiterAbstract)),
    );
  });
}

async function makeLimiters(config: RuntimeConfig, url: string | undefined): Promise<Record<LimitName, RateLimiterAbstract>> {
  const byName = {} as Record<LimitName, RateLimiterAbstract>;
  for (const name of Object.keys(LIMITS) as LimitName[]) {
    byName[name] = await makeLimiter(url, { keyPrefix: `velocity:${name}`, ...parseLimit(config[LIMITS[name]]) });
  }
  return byName;
}

const sharedKey = Symbol.for('hosted-checkout.shared-limiters');

/**
 * A limiter of `points` per `duration` seconds under `name`, on the velocity limits' store
 * (PostgreSQL when RATE_LIMIT_DATABASE_URL or DATABASE_URL is set, so it holds across
 * instances; else in memory), made once per process and store. Rejects when the store cannot
 * be reached; its `consume` rejects with a RateLimiterRes (`isLimiterRefusal`) when no point is left.
 */
export function sharedLimiter(name: string, points: number, duration: number): Promise<RateLimiterAbstract> {
  const config = runtimeConfig();
  const url = config.RATE_LIMIT_DATABASE_URL ?? config.DATABASE_URL;
  const key = JSON.stringify([url, name, points, duration]);
  const g = globalThis as typeof globalThis & { [sharedKey]?: Map<string, Promise<RateLimiterAbstract>> };
  const made = (g[sharedKey] ??= new Map());
  let limiter = made.get(key);
  if (!limiter) {
    limiter = makeLimiter(url, { keyPrefix: name, points, duration });
    limiter.catch(() => made.delete(key));
    made.set(key, limiter);
  }
  return limiter;
}

const keyOfProcess = Symbol.for('hosted-checkout.velocity-card-key');

/** The key of a card in the limiters: HMAC-SHA256 of its digits, in memory only (one key per process, shared by its bundles). */
export function cardKey(digits: string): string {
  const g = globalThis as typeof globalThis & { [keyOfProcess]?: string };
  const key = runtimeConfig().RATE_LIMIT_KEY ?? (g[keyOfProcess] ??= randomBytes(32).toString('hex'));
  return createHmac('sha256', key).update(`card:${digits}`).digest('hex');
}

export type Check = { limit: LimitName; key: string | undefined };

/** The store's key of a check: a per-address limit keys the address's network (`addressKey`: IPv6 by its /64). */
function keyOf(limit: LimitName, key: string): string {
  return limit.endsWith('PerIp') ? addressKey(key) : key;
}

/** The limits could not be checked (their store failed) and VELOCITY_STORE_FAILURE is `closed`: the attempt is refused. */
export class VelocityUnavailable extends Error {
  constructor() {
    super('velocity limits unavailable');
    this.name = 'VelocityUnavailable';
    brandError(this, 'VelocityUnavailable');
  }

  /** Whether `value` is this refusal, thrown by any bundle's copy of this module. */
  static is(value: unknown): value is VelocityUnavailable {
    return hasErrorBrand(value, 'VelocityUnavailable');
  }
}

/**
 * A refusal of rate-limiter-flexible: it rejects with a RateLimiterRes (not an Error) when no
 * point is left. Recognised by its fields, never by `instanceof`: the class may come from
 * another copy of the package than the limiter that threw it.
 */
export function isLimiterRefusal(value: unknown): value is { msBeforeNext: number; remainingPoints: number; consumedPoints: number } {
  if (typeof value !== 'object' || value === null || value instanceof Error) return false;
  const v = value as Record<string, unknown>;
  return typeof v.msBeforeNext === 'number' && typeof v.remainingPoints === 'number' && typeof v.consumedPoints === 'number';
}

/**
 * Runs `run` on the limiters. A refusal (VelocityLimited) is thrown as is. If their store fails
 * (PostgreSQL down), VELOCITY_STORE_FAILURE decides: `closed` (the default) refuses the attempt
 * (VelocityUnavailable: the customer may try again soon, nothing is charged); `open` lets it
 * through with the error logged, the service's own limits still standing.
 */
async function withLimiters(run: (byName: Record<LimitName, RateLimiterAbstract>) => Promise<void>): Promise<void> {
  try {
    await run(await limiters());
  } catch (error) {
    if (VelocityLimited.is(error)) throw error;
    countVelocityStoreFailure(runtimeConfig().VELOCITY_STORE_FAILURE);
    if (runtimeConfig().VELOCITY_STORE_FAILURE === 'open') {
      logger.error({ err: error }, 'velocity limits unavailable: attempt let through (VELOCITY_STORE_FAILURE=open)');
      return;
    }
    logger.error({ err: error }, 'velocity limits unavailable: attempt refused (VELOCITY_STORE_FAILURE=closed)');
    throw new VelocityUnavailable();
  }
}

function refuse(limit: LimitName, msBeforeNext: number, context: Record<string, unknown>): never {
  const retryAfterS = Math.max(1, Math.ceil(msBeforeNext / 1000));
  logger.warn({ event: 'security.velocity_limit', limit, retryAfterS, ...context }, 'attempt refused by a velocity limit');
  countVelocityRefusal(limit);
  throw new VelocityLimited(limit, retryAfterS);
}

/**
 * Consumes one point of each limit for its key (checks without a key are skipped). Throws
 * VelocityLimited for the first limit with no point left. `context` goes to the security log
 * (ids only: never a card number or a card key).
 */
export function consume(checks: Check[], context: Record<string, unknown> = {}): Promise<void> {
  return withLimiters(async (byName) => {
    for (const { limit, key } of checks) {
      if (!key) continue;
      try {
        await byName[limit].consume(keyOf(limit, key));
      } catch (error) {
        if (isLimiterRefusal(error)) refuse(limit, error.msBeforeNext, context);
        throw error;
      }
    }
  });
}

/** Throws VelocityLimited when a limit has no point left for its key, without consuming one. */
export function assertRemaining(checks: Check[], context: Record<string, unknown> = {}): Promise<void> {
  return withLimiters(async (byName) => {
    for (const { limit, key } of checks) {
      if (!key) continue;
      const state = await byName[limit].get(keyOf(limit, key));
      if (state && state.consumedPoints >= byName[limit].points) refuse(limit, state.msBeforeNext, context);
    }
  });
}

/** Points a key has used of a limit in its window. Throws VelocityUnavailable when the store fails (fail closed). */
export async function consumedPoints(limit: LimitName, key: string): Promise<number> {
  let points = 0;
  await withLimiters(async (byName) => {
    points = (await byName[limit].get(keyOf(limit, key)))?.consumedPoints ?? 0;
  });
  return points;
}

/**
 * Records a failed attempt against each limit (what is over its limit is refused next time).
 * Called after the charge: it never throws (a store that fails now is logged; the next attempt's
 * check fails closed).
 */
export async function recordFailure(checks: Check[]): Promise<void> {
  try {
    await withLimiters(async (byName) => {
      for (const { limit, key } of checks) {
        if (key) await byName[limit].penalty(keyOf(limit, key), 1);
      }
    });
  } catch (error) {
    if (!VelocityUnavailable.is(error)) throw error;
  }
}
