/**
 * The sandbox's own settings, read from this process's environment: its database (PGlite
 * folder or PostgreSQL server, pool size, the tests' template), its card hash key, where its
 * webhooks and merchant URLs may go, and whether its worker runs. Their schema is the runtime's
 * (packages/runtime/src/sandbox-env.ts: every process checks it at start, lib/config.ts); what
 * both houses read (the public origins, whether the sandbox is served, DATABASE_URL) is the
 * runtime's configuration (packages/runtime/src/config.ts). Throws ConfigError for a bad value.
 */
import 'server-only';
import { runtimeConfig } from '@hosted-checkout/runtime/config';
import { envKeys, envReader, parseEnv } from '@hosted-checkout/runtime/env';
import { SANDBOX_ENV_SCHEMA, type SandboxEnv } from '@hosted-checkout/runtime/sandbox-env';

/** The sandbox's variables, and the PostgreSQL server it runs on instead of PGlite when set. */
export type SandboxConfig = SandboxEnv & { DATABASE_URL: string | undefined };

const sandboxEnv: () => SandboxEnv = envReader(envKeys(SANDBOX_ENV_SCHEMA), (env) => parseEnv(SANDBOX_ENV_SCHEMA, env));

/** The sandbox's settings (read once in production, again when the environment changes elsewhere: tests). */
export function sandboxConfig(): SandboxConfig {
  return { ...sandboxEnv(), DATABASE_URL: runtimeConfig().DATABASE_URL };
}

/** What the sandbox's webhooks and a merchant's URLs may reach (packages/runtime/src/net/outbound.ts). */
export const outboundPolicy = (): { allowPrivate: boolean; allowLoopback: boolean } => ({
  allowPrivate: sandboxEnv().SANDBOX_WEBHOOK_ALLOW_PRIVATE === '1',
  allowLoopback: sandboxEnv().SANDBOX_WEBHOOK_ALLOW_LOOPBACK === '1',
});
