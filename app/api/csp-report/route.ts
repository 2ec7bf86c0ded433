import { readBoundedText } from '@/lib/net/bounded-body';
import { requestClientIp } from '@/lib/net/client-ip';
import { acceptReportFrom, parseCspReports, recordCspViolations } from '@/lib/security/csp-reports';

/** Largest report body read (bytes); browsers send a few KB. */
const MAX_BYTES = 64 * 1024;

/**
 * POST /api/csp-report: CSP violation reports of the hosted pages (lib/security/csp-reports.ts).
 * 204 once read; 413 above 64 KB; 415 for another content type; 400 for a body that is not JSON;
 * 429 past LIMIT_CSP_REPORTS_PER_IP from one client address (not read, not counted).
 */
export async function POST(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(csp-report|reports\+json)\b/i.test(type)) return new Response(null, { status: 415 });
  if (!(await acceptReportFrom(requestClientIp(request.headers)))) return new Response(null, { status: 429, headers: { 'Retry-After': '60' } });
  const text = await readBoundedText(request, MAX_BYTES);
  if (text === null) return new Response(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  recordCspViolations(parseCspReports(type, body));
  return new Response(null, { status: 204 });
}
