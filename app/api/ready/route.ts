import { readiness } from '@/lib/checkout/shared/readiness';

/**
 * GET /api/ready: `{ status: 'ready' | 'not ready', checks }`, each check named with its result and
 * duration (lib/checkout/shared/readiness.ts); 200 when ready, else 503.
 */
export async function GET() {
  const state = await readiness();
  return Response.json(state, { status: state.status === 'ready' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
