/**
 * Readiness of this instance for a load balancer, each check named with its result and duration
 * (as Hyperswitch's deep health check names its components):
 * - `paymentsService`: the service answers (any HTTP answer below 500 to a fetch of an unknown
 *   pay-in: reachable, credential read);
 * - `database`: where the sandbox runs here, its database answers a query;
 * - `rateLimitStore`: the velocity limits' PostgreSQL (RATE_LIMIT_DATABASE_URL, else DATABASE_URL)
 *   answers a query; `store: 'in-process'` when they are kept in memory (nothing to ask). With
 *   VELOCITY_STORE_FAILURE=open a failing store is reported but leaves the instance ready: the
 *   operator chose to take payments without it.
 * Each check has 2 s; they run at once. Ready when every check that counts is `ok`.
 */
import { sql } from 'drizzle-orm';
import { appConfig, sandboxEnabled } from '@/lib/config';
import { callOperation, PaymentsApiError } from '@/lib/payments-api/client';
import { limitStoreKind, pingLimitStore } from '@/lib/security/velocity';

/** The result of one check, with its duration in milliseconds. */
interface Check {
  status: 'ok' | 'failing';
  durationMs: number;
}

interface Readiness {
  status: 'ready' | 'not ready';
  checks: {
    database?: Check;
    paymentsService: Check;
    rateLimitStore: (Check & { store: 'postgresql' }) | { status: 'ok'; store: 'in-process' };
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/** Runs `probe` within 2 s: `ok` when it resolves to true, `failing` when it resolves to false, rejects or times out. */
async function timed(probe: () => Promise<boolean>): Promise<Check> {
  const started = performance.now();
  const ok = await within(probe(), 2000).catch(() => false);
  return { status: ok ? 'ok' : 'failing', durationMs: Math.round((performance.now() - started) * 10) / 10 };
}

export async function readiness(): Promise<Readiness> {
  const service = timed(() =>
    callOperation('getPayin', { params: { payinId: 'readiness-check' } }).then(
      () => true,
      (error: unknown) => PaymentsApiError.is(error) && error.reason === 'http' && (error.status ?? 500) < 500,
    ),
  );
  const database = sandboxEnabled()
    ? timed(() =>
        import('@/lib/sandbox/core/store').then(async ({ sandboxDb }) => {
          await (await sandboxDb()).execute(sql`select 1`);
          return true;
        }),
      )
    : null;
  const limits = limitStoreKind() === 'postgresql' ? timed(() => pingLimitStore().then(() => true)) : null;
  const checks: Readiness['checks'] = {
    ...(database ? { database: await database } : {}),
    paymentsService: await service,
    rateLimitStore: limits ? { ...(await limits), store: 'postgresql' } : { status: 'ok', store: 'in-process' },
  };
  const limitsCount = appConfig().VELOCITY_STORE_FAILURE === 'closed';
  const ready =
    checks.paymentsService.status === 'ok' &&
    (checks.database?.status ?? 'ok') === 'ok' &&
    (checks.rateLimitStore.status === 'ok' || !limitsCount);
  return { status: ready ? 'ready' : 'not ready', checks };
}
