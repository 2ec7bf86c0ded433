/**
 * Timing reports of the framed pages: what lib/framing/frame-vitals.ts measures in the customer's
 * browser, sent as a beacon to POST /api/vitals (app/api/vitals/route.ts), becomes the frame's
 * Prometheus metrics (lib/metrics/metrics.ts). A report is
 * `{ page, view, locale, metrics: { ready?, ttfb?, fcp?, lcp?, inp?, threeds_method?, threeds_challenge?, cls? }, errors: [kind…] }`:
 * `view` the page view's random id (16 to 64 of `A-Za-z0-9_-`), timings in milliseconds
 * (recorded in seconds), CLS unitless. Every label comes from a fixed set
 * (lib/framing/frame-vitals-labels.ts; a locale outside the 16 supported is `other`, an unknown
 * error kind `other`, an unknown metric name is ignored), so nothing a client writes becomes a
 * label; a report carries no address and no payment data, its page-view id is a key of the
 * budgets only (lib/security/vitals-budgets.ts, which also bound floods), and none is logged.
 */
import { z } from 'zod';
import {
  ERROR_KINDS,
  FRAME_PAGES,
  FRAME_TIMINGS,
  type ErrorKind,
  type FramePage,
  type FrameTiming,
} from '@/lib/framing/frame-vitals-labels';
import { LOCALES } from '@hosted-checkout/contract/locales';
import { countFrameClientErrors, observeFrameLayoutShift, observeFrameVital } from '@/lib/metrics/metrics';

/** Longest timing kept, in milliseconds (an hour: a challenge left open); a longer one is refused. */
const MAX_MS = 3_600_000;
/** Largest cumulative layout shift kept (a page that shifts its whole height many times stays far below). */
const MAX_CLS = 100;
/** Client errors a report may list (a page sends at most 10). */
const MAX_ERRORS = 20;

const Ms = z.number().min(0).max(MAX_MS).optional();

/** A report's shape; unknown keys (a newer page's metric) are dropped. */
const VitalsReport = z.object({
  page: z.enum(FRAME_PAGES),
  view: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  locale: z.string().max(35).optional(),
  metrics: z
    .object({ ...Object.fromEntries(FRAME_TIMINGS.map((name) => [name, Ms])), cls: z.number().min(0).max(MAX_CLS).optional() })
    .optional(),
  errors: z.array(z.string().max(40)).max(MAX_ERRORS).optional(),
});

/** A report as recorded: labels from the fixed sets, timings in seconds. */
export interface VitalsRecord {
  page: FramePage;
  /** The page view's id (made by the page; a key of the budgets only). */
  view: string;
  /** One of the 16 locales, or `other`. */
  locale: string;
  timings: [FrameTiming, number][];
  cls: number | undefined;
  errors: Map<ErrorKind, number>;
}

/** The report in a parsed JSON body, with its labels mapped to the fixed sets and its timings in seconds; null when it is not one. */
export function parseVitalsReport(body: unknown): VitalsRecord | null {
  const parsed = VitalsReport.safeParse(body);
  if (!parsed.success) return null;
  const { page, view, locale = '', metrics = {}, errors = [] } = parsed.data;
  const values = metrics as Partial<Record<FrameTiming | 'cls', number>>;
  const timings = FRAME_TIMINGS.flatMap((name): [FrameTiming, number][] => {
    const value = values[name];
    return value === undefined ? [] : [[name, value / 1000]];
  });
  const kinds = new Map<ErrorKind, number>();
  for (const text of errors) {
    const kind = (ERROR_KINDS as readonly string[]).includes(text) ? (text as ErrorKind) : 'other';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return {
    page,
    view,
    locale: (LOCALES as readonly string[]).includes(locale) ? locale : 'other',
    timings,
    cls: values.cls,
    errors: kinds,
  };
}

/** Records a parsed report in the frame's metrics: each timing (seconds), the CLS, the error counts. */
export function recordVitalsReport(report: VitalsRecord): void {
  for (const [metric, seconds] of report.timings) observeFrameVital(report.page, report.locale, metric, seconds);
  if (report.cls !== undefined) observeFrameLayoutShift(report.page, report.locale, report.cls);
  for (const [kind, count] of report.errors) countFrameClientErrors(report.page, kind, count);
}
