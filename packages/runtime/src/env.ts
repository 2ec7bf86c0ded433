/**
 * Reading environment variables with zod, the same way in every house of the process: the value
 * types their schemas share, the error that names each bad variable (`ConfigError`), the parse of
 * a schema out of an environment (unset and empty are the same), and the reader of a schema from
 * this process's environment, read once in production. The schemas themselves: the runtime's in
 * config.ts, the sandbox's in sandbox-env.ts, the checkout's in lib/config.ts, which composes all
 * three for the start-up check (README, "Configuration").
 */
import { z } from 'zod';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';

/** A TCP port, 1 to 65535. */
export const Port = z.coerce.number().int().min(1).max(65535);
/** An http(s) URL. */
export const HttpUrlText = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** A switch: "0" or "1". */
export const Switch = z.enum(['0', '1'], { error: 'must be 0 or 1' });
/** A velocity limit: "points/seconds", such as "10/3600". */
export const Limit = z.string().regex(/^[1-9]\d{0,6}\/[1-9]\d{0,7}$/, 'must be points/seconds, such as 10/3600');
/** A PostgreSQL server's URL. */
export const PostgresUrl = z.string().regex(/^postgres(?:ql)?:\/\//, 'must be a postgres:// URL');

/** The schema of some environment variables: one key a variable. */
export type EnvSchema = z.ZodObject<z.ZodRawShape>;

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

/** Removes trailing slashes without a regex (linear on any input). */
export function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/** The variables of `schema`, in its order. */
export const envKeys = (schema: EnvSchema): string[] => Object.keys(schema.shape);

/**
 * Parses `schema`'s variables out of `env` (an empty value is unset). Throws ConfigError naming
 * every bad variable with its value, except the variables of `unshown`, whose value is never
 * repeated (a secret: the error is logged at start).
 */
export function parseEnv<S extends EnvSchema>(
  schema: S,
  env: Record<string, string | undefined>,
  unshown: ReadonlySet<string> = new Set(),
): z.infer<S> {
  const raw = Object.fromEntries(envKeys(schema).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const value = unshown.has(key) ? '(value not shown)' : JSON.stringify(raw[key] ?? '');
      return `${issue.path.join('.')} ${value}: ${issue.message}`;
    }),
  );
}

/**
 * A reader of `parse` over this process's environment, which depends on the variables `keys`
 * only. A production server reads it once (its environment does not change, and reading every
 * variable on each call showed in the card page's profile); elsewhere it is read again when one
 * of `keys` changes, as tests do. `parse` throws ConfigError for a bad environment.
 */
export function envReader<T>(keys: readonly string[], parse: (env: NodeJS.ProcessEnv) => T): () => T {
  let memo: { key: string; value: T } | null = null;
  let frozen: { value: T } | null = null;
  return () => {
    if (frozen) return frozen.value;
    const key = keys.map((k) => process.env[k] ?? '').join('\u0000');
    if (memo?.key !== key) memo = { key, value: parse(process.env) };
    if (process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build') frozen = memo;
    return memo.value;
  };
}
