/**
 * Velocity limits: points per window, refusals with Retry-After, failures counted apart, cards
 * keyed by an HMAC never equal to the number (the service's own per-session limits are the
 * sandbox's: packages/sandbox/service/core/session-limits.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  assertRemaining,
  cardKey,
  consume,
  consumedPoints,
  isLimiterRefusal,
  parseLimit,
  recordFailure,
  sharedLimiter,
  VelocityLimited,
  VelocityUnavailable,
} from './velocity';

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (key.startsWith('LIMIT_') && saved[key] === undefined) delete process.env[key];
});

describe('limits', () => {
  it('reads points/seconds', () => {
    expect(parseLimit('10/3600')).toEqual({ points: 10, duration: 3600 });
  });

  it('refuses the attempt after the configured points, with the seconds to wait', async () => {
    process.env.LIMIT_CARD_ATTEMPTS_PER_IP = '3/60';
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const check = [{ limit: 'cardAttemptsPerIp' as const, key: `${ip}-${randomUUID()}` }];
    for (let i = 0; i < 3; i += 1) await consume(check);
    const refused = await consume(check).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VelocityLimited);
    expect((refused as VelocityLimited).retryAfterS).toBeGreaterThan(0);
    expect((refused as VelocityLimited).retryAfterS).toBeLessThanOrEqual(60);
  });

  it('counts failures apart: assertRemaining refuses once they are spent, without spending itself', async () => {
    process.env.LIMIT_CARD_FAILURES_PER_CARD = '2/600';
    const check = [{ limit: 'cardFailuresPerCard' as const, key: cardKey(`4000000000000002${randomUUID()}`) }];
    await assertRemaining(check);
    await assertRemaining(check);
    await recordFailure(check);
    await assertRemaining(check);
    await recordFailure(check);
    await expect(assertRemaining(check)).rejects.toBeInstanceOf(VelocityLimited);
  });

  it('keys a card by an HMAC, stable in the process, never the number', () => {
    expect(cardKey('4242424242424242')).toBe(cardKey('4242424242424242'));
    expect(cardKey('4242424242424242')).not.toContain('4242');
    expect(cardKey('4242424242424242')).not.toBe(cardKey('5555555555554444'));
  });
});

describe('per-address limits key an IPv6 client by its /64', () => {
  it('refuses the fourth attempt from a fourth address of the same /64; another /64 still has its points', async () => {
    process.env.LIMIT_CARD_ATTEMPTS_PER_IP = '3/60';
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 1; i <= 3; i += 1) await consume([{ limit: 'cardAttemptsPerIp', key: `${prefix}::${i}` }]);
    // Before: each of the 2^64 addresses had points of its own.
    await expect(consume([{ limit: 'cardAttemptsPerIp', key: `${prefix}:abcd:ef01:2345:6789` }])).rejects.toBeInstanceOf(VelocityLimited);
    await expect(assertRemaining([{ limit: 'cardAttemptsPerIp', key: `${prefix}::ffff` }])).rejects.toBeInstanceOf(VelocityLimited);
    expect(await consumedPoints('cardAttemptsPerIp', `${prefix}::77`)).toBeGreaterThanOrEqual(3);
    await expect(
      consume([{ limit: 'cardAttemptsPerIp', key: `2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1` }]),
    ).resolves.toBeUndefined();
  });

  it('keys other limits (a session) by the key as given', async () => {
    process.env.LIMIT_CARD_ATTEMPTS_PER_SESSION = '1/60';
    await consume([{ limit: 'cardAttemptsPerSession', key: '2001:db8::1' }]);
    await expect(consume([{ limit: 'cardAttemptsPerSession', key: '2001:db8::2' }])).resolves.toBeUndefined();
  });
});

describe('refusals across bundles and a failing store', () => {
  it('recognises a refusal of another copy of rate-limiter-flexible by its fields, not its class', () => {
    // What another bundle's copy throws: same fields, another class.
    class RateLimiterResCopy {
      msBeforeNext = 1200;
      remainingPoints = 0;
      consumedPoints = 21;
      isFirstInDuration = false;
    }
    const copy = new RateLimiterResCopy();
    expect(copy instanceof RateLimiterRes).toBe(false);
    expect(isLimiterRefusal(copy)).toBe(true);
    expect(isLimiterRefusal(new RateLimiterRes(0, 1000, 5, false))).toBe(true);
    expect(isLimiterRefusal(new Error('connection refused'))).toBe(false);
    expect(isLimiterRefusal({ msBeforeNext: '1' })).toBe(false);
  });

  it('a refusal thrown by a second copy of this module is still a refusal here (the limiters made by the first)', async () => {
    process.env.LIMIT_CARD_ATTEMPTS_PER_SESSION = '2/600';
    const key = `session-${randomUUID()}`;
    await consume([{ limit: 'cardAttemptsPerSession', key }]);
    vi.resetModules();
    const copy = await import('./velocity');
    expect(copy.VelocityLimited).not.toBe(VelocityLimited);
    await copy.consume([{ limit: 'cardAttemptsPerSession', key }]);
    const refused = await copy.consume([{ limit: 'cardAttemptsPerSession', key }]).catch((error: unknown) => error);
    expect(refused instanceof VelocityLimited).toBe(false);
    expect(VelocityLimited.is(refused)).toBe(true);
    // And the other way round: this copy's refusal, from the limiters the second copy uses.
    expect(copy.VelocityLimited.is(await consume([{ limit: 'cardAttemptsPerSession', key }]).catch((error: unknown) => error))).toBe(true);
  });

  it('fails closed when the store fails (VELOCITY_STORE_FAILURE=closed, the default), open only when told', async () => {
    // A PostgreSQL store on a closed loopback port: every use of the limiters fails.
    process.env.RATE_LIMIT_DATABASE_URL = 'postgres://checkout:x@127.0.0.1:9/limits';
    try {
      const check = [{ limit: 'cardAttemptsPerIp' as const, key: '203.0.113.5' }];
      await expect(consume(check)).rejects.toSatisfy((error: unknown) => VelocityUnavailable.is(error));
      await expect(assertRemaining(check)).rejects.toSatisfy((error: unknown) => VelocityUnavailable.is(error));
      // After the charge, a failure to record is logged, never thrown.
      await expect(recordFailure(check)).resolves.toBeUndefined();
      process.env.VELOCITY_STORE_FAILURE = 'open';
      await expect(consume(check)).resolves.toBeUndefined();
    } finally {
      delete process.env.RATE_LIMIT_DATABASE_URL;
      delete process.env.VELOCITY_STORE_FAILURE;
    }
  });
});

describe('sharedLimiter', () => {
  it('is one limiter per name and limit in the process, on the velocity store', async () => {
    const a = await sharedLimiter('test:shared', 2, 60);
    expect(await sharedLimiter('test:shared', 2, 60)).toBe(a);
    await a.consume('k');
    await a.consume('k');
    await expect(a.consume('k')).rejects.toSatisfy(isLimiterRefusal);
  });
});
