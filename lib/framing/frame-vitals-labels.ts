/**
 * The fixed label sets of what the payment frame measures of itself (lib/framing/frame-vitals.ts
 * sends it, app/api/vitals/route.ts counts it): the page, the metric and the kind of a client
 * error. Nothing a browser writes becomes a label unless it is one of these. Imports nothing, so
 * that the pages' bundle and the server share it.
 */

/** The pages that report (the `page` label). */
export const FRAME_PAGES = ['card', 'apm', 'status', 'cashier', 'widget'] as const;
export type FramePage = (typeof FRAME_PAGES)[number];

/**
 * The timings a page reports, in milliseconds since navigation start or of the step itself (the
 * server records seconds): `ready` (navigation start to hydration, the `ready` parent message),
 * web-vitals' `ttfb`, `fcp`, `lcp`, `inp`, and the 3-D Secure Method's and challenge's durations.
 */
export const FRAME_TIMINGS = ['ready', 'ttfb', 'fcp', 'lcp', 'inp', 'threeds_method', 'threeds_challenge'] as const;
export type FrameTiming = (typeof FRAME_TIMINGS)[number];

/** Every metric name of a report: the timings, and `cls` (cumulative layout shift, unitless). */
export type FrameMetric = FrameTiming | 'cls';

/**
 * The kinds of client errors counted: an error's `name` when it is one of these (the built-in
 * error types and the DOMException names a page meets), `rejection` for a promise rejected with
 * something that is not an error, `other` for anything else. Never the message or the stack.
 */
export const ERROR_KINDS = [
  'Error',
  'TypeError',
  'ReferenceError',
  'SyntaxError',
  'RangeError',
  'URIError',
  'EvalError',
  'AggregateError',
  'ChunkLoadError',
  'AbortError',
  'NotAllowedError',
  'SecurityError',
  'NetworkError',
  'QuotaExceededError',
  'rejection',
  'other',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The kind of a thrown value or a rejection's reason (`rejected`: it came from `unhandledrejection`). */
export function errorKind(value: unknown, rejected = false): ErrorKind {
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && (ERROR_KINDS as readonly string[]).includes(name)) return name as ErrorKind;
  return rejected && !(value instanceof Error) ? 'rejection' : 'other';
}
