/** The configuration module: defaults, a bad value named (of any house), SANDBOX=0 without a service, test mode. */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, withoutTrailingSlash } from './config';

const problems = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('parseConfig', () => {
  it('runs the embedded sandbox in test mode when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, checkoutUrl: 'http://localhost:3000', sandboxEnabled: true, testMode: true });
    expect(config.paymentsApi).toEqual({ baseUrl: 'http://127.0.0.1:3000/sandbox/api', token: 'sbx_checkout', timeoutMs: 15_000 });
  });

  it('names the variable of a bad value', () => {
    expect(problems({ PAYMENTS_API_TIMEOUT_MS: '15s' })).toMatch(/PAYMENTS_API_TIMEOUT_MS "15s": must be a whole number of milliseconds/);
    expect(problems({ PORT: 'eighty' })).toMatch(/PORT "eighty"/);
    expect(problems({ CHECKOUT_URL: 'javascript:alert(1)' })).toMatch(/CHECKOUT_URL/);
    expect(problems({ SANDBOX: 'yes' })).toMatch(/SANDBOX "yes": must be 0 or 1/);
  });

  it('SANDBOX=0 without PAYMENTS_API_BASE_URL cannot start', () => {
    expect(problems({ SANDBOX: '0' })).toMatch(/PAYMENTS_API_BASE_URL: required when SANDBOX=0/);
  });

  it('a real service needs its token, and is live unless the token is a sandbox one', () => {
    expect(problems({ PAYMENTS_API_BASE_URL: 'https://api.psp.example' })).toMatch(/PAYMENTS_API_TOKEN: required/);
    const live = parseConfig({ PAYMENTS_API_BASE_URL: 'https://api.psp.example/', PAYMENTS_API_TOKEN: 'live_123' });
    expect(live).toMatchObject({
      sandboxEnabled: false,
      testMode: false,
      paymentsApi: { baseUrl: 'https://api.psp.example', token: 'live_123' },
    });
    expect(parseConfig({ PAYMENTS_API_BASE_URL: 'http://127.0.0.1:4000/sandbox/api', PAYMENTS_API_TOKEN: 'sbx_checkout' }).testMode).toBe(
      true,
    );
    expect(parseConfig({ PAYMENTS_API_BASE_URL: 'https://api.psp.example', PAYMENTS_API_TOKEN: 'live_1', SANDBOX: '1' })).toMatchObject({
      sandboxEnabled: true,
      testMode: false,
    });
  });

  it('serves metrics only when METRICS_PORT is set, on a port of their own, on loopback unless told', () => {
    expect(parseConfig({})).toMatchObject({ METRICS_PORT: undefined, METRICS_HOST: '127.0.0.1', METRICS_TOKEN: undefined });
    expect(parseConfig({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '' }).METRICS_HOST).toBe('127.0.0.1');
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '::' }).METRICS_HOST).toBe('::');
    expect(problems({ METRICS_PORT: '3000' })).toMatch(/METRICS_PORT "3000": must differ from PORT/);
    expect(problems({ PORT: '8080', METRICS_PORT: '8080' })).toMatch(/METRICS_PORT "8080"/);
    expect(problems({ METRICS_PORT: 'metrics' })).toMatch(/METRICS_PORT "metrics"/);
    expect(problems({ METRICS_HOST: 'http://0.0.0.0:9464' })).toMatch(
      /METRICS_HOST "http:\/\/0\.0\.0\.0:9464": must be an IP address or a host name/,
    );
  });

  it('takes a bearer token for the metrics, and never repeats a bad one', () => {
    const token = 'a3f0c2d9e8b7a6f5e4d3c2b1a0f9e8d7';
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    expect(parseConfig({ METRICS_TOKEN: 'dGhlIG1ldHJpY3MgdG9rZW4gb2YgdGhlIHNjcmFwZXI=' }).METRICS_TOKEN).toMatch(/=$/);
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    for (const bad of ['short-secret', 'a secret with spaces in it', 'secret"quoted"0123456789', 'x'.repeat(4097)]) {
      const problem = problems({ METRICS_TOKEN: bad });
      expect(problem, bad.slice(0, 30)).toMatch(/METRICS_TOKEN \(value not shown\): must be/);
      expect(problem).not.toContain(bad.slice(0, 12));
    }
  });

  it('names every bad variable of the process at once: the runtime’s, the sandbox’s and the checkout’s', () => {
    const problem = problems({ LOG_LEVEL: 'loud', CARD_HASH_KEY: 'not-hex', SANDBOX_WORKER: 'maybe', POW_MAX_COUNTER: '5' });
    expect(problem).toMatch(/LOG_LEVEL "loud"/);
    expect(problem).toMatch(/CARD_HASH_KEY "not-hex": must be 64 to 128 hex digits/);
    expect(problem).toMatch(/SANDBOX_WORKER "maybe": must be on or off/);
    expect(problem).toMatch(/POW_MAX_COUNTER "5"/);
    expect(parseConfig({})).toMatchObject({
      SANDBOX_WORKER: 'on',
      SANDBOX_DATA_DIR: '.data/sandbox',
      LIMIT_CARD_ATTEMPTS_PER_IP: '30/3600',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PAYMENTS_API_BASE_URL: '', PORT: '' }).testMode).toBe(true);
  });
});

describe('withoutTrailingSlash', () => {
  it('drops trailing slashes only, in linear time on a long run', () => {
    expect(withoutTrailingSlash('http://a.example//')).toBe('http://a.example');
    expect(withoutTrailingSlash(`${'/'.repeat(100_000)}x/`)).toHaveLength(100_001);
  });
});
