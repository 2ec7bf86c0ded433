/**
 * The shared part of the configuration: the variables both houses of the process read (where
 * the checkout and the sandbox are served, whether this process serves the sandbox) and those the
 * runtime's own modules read (the log level, the client IP rule, the shutdown deadline, the
 * velocity limits and their store). Each variable with its default and its meaning; the
 * sandbox's own are in sandbox-env.ts, the checkout's in lib/config.ts, whose `assertConfig`
 * checks all of them at start and names every bad one. The accessors below throw ConfigError
 * (env.ts) if called with a bad environment.
 */
import 'server-only';
import { z } from 'zod';
import { ConfigError, envKeys, envReader, HttpUrlText, Limit, parseEnv, Port, PostgresUrl, Switch, withoutTrailingSlash } from './env';

/** The runtime's variables, with their meaning. Unset and empty are the same. */
export const RUNTIME_ENV_SCHEMA = z.object({
  PORT: Port.default(3000).describe('Port the server listens on; also the embedded sandbox’s loopback port.'),
  CHECKOUT_URL: HttpUrlText.optional().describe('Public origin of these pages ({checkout_url}); default http://localhost:$PORT.'),
  SANDBOX_PUBLIC_URL: HttpUrlText.optional().describe(
    'Public origin of the sandbox service (its ACS and provider pages); default CHECKOUT_URL. A sandbox in its own process has its own.',
  ),
  PAYMENTS_API_BASE_URL: HttpUrlText.optional().describe('The payments service ({base_url}); unset: the embedded sandbox at /sandbox/api.'),
  SANDBOX: Switch.optional().describe(
    '1: serve the sandbox under /sandbox even with a real service; 0: never, and PAYMENTS_API_BASE_URL is required.',
  ),
  DATABASE_URL: PostgresUrl.optional().describe('PostgreSQL server of the sandbox instead of PGlite.'),
  LIMIT_CARD_ATTEMPTS_PER_IP: Limit.default('30/3600').describe('Card attempts per customer IP: "points/seconds".'),
  LIMIT_CARD_FAILURES_PER_IP: Limit.default('10/3600').describe('Declined or failed card attempts per customer IP.'),
  LIMIT_CARD_ATTEMPTS_PER_CARD: Limit.default('25/86400').describe('Attempts per card (keyed by an in-memory HMAC of its number).'),
  LIMIT_CARD_FAILURES_PER_CARD: Limit.default('5/86400').describe('Declined or failed attempts per card.'),
  LIMIT_CARD_ATTEMPTS_PER_SESSION: Limit.default('20/3600').describe('Card attempts per cashier session (the service).'),
  LIMIT_CARD_FAILURES_PER_SESSION: Limit.default('6/3600').describe('Declined or failed card attempts per cashier session (the service).'),
  LIMIT_TRANSACTIONS_PER_SESSION: Limit.default('30/3600').describe('Pay-ins and payouts created per cashier session (the service).'),
  LIMIT_BIN_LOOKUPS_PER_IP: Limit.default('100/3600').describe(
    'BIN lookups of the card page per client address (a card-testing oracle when unlimited).',
  ),
  LIMIT_BIN_LOOKUPS_PER_PAYMENT: Limit.default('20/3600').describe('BIN lookups per pay-in.'),
  LIMIT_LAUNCHES_PER_IP: Limit.default('60/60').describe(
    'Launch addresses spent (POST /api/launch) per client address; past it 429 (a customer spends one a page).',
  ),
  RATE_LIMIT_DATABASE_URL: PostgresUrl.optional().describe(
    'PostgreSQL of the limits shared by every instance; default DATABASE_URL; neither: in memory.',
  ),
  VELOCITY_STORE_FAILURE: z
    .enum(['closed', 'open'], { error: 'must be closed or open' })
    .default('closed')
    .describe(
      'When the store of the velocity limits fails: closed refuses card attempts and session transactions until it is back (the customer is told to try again, nothing is charged); open lets them through, logged, with the service’s own limits still standing.',
    ),
  RATE_LIMIT_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64,128}$/, 'must be 64 to 128 hex digits')
    .optional()
    .describe('HMAC key of the per-card limits; the same on every instance (default: one per process).'),
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .describe(
      'Proxies in front of this server that append to X-Forwarded-For (a load balancer: 1); the customer IP is read that many entries from the right.',
    ),
  SHUTDOWN_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .describe('After SIGTERM, time given to the requests in flight, in milliseconds; then the process exits whatever is open.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .describe('pino level; default info (silent in tests).'),
});

/** What the runtime's variables say, and what follows from them. */
export type RuntimeConfig = z.infer<typeof RUNTIME_ENV_SCHEMA> & {
  /** Public origin of the hosted pages, without a trailing slash. */
  checkoutUrl: string;
  /** Public origin of the sandbox's ACS and provider pages. */
  sandboxPublicUrl: string;
  /** Whether this server serves the sandbox's API, console, ACS and provider pages. */
  sandboxEnabled: boolean;
};

/** The embedded sandbox's own API on the server listening on `port` (loopback). */
export const embeddedSandboxApiUrl = (port: number): string => `http://127.0.0.1:${port}/sandbox/api`;

/**
 * What follows from the runtime's variables, once they are valid: the public origins and whether
 * this process serves the sandbox. Throws ConfigError when SANDBOX=0 leaves no payments service.
 */
export function deriveRuntimeConfig(c: z.infer<typeof RUNTIME_ENV_SCHEMA>): RuntimeConfig {
  if (c.SANDBOX === '0' && !c.PAYMENTS_API_BASE_URL) {
    throw new ConfigError([
      'PAYMENTS_API_BASE_URL: required when SANDBOX=0 (the sandbox is off, so a real payments service must be configured)',
    ]);
  }
  const checkoutUrl = withoutTrailingSlash(c.CHECKOUT_URL ?? `http://localhost:${c.PORT}`);
  return {
    ...c,
    checkoutUrl,
    sandboxPublicUrl: withoutTrailingSlash(c.SANDBOX_PUBLIC_URL ?? checkoutUrl),
    sandboxEnabled: c.SANDBOX === '1' || (c.SANDBOX !== '0' && !c.PAYMENTS_API_BASE_URL),
  };
}

/** Parses the runtime's variables out of `env`. Throws ConfigError naming every bad one. */
export const parseRuntimeConfig = (env: Record<string, string | undefined>): RuntimeConfig =>
  deriveRuntimeConfig(parseEnv(RUNTIME_ENV_SCHEMA, env));

/** The runtime's configuration of this process's environment (read once in production: env.ts, `envReader`). */
export const runtimeConfig: () => RuntimeConfig = envReader(envKeys(RUNTIME_ENV_SCHEMA), parseRuntimeConfig);

/** Public origin of the hosted pages, without a trailing slash. */
export const checkoutUrl = (): string => runtimeConfig().checkoutUrl;

/** Public origin of the sandbox's own pages (ACS, provider), without a trailing slash. */
export const sandboxPublicUrl = (): string => runtimeConfig().sandboxPublicUrl;

/** Whether the embedded sandbox answers under /sandbox. */
export const sandboxEnabled = (): boolean => runtimeConfig().sandboxEnabled;

/** Proxies in front of this server that append to X-Forwarded-For (net/client-ip.ts). */
export const trustedProxyHops = (): number => runtimeConfig().TRUSTED_PROXY_HOPS;

/** The embedded sandbox's own API on this server (the console calls it as a merchant would; the checkout's default service). */
export const sandboxApiBaseUrl = (): string => embeddedSandboxApiUrl(runtimeConfig().PORT);

/**
 * The same server under its other loopback name (localhost ↔ 127.0.0.1): a second origin for
 * the console's embedding demo, as a merchant's site would be. Null for other hosts.
 */
export function twinOrigin(origin: string): string | null {
  const url = new URL(origin);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  else if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
  else return null;
  return url.origin;
}
