/**
 * What the payment frame measures of itself in the customer's browser (docs/operations.md,
 * "Frame timings"): its time to ready (navigation start to hydration, when the `ready` parent
 * message goes), web-vitals' TTFB, FCP, LCP, INP and CLS, the 3-D Secure Method's and challenge's
 * durations, and the kinds of its client errors (never a message or a stack). Each metric once per
 * document, in milliseconds (CLS unitless). They are sent with `navigator.sendBeacon` to
 * /api/vitals (app/api/vitals/route.ts) when the page is hidden or left, with the page's label,
 * its locale and the page view's id (16 random bytes made here, per document: the server takes
 * each metric once and a few reports per page view, lib/security/vitals-budgets.ts); no payment
 * id, no address. A merchant whose checkout settings say `frameTimings` also gets
 * each as a `timing` parent message, as it is known.
 *
 * web-vitals (its attribution-free build, about 3.3 KB gzip) is imported in a chunk of its own,
 * LOAD_DELAY_MS after the load event and then when the browser is idle: not in the page's first load
 * (it reads LCP, FCP, TTFB, CLS and the slow or first interactions from the browser's buffer, so
 * coming late loses nothing of them). Browser-only module.
 */
import { postToParent } from './parent-messages';
import { errorKind, type FrameMetric, type FramePage } from './frame-vitals-labels';

/** Where the reports go (app/api/vitals/route.ts). */
const ENDPOINT = '/api/vitals';
/** Client errors reported per document at most (a loop that throws sends no more). */
const MAX_ERRORS = 10;
/** Milliseconds after the load event before web-vitals is fetched: the page's own first load is over by then. */
const LOAD_DELAY_MS = 3000;

let page: FramePage | null = null;
/** This document's page-view id (hex of 16 random bytes), made when it starts measuring. */
let view = '';
let toParent = false;
/** Metrics recorded in this document, sent or not: each name once. */
const seen = new Set<string>();
let metrics: Partial<Record<FrameMetric, number>> = {};
let errors: string[] = [];
let errorCount = 0;

/**
 * Records metric `name` once per document: `value` in milliseconds (`cls`: unitless), kept for the
 * next report and posted to the merchant's page as `{ type: 'timing', metric, value }` when it
 * opted in. Negative or non-finite values are dropped.
 */
export function recordFrameMetric(name: FrameMetric, value: number): void {
  if (seen.has(name) || !Number.isFinite(value) || value < 0) return;
  seen.add(name);
  const rounded = name === 'cls' ? Math.round(value * 1e4) / 1e4 : Math.round(value);
  metrics[name] = rounded;
  if (toParent) postToParent('timing', { metric: name, value: rounded });
}

function addError(value: unknown, rejected?: boolean): void {
  if (errorCount >= MAX_ERRORS) return;
  errorCount += 1;
  errors.push(errorKind(value, rejected));
}

/** Sends what was recorded since the last report, if anything (a text/plain beacon). */
function flush(): void {
  if (!page || (Object.keys(metrics).length === 0 && errors.length === 0)) return;
  const body = JSON.stringify({ page, view, locale: document.documentElement.lang, metrics, errors });
  metrics = {};
  errors = [];
  if ('sendBeacon' in navigator) navigator.sendBeacon(ENDPOINT, body);
}

/**
 * Starts measuring the frame as page `next` (called by the frame bridge at hydration, right after
 * its `ready` message); `timings`: the merchant opted in to `timing` messages. On a client-side
 * navigation to another page of the frame (the card form's answer to the status page) it sends what
 * was recorded under the earlier page first, then records under the new one.
 */
export function startFrameVitals(next: FramePage, timings: boolean): void {
  toParent = timings;
  if (page) {
    if (page !== next) flush();
    page = next;
    return;
  }
  page = next;
  view = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  recordFrameMetric('ready', performance.now());
  addEventListener('error', (event) => addError(event.error));
  addEventListener('unhandledrejection', (event) => addError(event.reason, true));
  // Bubble phase on window: after web-vitals' own capture listener has reported LCP, INP and CLS.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  const load = () =>
    void import('web-vitals').then(
      ({ onTTFB, onFCP, onLCP, onINP, onCLS }) => {
        for (const on of [onTTFB, onFCP, onLCP, onINP, onCLS]) on((m) => recordFrameMetric(m.name.toLowerCase() as FrameMetric, m.value));
      },
      () => undefined,
    );
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 2000 }) : load());
  const later = () => setTimeout(idle, LOAD_DELAY_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
