/**
 * The runtime's configuration on its own (the sandbox reads it without the checkout's): its
 * defaults and derived origins, the SANDBOX=0 rule, a bad value named with its value unless it is
 * a secret, and the reader that follows a changed environment outside production.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseRuntimeConfig, runtimeConfig, sandboxApiBaseUrl, twinOrigin } from './config';
import { ConfigError, envReader, parseEnv } from './env';
import { SANDBOX_ENV_SCHEMA } from './sandbox-env';

const problems = (run: () => unknown): string | null => {
  try {
    run();
  } catch (error) {
    if (ConfigError.is(error)) return error.message;
    throw error;
  }
  return null;
};

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['PORT', 'CHECKOUT_URL', 'SANDBOX_WEBHOOK_ALLOW_LOOPBACK']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('the runtime’s configuration', () => {
  it('derives the public origins and whether the sandbox is served', () => {
    expect(parseRuntimeConfig({})).toMatchObject({
      PORT: 3000,
      checkoutUrl: 'http://localhost:3000',
      sandboxPublicUrl: 'http://localhost:3000',
      sandboxEnabled: true,
      TRUSTED_PROXY_HOPS: 0,
      SHUTDOWN_DEADLINE_MS: 10_000,
    });
    expect(
      parseRuntimeConfig({
        CHECKOUT_URL: 'https://pay.example//',
        SANDBOX_PUBLIC_URL: 'https://sbx.example/',
        PAYMENTS_API_BASE_URL: 'https://api.example',
      }),
    ).toMatchObject({ checkoutUrl: 'https://pay.example', sandboxPublicUrl: 'https://sbx.example', sandboxEnabled: false });
  });

  it('ignores the other houses’ variables, and names its own bad ones', () => {
    expect(problems(() => parseRuntimeConfig({ POW_MAX_COUNTER: '5', CARD_HASH_KEY: 'x' }))).toBeNull();
    const problem = problems(() => parseRuntimeConfig({ TRUSTED_PROXY_HOPS: 'eleven', LIMIT_LAUNCHES_PER_IP: '0/60' }));
    expect(problem).toMatch(/TRUSTED_PROXY_HOPS "eleven"/);
    expect(problem).toMatch(/LIMIT_LAUNCHES_PER_IP "0\/60": must be points\/seconds/);
    expect(problems(() => parseRuntimeConfig({ SANDBOX: '0' }))).toMatch(/PAYMENTS_API_BASE_URL: required when SANDBOX=0/);
  });

  it('reads this process’s environment again when it changes (tests), and its accessors follow', () => {
    process.env.PORT = '4100';
    expect(sandboxApiBaseUrl()).toBe('http://127.0.0.1:4100/sandbox/api');
    process.env.CHECKOUT_URL = 'https://pay.example/';
    expect(runtimeConfig().checkoutUrl).toBe('https://pay.example');
  });

  it('names the loopback twin of a local origin only', () => {
    expect(twinOrigin('http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(twinOrigin('http://127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(twinOrigin('https://pay.example')).toBeNull();
  });
});

describe('env.ts', () => {
  it('never repeats the value of an unshown variable', () => {
    const problem = problems(() => parseEnv(SANDBOX_ENV_SCHEMA, { CARD_HASH_KEY: 'secret-but-bad' }, new Set(['CARD_HASH_KEY'])));
    expect(problem).toMatch(/CARD_HASH_KEY \(value not shown\): must be 64 to 128 hex digits/);
    expect(problem).not.toContain('secret-but-bad');
  });

  it('a reader parses once per environment, and again when one of its variables changes', () => {
    let parses = 0;
    const read = envReader(['SANDBOX_WEBHOOK_ALLOW_LOOPBACK'], (env) => {
      parses += 1;
      return parseEnv(SANDBOX_ENV_SCHEMA, env).SANDBOX_WEBHOOK_ALLOW_LOOPBACK;
    });
    process.env.SANDBOX_WEBHOOK_ALLOW_LOOPBACK = '1';
    expect([read(), read()]).toEqual(['1', '1']);
    process.env.SANDBOX_WEBHOOK_ALLOW_LOOPBACK = '0';
    expect(read()).toBe('0');
    expect(parses).toBe(2);
  });
});
