import { readiness } from '@/lib/checkout/shared/readiness';

/** GET /api/ready: 200 when the payments service (and the sandbox's database, where it runs here) answer; else 503. */
export async function GET() {
  const state = await readiness();
  return Response.json(state, { status: state.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
