/**
 * CSP violation reports of the hosted pages (PCI DSS 4.0 requirement 11.6.1: detect changes to a
 * payment page's scripts and headers). Browsers POST them to /api/csp-report, as
 * `application/csp-report` (report-uri, CSP Level 2) or `application/reports+json` (report-to,
 * W3C Reporting API). Each becomes a CspViolation: the page's path, the directive, the blocked
 * URL cut to its origin and path (a query may carry data: never kept), and the disposition.
 * Violations are counted per directive and the last 50 kept, per process; each is logged, at
 * most 60 lines a minute (a flood is counted, not logged).
 */
import { logger } from '@/lib/log';

export interface CspViolation {
  at: string;
  /** Path of the page that violated (no query). */
  page: string;
  directive: string;
  /** Origin and path of what was blocked, or a keyword (inline, eval); no query, no fragment. */
  blocked: string;
  disposition: 'enforce' | 'report';
}

interface Store {
  total: number;
  byDirective: Map<string, number>;
  recent: CspViolation[];
  logWindow: { start: number; lines: number };
}

const key = Symbol.for('hosted-checkout.csp-reports');
const g = globalThis as typeof globalThis & { [key]?: Store };
const store = (): Store => (g[key] ??= { total: 0, byDirective: new Map(), recent: [], logWindow: { start: 0, lines: 0 } });

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
    directive: text(r['effective-directive'] ?? r['violated-directive'], 60),
    blocked: withoutQuery(r['blocked-uri']),
    disposition: r.disposition === 'report' ? ('report' as const) : ('enforce' as const),
  });
  const modern = (r: Record<string, unknown>) => ({
    page: pathOf(r.documentURL),
    directive: text(r.effectiveDirective, 60),
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

/** Counts, keeps and logs violations. */
export function recordCspViolations(violations: Omit<CspViolation, 'at'>[], now = Date.now()): void {
  const s = store();
  for (const v of violations) {
    const violation: CspViolation = { ...v, at: new Date(now).toISOString() };
    s.total += 1;
    s.byDirective.set(v.directive, (s.byDirective.get(v.directive) ?? 0) + 1);
    s.recent.unshift(violation);
    s.recent.length = Math.min(s.recent.length, 50);
    if (now - s.logWindow.start >= 60_000) s.logWindow = { start: now, lines: 0 };
    if (s.logWindow.lines < 60) {
      s.logWindow.lines += 1;
      logger.warn({ cspViolation: violation }, 'CSP violation on a hosted page');
    }
  }
}

/** What the console shows: the total, per directive, and the latest violations. */
export function cspViolationSummary(): { total: number; byDirective: [string, number][]; recent: CspViolation[] } {
  const s = store();
  return { total: s.total, byDirective: [...s.byDirective].sort((a, b) => b[1] - a[1]), recent: s.recent.slice(0, 10) };
}
