/** GET /api/health: the process lives (for a load balancer's liveness check). */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
