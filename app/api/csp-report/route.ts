import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { requestClientIp } from '@hosted-checkout/runtime/net/client-ip';
import { acceptReportFrom, parseCspReports, recordCspViolations, withinGlobalBudget } from '@/lib/security/csp-reports';

/** Largest report body read (bytes); browsers send a few KB. */
const MAX_BYTES = 64 * 1024;

const tooMany = () => new Response(null, { status: 429, headers: { 'Retry-After': '60' } });

/**
 * POST /api/csp-report: CSP violation reports of the hosted pages (lib/security/csp-reports.ts).
 * 204 once read; 413 above 64 KB; 415 for another content type; 400 for a body that is not JSON;
 * 429 with Retry-After past LIMIT_CSP_REPORTS_PER_IP from one client address (an IPv6 client by
 * its /64; not read, not counted), and 429 too past the global budget of CSP_REPORTS_PER_MINUTE
 * violations over all addresses (read, not counted, not kept: counted as refused). A 429 rather
 * than a silent 204, so that a sender sees its reports were dropped; browsers do not retry them.
 */
export async function POST(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(csp-report|reports\+json)\b/i.test(type)) return new Response(null, { status: 415 });
  if (!(await acceptReportFrom(requestClientIp(request.headers)))) return tooMany();
  const text = await readBoundedText(request, MAX_BYTES);
  if (text === null) return new Response(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const violations = parseCspReports(type, body);
  if (violations.length > 0 && !(await withinGlobalBudget(violations.length))) return tooMany();
  recordCspViolations(violations);
  return new Response(null, { status: 204 });
}
