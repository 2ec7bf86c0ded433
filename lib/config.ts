/**
 * The checkout's configuration: its own variables (the payments service's credential and
 * timeout, the proof-of-work, the live-balance streams, the wallets, the request guard's limits,
 * the metrics listener, tracing), each with its default and its meaning, and the whole process's
 * configuration, composed with the runtime's (packages/runtime/src/config.ts: where the houses are
 * served, the log, the velocity limits) and the sandbox's (packages/runtime/src/sandbox-env.ts),
 * validated with zod in one pass (README, "Configuration"). A bad value stops the start with a
 * message naming every bad variable of the process (`assertConfig`, called from lib/startup.ts);
 * the accessors below throw the same ConfigError if called with a bad environment.
 */
import 'server-only';
import { z } from 'zod';
import { deriveRuntimeConfig, embeddedSandboxApiUrl, RUNTIME_ENV_SCHEMA, type RuntimeConfig } from '@hosted-checkout/runtime/config';
import { ConfigError, envKeys, envReader, Limit, parseEnv, Port, withoutTrailingSlash } from '@hosted-checkout/runtime/env';
import { SANDBOX_ENV_SCHEMA, type SandboxEnv } from '@hosted-checkout/runtime/sandbox-env';

export { ConfigError, withoutTrailingSlash } from '@hosted-checkout/runtime/env';
export {
  checkoutUrl,
  sandboxApiBaseUrl,
  sandboxEnabled,
  sandboxPublicUrl,
  trustedProxyHops,
  twinOrigin,
} from '@hosted-checkout/runtime/config';

/** The checkout's own variables, with their meaning. Unset and empty are the same. */
export const CHECKOUT_ENV_SCHEMA = z.object({
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
  LIMIT_CSP_REPORTS_PER_IP: Limit.default('30/60').describe(
    'CSP violation reports counted per client address, in memory per instance; past it 429 (a page sends a handful).',
  ),
  LIMIT_VITALS_PER_IP: Limit.default('60/60').describe(
    'Timing reports of the framed pages (POST /api/vitals) counted per client address, in memory per instance; past it 429 (a page sends one to three; customers behind one NAT share it).',
  ),
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
  CLICK_TO_PAY_SRC_ORIGIN: z
    .url()
    .max(2048)
    .regex(/^https?:\/\/[^/]+$/, 'must be an origin: scheme, host and port, no path')
    .optional()
    .describe(
      'Origin of the Click to Pay SRC system the card page’s browser talks to (where its recognition cookie lives); the payments service’s Click to Pay session must name the same. Unset: the sandbox’s public origin in test mode with the sandbox on, else Click to Pay is not offered.',
    ),
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
});

/** Every variable of the process, with its meaning: the runtime's, the sandbox's and the checkout's. */
export const ENV_SCHEMA = z.object({ ...RUNTIME_ENV_SCHEMA.shape, ...SANDBOX_ENV_SCHEMA.shape, ...CHECKOUT_ENV_SCHEMA.shape });

export type AppConfig = RuntimeConfig &
  SandboxEnv &
  z.infer<typeof CHECKOUT_ENV_SCHEMA> & {
    /** Whether the hosted pages talk to a sandbox (embedded, or an `sbx_` credential): the Test mode badge. */
    testMode: boolean;
    paymentsApi: { baseUrl: string; token: string; timeoutMs: number };
  };

/** Variables whose value a configuration error never repeats (it is logged at start). */
const UNSHOWN_VALUES: ReadonlySet<string> = new Set(['METRICS_TOKEN']);

/** Parses an environment into the configuration. Throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const c = parseEnv(ENV_SCHEMA, env, UNSHOWN_VALUES);
  const runtime = deriveRuntimeConfig(c);
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) {
    throw new ConfigError([`METRICS_PORT "${c.METRICS_PORT}": must differ from PORT (the metrics are never served on the app's port)`]);
  }
  if (c.PAYMENTS_API_BASE_URL && !c.PAYMENTS_API_TOKEN) {
    throw new ConfigError(['PAYMENTS_API_TOKEN: required with PAYMENTS_API_BASE_URL']);
  }
  const embedded = !c.PAYMENTS_API_BASE_URL;
  const token = c.PAYMENTS_API_TOKEN ?? 'sbx_checkout';
  return {
    ...c,
    ...runtime,
    testMode: embedded || token.startsWith('sbx_'),
    paymentsApi: {
      baseUrl: withoutTrailingSlash(c.PAYMENTS_API_BASE_URL ?? embeddedSandboxApiUrl(c.PORT)),
      token,
      timeoutMs: c.PAYMENTS_API_TIMEOUT_MS,
    },
  };
}

/**
 * The configuration of this process's environment. A production server reads it once;
 * elsewhere it is read again when the environment changes, as tests do (runtime env.ts, `envReader`).
 */
export const appConfig: () => AppConfig = envReader(envKeys(ENV_SCHEMA), parseConfig);

/** Start-up check: throws ConfigError with every bad variable of the process named, the sandbox's included. */
export function assertConfig(): AppConfig {
  return appConfig();
}

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

/**
 * The origin of the Click to Pay SRC system (docs/design.md, E28): CLICK_TO_PAY_SRC_ORIGIN, else
 * the sandbox's public origin when the pages run against the embedded sandbox; null: not offered.
 */
export function clickToPaySrcOrigin(): string | null {
  const c = appConfig();
  if (c.CLICK_TO_PAY_SRC_ORIGIN) return new URL(c.CLICK_TO_PAY_SRC_ORIGIN).origin;
  return c.testMode && c.sandboxEnabled ? new URL(c.sandboxPublicUrl).origin : null;
}

/** Whether the pages run against a sandbox: every page shows a Test mode badge. */
export const testMode = (): boolean => appConfig().testMode;

/** Where the checkout server calls the payments service, and with which bearer token. */
export const paymentsApiConfig = (): AppConfig['paymentsApi'] => appConfig().paymentsApi;
