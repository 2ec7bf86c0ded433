/**
 * The embedded sandbox's own variables (its database, its card hash key, where its webhooks may
 * go, its worker), with their defaults and meaning: pure zod, kept here rather than in
 * packages/sandbox so that every process checks them at start (lib/config.ts composes this schema
 * into the start-up check), an image built without the sandbox too. The sandbox reads them with
 * packages/sandbox/config.ts.
 */
import { z } from 'zod';
import { Switch } from './env';

/** The sandbox's variables, with their meaning. Unset and empty are the same. */
export const SANDBOX_ENV_SCHEMA = z.object({
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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10).describe('Connections of the PostgreSQL pool.'),
  CARD_HASH_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64,128}$/, 'must be 64 to 128 hex digits (32 to 64 random bytes)')
    .optional()
    .describe(
      'Key of the sandbox’s keyed card hash (HMAC-SHA256); unset: generated once into a file beside, not inside, the sandbox’s data.',
    ),
  SANDBOX_PAYOUT_DEADLINE_MINUTES: z.coerce
    .number()
    .int()
    .min(2)
    .max(24 * 60)
    .optional()
    .describe(
      'Demos by hand only: the minutes that stand in for a licence’s payout deadline (SPA/MF: 120) on this sandbox, so that a withdrawal nears and passes it while one watches (2 to 1440); unset: the licence’s own.',
    ),
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: Switch.default('0').describe(
    '1: the sandbox may send webhooks to private, unique-local and carrier-grade NAT networks too (never to link-local or cloud metadata addresses).',
  ),
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: Switch.default('0').describe(
    '1: the sandbox may send webhooks to this machine (a developer’s own receiver; npm run demo sets it); off, loopback is refused like any internal address.',
  ),
});

/** What the sandbox's variables say. */
export type SandboxEnv = z.infer<typeof SANDBOX_ENV_SCHEMA>;
