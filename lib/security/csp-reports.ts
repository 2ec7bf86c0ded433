/**
 * CSP violation reports of the hosted pages (PCI DSS 4.0 requirement 11.6.1: detect changes to a
 * payment page's scripts and headers). Browsers POST them to /api/csp-report, as
 * `application/csp-report` (report-uri, CSP Level 2) or `application/reports+json` (report-to,
 * W3C Reporting API). Each becomes a CspViolation: the page's path, the directive, the blocked
 * URL cut to its origin and path (a query may carry data: never kept), and the disposition.
 * Violations are counted per directive, known directives only (anything else is `other`: the
 * counts are a fixed, small map, whatever a client writes), and the last 10 of each directive
 * kept, per process; the console's list takes the newest of every directive first, so a flood of
 * forged `img-src` reports cannot push a real `script-src` one out of it. Logging is sampled per
 * directive the same way: the first 10 lines of each directive in a minute, then one in 100.
 * Floods are bounded twice (app/api/csp-report/route.ts): per client address
 * (LIMIT_CSP_REPORTS_PER_IP, an IPv6 client by its /64), and by a global budget of
 * CSP_REPORTS_PER_MINUTE violations over all addresses, on the velocity limits' store (shared
 * by the instances when it is PostgreSQL). Sources: W3C CSP Level 3 §5, W3C Reporting API.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { appConfig } from '@/lib/config';
import { logger } from '@hosted-checkout/runtime/log';
import { addressKey } from '@hosted-checkout/runtime/net/client-ip';
import { isLimiterRefusal, parseLimit, sharedLimiter } from '@hosted-checkout/runtime/security/velocity';

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
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'media-src',
  'object-src',
  'frame-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'prefetch-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'navigate-to',
  'sandbox',
  'report-uri',
  'report-to',
  'require-trusted-types-for',
  'trusted-types',
  'upgrade-insecure-requests',
  'fenced-frame-src',
  'webrtc',
]);

/** The directive a report names, when it is a known one; `other` for anything else; '' for none (the report is dropped). */
export function directiveOf(value: unknown): string {
  // CSP Level 2's violated-directive carries the whole directive ("script-src 'self'").
  const [first = ''] = (typeof value === 'string' ? value.slice(0, 60) : '').trim().split(/\s/, 1);
  const name = first.toLowerCase();
  if (!name) return '';
  return KNOWN_DIRECTIVES.has(name) ? name : 'other';
}

/** Lines logged per directive in a minute before sampling starts, and the sampling rate after. */
const LOG_FIRST = 10;
const LOG_ONE_IN = 100;

/** Violations kept per directive for the console (newest first). */
const KEPT_PER_DIRECTIVE = 10;
/** Violations the console lists. */
const LISTED = 10;
/**
 * Violations accepted a minute over all client addresses and instances: a page sends a handful,
 * so thousands of pages a minute stay within it, while a flood from many addresses (or many
 * /64s) is refused past it. The per-address limit keeps one client from spending it alone.
 */
export const CSP_REPORTS_PER_MINUTE = 600;

interface Store {
  total: number;
  /** Reports refused by the global budget (not counted in `total`, not kept). */
  refused: number;
  byDirective: Map<string, number>;
  /** Per directive, its latest violations, newest first (at most KEPT_PER_DIRECTIVE each), numbered in order of arrival. */
  recent: Map<string, { seq: number; violation: CspViolation }[]>;
  /** Per directive: the minute's start, its violations in it. */
  logWindows: Map<string, { start: number; seen: number }>;
}

const key = Symbol.for('hosted-checkout.csp-reports');
const g = globalThis as typeof globalThis & { [key]?: Store };
const store = (): Store => {
  const s = g[key];
  // A store made by an earlier version of this module in the same process (a list, not a map) is replaced.
  if (s && s.recent instanceof Map) return s;
  const fresh: Store = { total: 0, refused: 0, byDirective: new Map(), recent: new Map(), logWindows: new Map() };
  g[key] = fresh;
  return fresh;
};

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
  const [mediaType = ''] = contentType.split(';');
  const type = mediaType.trim().toLowerCase();
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
      .filter(
        (r): r is { type: string; body: Record<string, unknown> } =>
          !!r && typeof r === 'object' && r.type === 'csp-violation' && !!r.body && typeof r.body === 'object',
      )
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
    const kept = s.recent.get(directive) ?? [];
    kept.unshift({ seq: s.total, violation });
    kept.length = Math.min(kept.length, KEPT_PER_DIRECTIVE);
    s.recent.set(directive, kept);
    let window = s.logWindows.get(directive);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, seen: 0 };
      s.logWindows.set(directive, window);
    }
    window.seen += 1;
    if (window.seen <= LOG_FIRST || window.seen % LOG_ONE_IN === 0) {
      logger.warn(
        { cspViolation: violation, ...(window.seen > LOG_FIRST ? { sampledOneIn: LOG_ONE_IN, thisMinute: window.seen } : {}) },
        'CSP violation on a hosted page',
      );
    }
  }
}

/**
 * What the console shows: the total, per directive, the reports refused by the global budget,
 * and up to 10 latest violations taken round by round over the directives (the newest of each
 * directive, then the second newest of each, and so on; each round newest first), so that every
 * directive seen lately is listed whatever the volume of another.
 */
export function cspViolationSummary(): { total: number; refused: number; byDirective: [string, number][]; recent: CspViolation[] } {
  const s = store();
  const lists = [...s.recent.values()];
  const recent: CspViolation[] = [];
  for (let round = 0; round < KEPT_PER_DIRECTIVE && recent.length < LISTED; round += 1) {
    const row = lists.flatMap((list) => list.slice(round, round + 1)).sort((a, b) => b.seq - a.seq);
    if (row.length === 0) break;
    recent.push(...row.slice(0, LISTED - recent.length).map((entry) => entry.violation));
  }
  return { total: s.total, refused: s.refused, byDirective: [...s.byDirective].sort((a, b) => b[1] - a[1]), recent };
}

const limiterKey = Symbol.for('hosted-checkout.csp-report-limiter');
const gl = globalThis as typeof globalThis & { [limiterKey]?: { spec: string; limiter: RateLimiterMemory } };

/**
 * Whether a report from `ip` may be counted: LIMIT_CSP_REPORTS_PER_IP (points/seconds) per
 * trusted client address (an IPv6 address by its /64: `addressKey`), in memory per process (a page
 * makes a handful; a flood from one client is refused, 429, uncounted and unlogged). No address
 * is a refusal.
 */
export async function acceptReportFrom(ip: string | undefined): Promise<boolean> {
  if (!ip) return false;
  const spec = appConfig().LIMIT_CSP_REPORTS_PER_IP;
  if (gl[limiterKey]?.spec !== spec) {
    const { points, duration } = parseLimit(spec);
    gl[limiterKey] = { spec, limiter: new RateLimiterMemory({ keyPrefix: 'csp-report', points, duration }) };
  }
  try {
    await gl[limiterKey].limiter.consume(addressKey(ip));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `count` violations (at least one is charged) fit in the global budget,
 * CSP_REPORTS_PER_MINUTE over all addresses, on the velocity limits' store (across instances
 * when it is PostgreSQL). False past it, and when the store fails (reports are not worth an
 * outage's risk: dropped); either is counted in the summary's `refused`.
 */
export async function withinGlobalBudget(count: number): Promise<boolean> {
  try {
    const limiter = await sharedLimiter('csp-reports:global', CSP_REPORTS_PER_MINUTE, 60);
    await limiter.consume('all', Math.max(1, count));
    return true;
  } catch (error) {
    if (!isLimiterRefusal(error)) logger.error({ err: error }, 'CSP report budget unavailable: report dropped');
    store().refused += Math.max(1, count);
    return false;
  }
}
