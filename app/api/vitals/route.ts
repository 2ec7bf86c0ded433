import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { requestClientIp } from '@hosted-checkout/runtime/net/client-ip';
import { countVitalsReport } from '@/lib/metrics/metrics';
import { admitVitalsReport, takeVitalsAddressBudget } from '@/lib/security/vitals-budgets';
import { parseVitalsReport, recordVitalsReport } from '@/lib/security/vitals-reports';

/** Largest report body read (bytes); a page's report is a few hundred. */
const MAX_BYTES = 4 * 1024;

const tooMany = () => new Response(null, { status: 429, headers: { 'Retry-After': '60' } });

/** An answer of no content with `status`, the report counted as `invalid`. */
const invalid = (status: number) => {
  countVitalsReport('invalid');
  return new Response(null, { status });
};

/**
 * POST /api/vitals: the timing report of a framed page, sent by its beacon
 * (lib/framing/frame-vitals.ts; read by lib/security/vitals-reports.ts, budgets in
 * lib/security/vitals-budgets.ts). `text/plain` (what `navigator.sendBeacon` sends a string as)
 * or `application/json`; body `{ page, view, locale, metrics: { name: milliseconds, cls },
 * errors: [kind] }`. 204 once recorded (an unknown metric name is ignored, a metric its page view
 * already reported is dropped); 415 for another content type; 429 with Retry-After past
 * LIMIT_VITALS_PER_IP from one client address (not read), past the page view's reports, or past
 * the instance's ceiling for an address beyond its share (read, not recorded); 413 above 4 KB;
 * 400 for a body that is not JSON or not a report (no page-view id, an unknown page, a value out
 * of range). Each report is counted by outcome (`checkout_frame_vitals_reports_total`).
 */
export async function POST(request: Request) {
  const type = request.headers.get('content-type') ?? '';
  if (!/^(?:text\/plain|application\/json)\s*(?:;|$)/i.test(type)) return invalid(415);
  const sentByAddress = await takeVitalsAddressBudget(requestClientIp(request.headers));
  if (sentByAddress === null) {
    countVitalsReport('address_limit');
    return tooMany();
  }
  const text = await readBoundedText(request, MAX_BYTES);
  if (text === null) return invalid(413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid(400);
  }
  const report = parseVitalsReport(body);
  if (!report) return invalid(400);
  const decision = await admitVitalsReport(report, sentByAddress);
  if ('refused' in decision) {
    countVitalsReport(decision.refused);
    return tooMany();
  }
  recordVitalsReport(decision.admitted);
  countVitalsReport('recorded');
  return new Response(null, { status: 204 });
}
