/**
 * Timing reports of the framed pages: what lib/framing/frame-vitals.ts measures in the customer's
 * browser, sent as a beacon to POST /api/vitals (app/api/vitals/route.ts), becomes the frame's
 * Prometheus metrics (lib/metrics/metrics.ts). A report is
 * `{ page, locale, metrics: { ready?, ttfb?, fcp?, lcp?, inp?, threeds_method?, threeds_challenge?, cls? }, errors: [kind…] }`:
 * timings in milliseconds (recorded in seconds), CLS unitless. Every label comes from a fixed set
 * (lib/framing/frame-vitals-labels.ts; a locale outside the 16 supported is `other`, an unknown
 * error kind `other`, an unknown metric name is ignored), so nothing a client writes becomes a
 * label; a report carries no id, no address and no payment data, and none is logged.
 *
 * Floods are bounded twice, in memory per instance (the metrics are per instance too, so a store
 * shared by the instances would buy nothing but a database write per page view): per client
 * address (LIMIT_VITALS_PER_IP, an IPv6 client by its /64), and by a budget of VITALS_PER_MINUTE
 * reports over all addresses.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { appConfig } from '@/lib/config';
import {
  ERROR_KINDS,
  FRAME_PAGES,
  FRAME_TIMINGS,
  type ErrorKind,
  type FramePage,
  type FrameTiming,
} from '@/lib/framing/frame-vitals-labels';
import { LOCALES } from '@/lib/i18n/locales';
import { countFrameClientErrors, observeFrameLayoutShift, observeFrameVital } from '@/lib/metrics/metrics';
import { addressKey } from '@/lib/net/client-ip';
import { parseLimit } from './velocity';

/** Longest timing kept, in milliseconds (an hour: a challenge left open); a longer one is refused. */
const MAX_MS = 3_600_000;
/** Largest cumulative layout shift kept (a page that shifts its whole height many times stays far below). */
const MAX_CLS = 100;
/** Client errors a report may list (a page sends at most 10). */
const MAX_ERRORS = 20;

/**
 * Reports accepted a minute on one instance over all addresses: a page view sends one to three,
 * so a busy instance's customers stay within it, while a flood from many addresses is refused.
 */
export const VITALS_PER_MINUTE = 6000;

const Ms = z.number().min(0).max(MAX_MS).optional();

/** A report's shape; unknown keys (a newer page's metric) are dropped. */
const VitalsReport = z.object({
  page: z.enum(FRAME_PAGES),
  locale: z.string().max(35).optional(),
  metrics: z
    .object({ ...Object.fromEntries(FRAME_TIMINGS.map((name) => [name, Ms])), cls: z.number().min(0).max(MAX_CLS).optional() })
    .optional(),
  errors: z.array(z.string().max(40)).max(MAX_ERRORS).optional(),
});

/** A report as recorded: labels from the fixed sets, timings in seconds. */
export interface VitalsRecord {
  page: FramePage;
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
  const { page, locale = '', metrics = {}, errors = [] } = parsed.data;
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

const limiterKey = Symbol.for('hosted-checkout.vitals-limiters');
const gl = globalThis as typeof globalThis & { [limiterKey]?: { spec: string; perAddress: RateLimiterMemory; global: RateLimiterMemory } };

const limiters = () => {
  const spec = appConfig().LIMIT_VITALS_PER_IP;
  if (gl[limiterKey]?.spec !== spec) {
    const { points, duration } = parseLimit(spec);
    gl[limiterKey] = {
      spec,
      perAddress: new RateLimiterMemory({ keyPrefix: 'vitals', points, duration }),
      global: gl[limiterKey]?.global ?? new RateLimiterMemory({ keyPrefix: 'vitals-global', points: VITALS_PER_MINUTE, duration: 60 }),
    };
  }
  return gl[limiterKey];
};

/**
 * Whether a report from `ip` may be read: LIMIT_VITALS_PER_IP (points/seconds) per trusted client
 * address (an IPv6 address by its /64: `addressKey`), in memory per instance. No address is a refusal.
 */
export async function acceptVitalsFrom(ip: string | undefined): Promise<boolean> {
  if (!ip) return false;
  try {
    await limiters().perAddress.consume(addressKey(ip));
    return true;
  } catch {
    return false;
  }
}

/** Whether one more report fits in this instance's budget of VITALS_PER_MINUTE over all addresses. */
export async function withinVitalsBudget(): Promise<boolean> {
  try {
    await limiters().global.consume('all');
    return true;
  } catch {
    return false;
  }
}
