import 'server-only';
/**
 * The per-pay-in cap on Apple Pay's merchant validation: each validation is a call of the
 * service to Apple's gateway with the merchant identity certificate (mutual TLS), so one pay-in
 * gets APPLE_PAY_VALIDATIONS.points of them per APPLE_PAY_VALIDATIONS.duration seconds (a
 * customer who opens the Apple Pay sheet a few times never meets it). rate-limiter-flexible in the
 * velocity limits' store (packages/runtime/src/security/velocity.ts): PostgreSQL's `rate_limits` table when
 * RATE_LIMIT_DATABASE_URL (else DATABASE_URL) is set, so the cap holds across instances; else
 * memory. When the store fails, VELOCITY_STORE_FAILURE decides, as for the card limits.
 */
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { appConfig } from '@/lib/config';
import { logger } from '@hosted-checkout/runtime/log';
import { isLimiterRefusal } from '@hosted-checkout/runtime/security/velocity';

/** Merchant validations per pay-in: points per duration (seconds). */
export const APPLE_PAY_VALIDATIONS = { points: 5, duration: 600 } as const;

const KEY_PREFIX = 'velocity:applePayValidationsPerPayin';
const globalKey = Symbol.for('hosted-checkout.apple-pay-limit');

/** The limiter of the current store, made once per store (shared by the process's bundles). */
function limiter(): Promise<RateLimiterAbstract> {
  const config = appConfig();
  const url = config.RATE_LIMIT_DATABASE_URL ?? config.DATABASE_URL;
  const key = url ?? 'memory';
  const g = globalThis as typeof globalThis & { [globalKey]?: { key: string; made: Promise<RateLimiterAbstract> } };
  if (g[globalKey]?.key !== key) {
    const made = makeLimiter(url);
    made.catch(() => delete g[globalKey]);
    g[globalKey] = { key, made };
  }
  return g[globalKey].made;
}

async function makeLimiter(url: string | undefined): Promise<RateLimiterAbstract> {
  const options = { keyPrefix: KEY_PREFIX, ...APPLE_PAY_VALIDATIONS };
  if (!url) return new RateLimiterMemory(options) as unknown as RateLimiterAbstract;
  // A pool that outlives its connections (a failover of the store): packages/runtime/src/db/pool.ts.
  const { createPool } = await import('@hosted-checkout/runtime/db/pool');
  const pool = createPool(url, 2);
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const made: RateLimiterPostgres = new RateLimiterPostgres(
      { ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limits', clearExpiredByTimeout: true },
      (error?: unknown) => (error ? reject(error) : resolve(made as unknown as RateLimiterAbstract)),
    );
  });
}

/**
 * Counts one merchant validation of `paymentId`. Answers true when it may go to the service,
 * false when the pay-in's validations are spent (logged as a security event) or the store failed
 * and VELOCITY_STORE_FAILURE is `closed` (the default). Never throws.
 */
export async function takeApplePayValidation(paymentId: string, customerIp: string | undefined): Promise<boolean> {
  try {
    await (await limiter()).consume(paymentId);
    return true;
  } catch (error) {
    if (isLimiterRefusal(error)) {
      logger.warn(
        {
          event: 'security.velocity_limit',
          limit: 'applePayValidationsPerPayin',
          paymentId,
          customerIp,
          retryAfterS: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        },
        'Apple Pay merchant validation refused by its per-pay-in limit',
      );
      return false;
    }
    const open = appConfig().VELOCITY_STORE_FAILURE === 'open';
    logger.error(
      { err: error, paymentId },
      `Apple Pay validation limit unavailable: validation ${open ? 'let through' : 'refused'} (VELOCITY_STORE_FAILURE=${open ? 'open' : 'closed'})`,
    );
    return open;
  }
}
