/**
 * The performance table as published (published/performance.json, written by
 * `npm run bench:clock -- --publish`, scripts/bench/bench-clock.mjs): each payment page against
 * its static twin, Lighthouse mobile, per throttling method. Times in ms, sizes in bytes
 * (compressed). Server only.
 */
import 'server-only';
import { z } from 'zod';
import { readPublished } from './published-file';

const Spread = z.object({ median: z.number(), min: z.number(), max: z.number() });

/** One variant (the page or its twin): medians with their range, bytes and the lowest score. */
const Figures = z.object({
  lcp: Spread,
  fcp: Spread,
  tbt: Spread,
  bytes: z.number(),
  jsBytes: z.number(),
  performance: z.number(),
});

const Row = z.object({
  name: z.enum(['card', 'apm', 'cashier', 'widget']),
  /** The page's median LCP over its twin's. */
  ratio: z.number(),
  meets: z.boolean(),
  page: Figures,
  twin: Figures,
});

export const PerformanceTable = z.object({
  measuredAt: z.string(),
  buildId: z.string().nullable(),
  runs: z.number().int().positive(),
  goals: z.object({ lcpRatio: z.number(), tbtMs: z.number(), performance: z.number(), throttling: z.enum(['devtools', 'simulate']) }),
  methods: z.partialRecord(z.enum(['devtools', 'simulate']), z.array(Row)),
});
export type PerformanceTable = z.infer<typeof PerformanceTable>;

/** The published table, or null when none has been published for this server. */
export const performanceTable = (): PerformanceTable | null => readPublished('performance.json', PerformanceTable);
