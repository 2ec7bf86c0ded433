/**
 * CSP violation reports of the hosted pages (PCI DSS 4.0 requirement 11.6.1: detect changes to a
 * payment page's scripts and headers). Browsers POST them to /api/csp-report, as
 * `application/csp-report` (report-uri, CSP Level 2) or `application/reports+json` (report-to,
 * W3C Reporting API). Each becomes a CspViolation: the page's path, the directive, the blocked
 * URL cut to its origin and path (a query may carry data: never kept), and the disposition.
 * Violations are counted per directive, known directives only (anything else is `other`: the
 * counts are a fixed, small map, whatever a client writes), and the last 50 kept, per process.
 * Logging is sampled per directive: the first 10 lines of each directive in a minute, then one in
 * 100, so that a flood of forged `img-src` reports cannot hide a real `script-src` one. The route
 * limits reports per client address (app/api/csp-report/route.ts).
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { appConfig } from '@/lib/config';
import { logger } from '@/lib/log';

interface CspViolation {
  at: string;
  /** Path of the page that violated (no query). */
  page: string;
  directive: string;
  /** Origin and path of what was blocked, or a keyword (inline, eval); no query, no fragment. */
  blocked: string;
  disposition: 'enforce' | 'report';
}

/** The directives of CSP Level 3 (W3C, section 6) and the Reporting API's names for them. */
export const KNOWN_DIRECTIVES = new Set([
  'default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'style-src-attr',
  'img-src', 'font-src', 'connect-src', 'media-src', 'object-src', 'frame-src', 'child-src', 'worker-src', 'manifest-src',
  'prefetch-src', 'base-uri', 'form-action', 'frame-ancestors', 'navigate-to', 'sandbox', 'report-uri', 'report-to',
  'require-trusted-types-for', 'trusted-types', 'upgrade-insecure-requests', 'fenced-frame-src', 'webrtc',
]);

/** The directive a report names, when it is a known one; `other` for anything else; '' for none (the report is dropped). */
export function directiveOf(value: unknown): string {
  // CSP Level 2's violated-directive carries the whole directive ("script-src 'self'").
  const name = (typeof value === 'string' ? value.slice(0, 60) : '').trim().split(/\s/, 1)[0]!.toLowerCase();
  if (!name) return '';
  return KNOWN_DIRECTIVES.has(name) ? name : 'other';
}

/** Lines logged per directive in a minute before sampling starts, and the sampling rate after. */
const LOG_FIRST = 10;
const LOG_ONE_IN = 100;

interface Store {
  total: number;
  byDirective: Map<string, number>;
  recent: CspViolation[];
  /** Per directive: the minute's start, its violations in it. */
  logWindows: Map<string, { start: number; seen: number }>;
}

const key = Symbol.for('hosted-checkout.csp-reports');
const g = globalThis as typeof globalThis & { [key]?: Store };
const store = (): Store => (g[key] ??= { total: 0, byDirective: new Map(), recent: [], logWindows: new Map() });

const text = (value: unknown, max = 200): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Origin and path of a URL (or the keyword the browser gave: inline, eval, data…). */
function withoutQuery(value: unknown): string {
  const raw = text(value, 2048);
  if (!raw) return '';
  try {
    const url = new URL(raw);
    return `${url.origin === 'null' ? `${url.protocol}` : url.origin}${url.pathname}`.slice(0, 200);
  } catch {
    return raw.replace(/[?#].*$/s, '').slice(0, 60);
  }
}

const pathOf = (value: unknown): string => {
  try {
    return new URL(text(value, 2048)).pathname.slice(0, 200);
  } catch {
    return '';
  }
};

/** The violations in a report body of either format; [] for anything else. */
export function parseCspReports(contentType: string, body: unknown): Omit<CspViolation, 'at'>[] {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const legacy = (r: Record<string, unknown>) => ({
    page: pathOf(r['document-uri']),
    directive: directiveOf(r['effective-directive'] ?? r['violated-directive']),
    blocked: withoutQuery(r['blocked-uri']),
    disposition: r.disposition === 'report' ? ('report' as const) : ('enforce' as const),
  });
  const modern = (r: Record<string, unknown>) => ({
    page: pathOf(r.documentURL),
    directive: directiveOf(r.effectiveDirective),
    blocked: withoutQuery(r.blockedURL),
    disposition: r.disposition === 'report' ? ('report' as const) : ('enforce' as const),
  });
  if (type === 'application/csp-report' && body && typeof body === 'object' && 'csp-report' in body) {
    const report = (body as Record<string, unknown>)['csp-report'];
    return report && typeof report === 'object' ? [legacy(report as Record<string, unknown>)].filter((v) => v.directive) : [];
  }
  if (type === 'application/reports+json' && Array.isArray(body)) {
    return body
      .slice(0, 100)
      .filter((r): r is { type: string; body: Record<string, unknown> } => !!r && typeof r === 'object' && r.type === 'csp-violation' && !!r.body && typeof r.body === 'object')
      .map((r) => modern(r.body))
      .filter((v) => v.directive);
  }
  return [];
}

/** Counts, keeps and logs violations (logging sampled per directive). */
export function recordCspViolations(violations: Omit<CspViolation, 'at'>[], now = Date.now()): void {
  const s = store();
  for (const v of violations) {
    const directive = KNOWN_DIRECTIVES.has(v.directive) ? v.directive : 'other';
    const violation: CspViolation = { ...v, directive, at: new Date(now).toISOString() };
    s.total += 1;
    s.byDirective.set(directive, (s.byDirective.get(directive) ?? 0) + 1);
    s.recent.unshift(violation);
    s.recent.length = Math.min(s.recent.length, 50);
    let window = s.logWindows.get(directive);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, seen: 0 };
      s.logWindows.set(directive, window);
    }
    window.seen += 1;
    if (window.seen <= LOG_FIRST || window.seen % LOG_ONE_IN === 0) {
      logger.warn({ cspViolation: violation, ...(window.seen > LOG_FIRST ? { sampledOneIn: LOG_ONE_IN, thisMinute: window.seen } : {}) }, 'CSP violation on a hosted page');
    }
  }
}

/** What the console shows: the total, per directive, and the latest violations. */
export function cspViolationSummary(): { total: number; byDirective: [string, number][]; recent: CspViolation[] } {
  const s = store();
  return { total: s.total, byDirective: [...s.byDirective].sort((a, b) => b[1] - a[1]), recent: s.recent.slice(0, 10) };
}

const limiterKey = Symbol.for('hosted-checkout.csp-report-limiter');
const gl = globalThis as typeof globalThis & { [limiterKey]?: { spec: string; limiter: RateLimiterMemory } };

/**
 * Whether a report from `ip` may be counted: LIMIT_CSP_REPORTS_PER_IP (points/seconds) per
 * trusted client address, in memory per process (a page makes a handful; a flood from one client
 * is refused, 429, uncounted and unlogged). No address is a refusal.
 */
export async function acceptReportFrom(ip: string | undefined): Promise<boolean> {
  if (!ip) return false;
  const spec = appConfig().LIMIT_CSP_REPORTS_PER_IP;
  if (gl[limiterKey]?.spec !== spec) {
    const [points, duration] = spec.split('/').map(Number);
    gl[limiterKey] = { spec, limiter: new RateLimiterMemory({ keyPrefix: 'csp-report', points: points!, duration: duration! }) };
  }
  try {
    await gl[limiterKey].limiter.consume(ip);
    return true;
  } catch {
    return false;
  }
}
