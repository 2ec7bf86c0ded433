import { readBoundedText } from '@/lib/net/bounded-body';
import { requestClientIp } from '@/lib/net/client-ip';
import { acceptVitalsFrom, parseVitalsReport, recordVitalsReport, withinVitalsBudget } from '@/lib/security/vitals-reports';

/** Largest report body read (bytes); a page's report is a few hundred. */
const MAX_BYTES = 4 * 1024;

const tooMany = () => new Response(null, { status: 429, headers: { 'Retry-After': '60' } });

/**
 * POST /api/vitals: the timing report of a framed page, sent by its beacon
 * (lib/framing/frame-vitals.ts; read by lib/security/vitals-reports.ts). `text/plain` (what
 * `navigator.sendBeacon` sends a string as) or `application/json`; body
 * `{ page, locale, metrics: { name: milliseconds, cls }, errors: [kind] }`. 204 once recorded (an
 * unknown metric name is ignored); 415 for another content type; 429 with Retry-After past
 * LIMIT_VITALS_PER_IP from one client address (not read), or past the instance's budget of
 * VITALS_PER_MINUTE reports (read, not recorded); 413 above 4 KB; 400 for a body that is not JSON
 * or not a report (an unknown page, a value out of range).
 */
export async function POST(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(?:text\/plain|application\/json)\s*(?:;|$)/i.test(type)) return new Response(null, { status: 415 });
  if (!(await acceptVitalsFrom(requestClientIp(request.headers)))) return tooMany();
  const text = await readBoundedText(request, MAX_BYTES);
  if (text === null) return new Response(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const report = parseVitalsReport(body);
  if (!report) return new Response(null, { status: 400 });
  if (!(await withinVitalsBudget())) return tooMany();
  recordVitalsReport(report);
  return new Response(null, { status: 204 });
}
