/**
 * Readiness of this instance for a load balancer: the payments service answers (any HTTP answer
 * below 500 to a fetch of an unknown pay-in: reachable, credential read), and where the sandbox
 * runs here, its database answers a query. Each check has 2 s.
 */
import { sql } from 'drizzle-orm';
import { sandboxEnabled } from '@/lib/config';
import { callOperation, PaymentsApiError } from '@/lib/payments-api/client';

interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | 'failed'>;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export async function readiness(): Promise<Readiness> {
  const checks: Readiness['checks'] = {};
  const service = within(callOperation('getPayin', { params: { payinId: 'readiness-check' } }), 2000)
    .then(() => true)
    .catch((error: unknown) => PaymentsApiError.is(error) && error.reason === 'http' && (error.status ?? 500) < 500);
  const database = sandboxEnabled()
    ? within(
        import('@/lib/sandbox/core/store').then(async ({ sandboxDb }) => (await sandboxDb()).execute(sql`select 1`)),
        2000,
      ).then(
        () => true,
        () => false,
      )
    : null;
  checks.paymentsService = (await service) ? 'ok' : 'failed';
  if (database) checks.sandboxDatabase = (await database) ? 'ok' : 'failed';
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
