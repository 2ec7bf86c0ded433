/**
 * Server configuration: every environment variable the app reads, its default and its meaning,
 * validated with zod in one place (README, "Configuration"). A bad value stops the start with a
 * message naming the variable (`assertConfig`, called from instrumentation.ts); the accessors
 * below throw the same ConfigError if called with a bad environment.
 */
import 'server-only';
import { z } from 'zod';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';

const Port = z.coerce.number().int().min(1).max(65535);
const HttpUrlText = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const Switch = z.enum(['0', '1'], { error: 'must be 0 or 1' });
/** A velocity limit: "points/seconds", such as "10/3600". */
const Limit = z.string().regex(/^[1-9]\d{0,6}\/[1-9]\d{0,7}$/, 'must be points/seconds, such as 10/3600');

/** Every variable, with its meaning. Unset and empty are the same. */
export const ENV_SCHEMA = z.object({
  PORT: Port.default(3000).describe('Port the server listens on; also the embedded sandbox’s loopback port.'),
  CHECKOUT_URL: HttpUrlText.optional().describe('Public origin of these pages ({checkout_url}); default http://localhost:$PORT.'),
  SANDBOX_PUBLIC_URL: HttpUrlText.optional().describe(
    'Public origin of the sandbox service (its ACS and provider pages); default CHECKOUT_URL. A sandbox in its own process has its own.',
  ),
  PAYMENTS_API_BASE_URL: HttpUrlText.optional().describe('The payments service ({base_url}); unset: the embedded sandbox at /sandbox/api.'),
  PAYMENTS_API_TOKEN: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe('Bearer credential of the hosted pages at the payments service; required with PAYMENTS_API_BASE_URL.'),
  PAYMENTS_API_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, such as 15000' })
    .int({ error: 'must be a whole number of milliseconds, such as 15000' })
    .min(100)
    .max(120_000)
    .default(15_000)
    .describe('Time allowed for one call to the payments service, in milliseconds.'),
  SANDBOX: Switch.optional().describe(
    '1: serve the sandbox under /sandbox even with a real service; 0: never, and PAYMENTS_API_BASE_URL is required.',
  ),
  SANDBOX_WORKER: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .describe('off: this instance does not run the sandbox’s worker (timed outcomes, webhooks).'),
  SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox').describe('PGlite folder of the embedded sandbox (memory:// for tests).'),
  SANDBOX_DB_TEMPLATE: z
    .string()
    .optional()
    .describe(
      'Tests only: a migrated PGlite data directory (a tar) that a memory:// sandbox database starts from; vitest’s global setup makes it.',
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('PostgreSQL server of the sandbox instead of PGlite.'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10).describe('Connections of the PostgreSQL pool.'),
  CARD_HASH_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64,128}$/, 'must be 64 to 128 hex digits (32 to 64 random bytes)')
    .optional()
    .describe(
      'Key of the sandbox’s keyed card hash (HMAC-SHA256); unset: generated once into a file beside, not inside, the sandbox’s data.',
    ),
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: Switch.default('0').describe(
    '1: the sandbox may send webhooks to private, unique-local and carrier-grade NAT networks too (never to link-local or cloud metadata addresses).',
  ),
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: Switch.default('0').describe(
    '1: the sandbox may send webhooks to this machine (a developer’s own receiver; npm run demo sets it); off, loopback is refused like any internal address.',
  ),
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
  LIMIT_CSP_REPORTS_PER_IP: Limit.default('30/60').describe(
    'CSP violation reports counted per client address, in memory per instance; past it 429 (a page sends a handful).',
  ),
  LIMIT_VITALS_PER_IP: Limit.default('60/60').describe(
    'Timing reports of the framed pages (POST /api/vitals) counted per client address, in memory per instance; past it 429 (a page sends one to three; customers behind one NAT share it).',
  ),
  RATE_LIMIT_DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .describe('PostgreSQL of the limits shared by every instance; default DATABASE_URL; neither: in memory.'),
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
  POW_AFTER_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .describe('Declined or failed card attempts from one IP after which the card form needs a solved proof-of-work (ALTCHA).'),
  POW_MAX_COUNTER: z.coerce
    .number()
    .int()
    .min(1000)
    .max(100_000_000)
    .default(200_000)
    .describe('Largest secret counter of a challenge: the work a browser does (about a second at 200000).'),
  POW_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64,128}$/, 'must be 64 to 128 hex digits')
    .optional()
    .describe('HMAC secret of the challenges; the same on every instance (default: one per process).'),
  LIVE_STREAMS_PER_IP: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(50)
    .describe('Open live-balance event streams (withdrawal widgets) per customer IP on one instance.'),
  LIVE_STREAMS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(20_000)
    .describe('Open live-balance event streams on one instance; above it widgets poll.'),
  ACS_ORIGINS: z
    .string()
    .max(4096)
    .regex(/^https:\/\/[^\s,]+(,https:\/\/[^\s,]+)*$/, 'must be https origins separated by commas')
    .optional()
    .describe(
      'Origins of the issuers’ ACS (or the 3DS server that frames them) allowed to use the Payment Request API (SPC) and passkeys inside the card page’s challenge frame, comma-separated; the sandbox’s own is always allowed. Any other ACS runs the ordinary challenge.',
    ),
  GOOGLE_PAY_SCRIPT_URL: z
    .url()
    .max(2048)
    .default('https://pay.google.com/gp/p/js/pay.js')
    .describe(
      'Google Pay API script the card page loads for merchants offering GOOGLE_PAY; its origin joins those pages’ CSP only. Tests point it at a stub on loopback.',
    ),
  GOOGLE_PAY_GATEWAY: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .default('sandbox')
    .describe(
      'Google Pay PAYMENT_GATEWAY tokenization: the gateway id the payments service is registered under with Google (`gatewayMerchantId` is the merchant id).',
    ),
  APPLE_PAY_MERCHANT_ID: z
    .string()
    .max(128)
    .regex(/^[A-Za-z0-9.-]+$/)
    .default('merchant.sandbox.checkout')
    .describe('Apple Pay merchant identifier of the payments service (its merchant identity certificate validates merchants).'),
  MERCHANT_COUNTRY: z
    .string()
    .length(2)
    .regex(/^[A-Z]{2}$/)
    .default('GB')
    .describe(
      'ISO 3166-1 alpha-2 country of the acquirer the wallets name (Google Pay transactionInfo.countryCode, Apple Pay countryCode).',
    ),
  FORWARDED_HOSTS: z
    .string()
    .max(2048)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?(,[a-z0-9.-]+(:\d{1,5})?)*$/i, 'must be hosts (host or host:port) separated by commas')
    .optional()
    .describe(
      'Other public hosts this instance serves under, comma-separated: an X-Forwarded-Host naming one of them or CHECKOUT_URL’s host is accepted from the trusted proxies (TRUSTED_PROXY_HOPS ≥ 1); any other is refused (400).',
    ),
  TRUSTED_PROXY_HOPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(0)
    .describe(
      'Proxies in front of this server that append to X-Forwarded-For (a load balancer: 1); the customer IP is read that many entries from the right.',
    ),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(120_000)
    .default(10_000)
    .describe('Time a connection has to send a request head, in milliseconds; then it is closed (lib/net/request-guard.ts).'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .describe('Time a request has to send its whole body, in milliseconds; then its connection is closed.'),
  CONNECTIONS_PER_IP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(256)
    .describe(
      'Open connections one address may hold on one instance when no proxy is in front (TRUSTED_PROXY_HOPS=0); behind a balancer, the balancer caps them (deploy/haproxy.cfg).',
    ),
  SHUTDOWN_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(10_000)
    .describe('After SIGTERM, time given to the requests in flight, in milliseconds; then the process exits whatever is open.'),
  METRICS_PORT: Port.optional().describe(
    'Port of the Prometheus metrics listener (GET /metrics, lib/net/metrics-listener.ts), never the app’s own PORT; unset: no metrics listener.',
  ),
  METRICS_HOST: z
    .union([z.ipv4(), z.ipv6(), z.hostname()], { error: 'must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0' })
    .default('127.0.0.1')
    .describe(
      'Address the metrics listener binds to. Default 127.0.0.1: only this host reaches it (a scraper on the same host, a sidecar or node agent). 0.0.0.0 where Prometheus scrapes the pod’s own IP, as in Kubernetes (deploy/kubernetes/deployment.yaml sets it; its NetworkPolicy lets the monitoring namespace in); keep METRICS_PORT out of the Service and Ingress, and set METRICS_TOKEN.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be 16 characters at least, such as the output of openssl rand -hex 32')
    .max(4096, 'must be 4096 characters at most')
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'must be a bearer token: letters, digits, - . _ ~ + / and = padding at the end')
    .optional()
    .describe(
      'Bearer token the metrics listener asks of every scrape (Authorization: Bearer <token>, as Prometheus sends with `authorization: { credentials: … }` or `credentials_file`); a scrape without it or with another is answered 401. Unset: /metrics answers anyone who reaches METRICS_HOST:METRICS_PORT. Never logged.',
    ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe(
      'OpenTelemetry collector (OTLP over HTTP): traces of pages, actions and calls to the payments service are exported there; unset, tracing is off. OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf or http/json) and OTEL_SERVICE_NAME are read too.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .describe('pino level; default info (silent in tests).'),
});
export type AppConfig = z.infer<typeof ENV_SCHEMA> & {
  checkoutUrl: string;
  /** Public origin of the sandbox's ACS and provider pages. */
  sandboxPublicUrl: string;
  /** Whether this server serves the sandbox's API, console, ACS and provider pages. */
  sandboxEnabled: boolean;
  /** Whether the hosted pages talk to a sandbox (embedded, or an `sbx_` credential): the Test mode badge. */
  testMode: boolean;
  paymentsApi: { baseUrl: string; token: string; timeoutMs: number };
};

/** A configuration that cannot start: names each bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    brandError(this, 'ConfigError');
  }

  /** Whether `value` is a bad configuration, made by any bundle's copy of this module. */
  static is(value: unknown): value is ConfigError {
    return hasErrorBrand(value, 'ConfigError');
  }
}

const KEYS = Object.keys(ENV_SCHEMA.shape) as (keyof typeof ENV_SCHEMA.shape)[];

/** Variables whose value a configuration error never repeats (it is logged at start). */
const UNSHOWN_VALUES: ReadonlySet<string> = new Set(['METRICS_TOKEN']);

/** Removes trailing slashes without a regex (linear on any input). */
export function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/** Parses an environment into the configuration. Throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = Object.fromEntries(KEYS.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = ENV_SCHEMA.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        const value = UNSHOWN_VALUES.has(key) ? '(value not shown)' : JSON.stringify(raw[key] ?? '');
        return `${issue.path.join('.')} ${value}: ${issue.message}`;
      }),
    );
  }
  const c = parsed.data;
  if (c.SANDBOX === '0' && !c.PAYMENTS_API_BASE_URL) {
    throw new ConfigError([
      'PAYMENTS_API_BASE_URL: required when SANDBOX=0 (the sandbox is off, so a real payments service must be configured)',
    ]);
  }
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) {
    throw new ConfigError([`METRICS_PORT "${c.METRICS_PORT}": must differ from PORT (the metrics are never served on the app's port)`]);
  }
  if (c.PAYMENTS_API_BASE_URL && !c.PAYMENTS_API_TOKEN) {
    throw new ConfigError(['PAYMENTS_API_TOKEN: required with PAYMENTS_API_BASE_URL']);
  }
  const checkoutUrl = withoutTrailingSlash(c.CHECKOUT_URL ?? `http://localhost:${c.PORT}`);
  const embedded = !c.PAYMENTS_API_BASE_URL;
  const token = c.PAYMENTS_API_TOKEN ?? 'sbx_checkout';
  return {
    ...c,
    checkoutUrl,
    sandboxPublicUrl: withoutTrailingSlash(c.SANDBOX_PUBLIC_URL ?? checkoutUrl),
    sandboxEnabled: c.SANDBOX === '1' || (c.SANDBOX !== '0' && embedded),
    testMode: embedded || token.startsWith('sbx_'),
    paymentsApi: {
      baseUrl: withoutTrailingSlash(c.PAYMENTS_API_BASE_URL ?? `http://127.0.0.1:${c.PORT}/sandbox/api`),
      token,
      timeoutMs: c.PAYMENTS_API_TIMEOUT_MS,
    },
  };
}

let memo: { key: string; config: AppConfig } | null = null;

let frozen: AppConfig | null = null;

/**
 * The configuration of this process's environment. A production server reads it once (its
 * environment does not change, and reading every variable on each call showed in the card page's
 * profile); elsewhere it is read again when the environment changes, as tests do.
 */
export function appConfig(): AppConfig {
  if (frozen) return frozen;
  const key = KEYS.map((k) => process.env[k] ?? '').join('\u0000');
  if (memo?.key !== key) memo = { key, config: parseConfig(process.env) };
  if (process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build') frozen = memo.config;
  return memo.config;
}

/** Start-up check: throws ConfigError with every bad variable named. */
export function assertConfig(): AppConfig {
  return appConfig();
}

/** Public origin of the hosted pages, without a trailing slash. */
export const checkoutUrl = (): string => appConfig().checkoutUrl;

/** Origins whose challenge frame may use the payment and passkey features: the sandbox's and ACS_ORIGINS (lib/framing/permissions-policy.ts). */
export const acsOrigins = (): string[] => [
  new URL(appConfig().sandboxPublicUrl).origin,
  ...(appConfig()
    .ACS_ORIGINS?.split(',')
    .map((origin) => withoutTrailingSlash(origin.trim())) ?? []),
];

/** FORWARDED_HOSTS as a list of lower-case `host` or `host:port` (lib/net/request-hosts.ts, publicHosts). */
export const forwardedHostList = (): string[] =>
  appConfig()
    .FORWARDED_HOSTS?.split(',')
    .map((host) => host.trim().toLowerCase()) ?? [];

/** Public origin of the sandbox's own pages (ACS, provider), without a trailing slash. */
export const sandboxPublicUrl = (): string => appConfig().sandboxPublicUrl;

/** The wallets' parameters: Google Pay's script and gateway, Apple Pay's merchant identifier, the acquirer's country. */
export const walletConfig = () => {
  const c = appConfig();
  return {
    googlePayScriptUrl: c.GOOGLE_PAY_SCRIPT_URL,
    googlePayGateway: c.GOOGLE_PAY_GATEWAY,
    applePayMerchantId: c.APPLE_PAY_MERCHANT_ID,
    merchantCountry: c.MERCHANT_COUNTRY,
  };
};

/** Whether the embedded sandbox answers under /sandbox. */
export const sandboxEnabled = (): boolean => appConfig().sandboxEnabled;

/** Whether the pages run against a sandbox: every page shows a Test mode badge. */
export const testMode = (): boolean => appConfig().testMode;

/** Where the checkout server calls the payments service, and with which bearer token. */
export const paymentsApiConfig = (): AppConfig['paymentsApi'] => appConfig().paymentsApi;

/** What the sandbox's webhooks may reach (lib/net/outbound.ts). */
export const outboundPolicy = (): { allowPrivate: boolean; allowLoopback: boolean } => ({
  allowPrivate: appConfig().SANDBOX_WEBHOOK_ALLOW_PRIVATE === '1',
  allowLoopback: appConfig().SANDBOX_WEBHOOK_ALLOW_LOOPBACK === '1',
});

/** Proxies in front of this server that append to X-Forwarded-For (lib/net/client-ip.ts). */
export const trustedProxyHops = (): number => appConfig().TRUSTED_PROXY_HOPS;

/** The embedded sandbox's own API on this server (the console calls it as a merchant would). */
export const sandboxApiBaseUrl = (): string => `http://127.0.0.1:${appConfig().PORT}/sandbox/api`;

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
