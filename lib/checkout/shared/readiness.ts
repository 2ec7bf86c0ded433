/**
 * Readiness of this instance for a load balancer, each check named with its result and duration
 * (as Hyperswitch's deep health check names its components):
 * - `paymentsService`: the service answers (any HTTP answer below 500 to a fetch of an unknown
 *   pay-in: reachable, credential read);
 * - `database`: where the sandbox runs here, its database answers a query (the probe the
 *   start-up door registers, `addReadinessProbe`: the product does not know the sandbox's store);
 * - `rateLimitStore`: the velocity limits' PostgreSQL (RATE_LIMIT_DATABASE_URL, else DATABASE_URL)
 *   answers a query; `store: 'in-process'` when they are kept in memory (nothing to ask). With
 *   VELOCITY_STORE_FAILURE=open a failing store is reported but leaves the instance ready: the
 *   operator chose to take payments without it.
 * Each check has 2 s; they run at once. Ready when every check that counts is `ok`.
 */
import { appConfig, sandboxEnabled } from '@/lib/config';
import { callOperation, PaymentsApiError } from '@/lib/payments-api/client';
import { limitStoreKind, pingLimitStore } from '@hosted-checkout/runtime/security/velocity';

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

const probesKey = Symbol.for('hosted-checkout.readiness-probes');

/** The probes registered in this process (on globalThis: every route bundle sees the start-up's). */
function probes(): Map<string, () => Promise<boolean>> {
  const g = globalThis as typeof globalThis & { [probesKey]?: Map<string, () => Promise<boolean>> };
  return (g[probesKey] ??= new Map());
}

/**
 * Registers the `database` check: `probe` resolves to true when the embedded sandbox's database
 * answers (lib/startup.ts, the only product module that reaches the sandbox). Idempotent.
 */
export function addReadinessProbe(name: 'database', probe: () => Promise<boolean>): void {
  probes().set(name, probe);
}

/** This instance's readiness: each check's result and duration; never throws. */
export async function readiness(): Promise<Readiness> {
  const service = timed(() =>
    callOperation('getPayin', { params: { payinId: 'readiness-check' } }).then(
      () => true,
      (error: unknown) => PaymentsApiError.is(error) && error.reason === 'http' && (error.status ?? 500) < 500,
    ),
  );
  const probe = probes().get('database');
  // The sandbox runs here but its probe is not registered yet (start-up under way): not ready.
  const database = sandboxEnabled() ? timed(probe ?? (() => Promise.resolve(false))) : null;
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
