/**
 * The route label of a request for the HTTP metrics (lib/metrics/metrics.ts): the pattern of the
 * app's route that serves its path (`/payments/[transactionType]/[paymentId]/card`), never an id
 * or anything else a client chose, so that the label's values are a short, fixed list. Next.js's
 * own paths and the public files are one value each; any other path is `other`.
 * `lib/metrics/http-routes.test.ts` checks that ROUTE_PATTERNS is exactly the routes of app/.
 */

/** Every page and route handler of app/, as Next.js names them (`[param]`, `[...rest]`). */
export const ROUTE_PATTERNS = [
  '/',
  '/accessibility',
  '/api/cashier/[sessionId]',
  '/api/cashier/[sessionId]/events',
  '/api/cashier/[sessionId]/limit-raise',
  '/api/cashier/[sessionId]/limits',
  '/api/challenge',
  '/api/csp-report',
  '/api/health',
  '/api/launch',
  '/api/payments/[transactionType]/[paymentId]',
  '/api/payments/[transactionType]/[paymentId]/3ds-method',
  '/api/payments/[transactionType]/[paymentId]/bin',
  '/api/ready',
  '/api/vitals',
  '/bench-floor/[paymentId]',
  '/cashier/[sessionId]',
  '/cashier/[sessionId]/widget',
  '/openapi.json',
  '/payments/[transactionType]/[paymentId]/apm',
  '/payments/[transactionType]/[paymentId]/card',
  '/payments/[transactionType]/[paymentId]/status',
  '/performance',
  '/privacy-inventory',
  '/sandbox',
  '/sandbox/3ds/[paymentId]',
  '/sandbox/3ds/[paymentId]/method',
  '/sandbox/3ds/[paymentId]/passkey',
  '/sandbox/api/[...path]',
  '/sandbox/bank/app/[token]',
  '/sandbox/bank/app/done',
  '/sandbox/bank/payin/[paymentId]',
  '/sandbox/embed',
  '/sandbox/try/[kind]',
  '/sandbox/provider/[transactionType]/[paymentId]',
  '/sandbox/returned',
  '/sandbox/shop',
  '/sandbox/shop/launch',
  '/sandbox/src/api/[op]',
  '/sandbox/wallet/app-manifest',
  '/sandbox/wallet/icon.png',
  '/sandbox/wallet/method',
  '/sandbox/wallet/method-manifest',
  '/sandbox/wallet/pay',
  '/sandbox/wallet/sw.js',
] as const;

/** Paths served by Next.js itself (app/favicon.ico too) or from public/: one label each. */
const FILE_PATTERNS = ['/_next/static/[...path]', '/_next/image', '/embed.js', '/embed/[...file]', '/robots.txt', '/favicon.ico'] as const;

/** The label of every path no route serves. */
export const OTHER_ROUTE = 'other';

interface Compiled {
  label: string;
  /** Each segment: its literal text, or null for a dynamic one. */
  segments: (string | null)[];
  /** The last segment takes the rest of the path (one segment or more). */
  catchAll: boolean;
  statics: number;
}

function compile(pattern: string): Compiled {
  const parts = pattern.split('/').filter(Boolean);
  const catchAll = parts.at(-1)?.startsWith('[...') ?? false;
  const segments = parts.map((part) => (part.startsWith('[') ? null : part));
  return { label: pattern, segments, catchAll, statics: segments.filter((s) => s !== null).length };
}

/** Most literal segments first (`/sandbox/embed` before `/sandbox/[x]`), catch-alls last among equals. */
const COMPILED: Compiled[] = [...ROUTE_PATTERNS, ...FILE_PATTERNS]
  .map(compile)
  .sort((a, b) => b.statics - a.statics || Number(a.catchAll) - Number(b.catchAll) || b.segments.length - a.segments.length);

function matches(route: Compiled, parts: string[]): boolean {
  const { segments, catchAll } = route;
  if (catchAll ? parts.length < segments.length : parts.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i += 1) {
    const literal = segments[i];
    if (literal !== null && literal !== parts[i]) return false;
  }
  return true;
}

/**
 * The route pattern of a request target (`request.url`: path and query), or OTHER_ROUTE. Dot
 * segments are resolved as Next.js resolves them; a trailing slash is ignored (Next.js redirects
 * it to the route).
 */
export function routeLabel(url: string | undefined): string {
  let path: string;
  try {
    // A target `//x` is the path `//x` (not a host), as Node hands it over; an absolute-form target is read as a URL.
    const target = url ?? '/';
    path = new URL(target.startsWith('/') ? `http://checkout.invalid${target}` : target).pathname;
  } catch {
    return OTHER_ROUTE;
  }
  const parts = path.split('/').filter(Boolean);
  for (const route of COMPILED) if (matches(route, parts)) return route.label;
  return OTHER_ROUTE;
}
