/**
 * A strict parser of Prometheus' text exposition format (version 0.0.4, as prom-client writes it
 * and Prometheus scrapes it), for the metrics tests (lib/metrics/*.test.ts, e2e/metrics.spec.ts).
 * It reads the format character by character as the specification describes it (HELP and TYPE
 * lines, a metric name, labels with `\\`, `\"` and `\n` escapes, a float value with NaN and
 * ±Inf, an optional timestamp) and throws on anything else, instead of skipping what it does not
 * understand. Samples join their family by the TYPE declared before them (a histogram's
 * `_bucket`, `_sum` and `_count`; a summary's `_sum` and `_count`), a family's lines must be
 * together, and `histogramSeries` checks each series' buckets (cumulative, `+Inf` = `_count`).
 * The tokens of each line are read by prometheus-text-line.ts.
 *
 * Why not a package: the npm parsers of the format are unmaintained, and the most used one
 * (parse-prometheus-text-format 1.1.1) merges every labelled series of a histogram into one
 * (its fix has waited since 2019), which is what these tests look at.
 * Reference: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */
import { floatOf, isBlank, Line, unescapeHelp } from './prometheus-text-line';

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (`x_bucket`, `x_sum`… for a histogram `x`). */
  name: string;
  labels: Record<string, string>;
  value: number;
  timestampMs?: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

/** One series of a histogram: its labels (without `le`), buckets by upper bound, count and sum. */
export interface HistogramSeries {
  labels: Record<string, string>;
  buckets: { le: number; count: number }[];
  count: number;
  sum: number;
}

const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** The family a sample named `name` joins, by the TYPEs declared so far. */
function familyOf(name: string, declared: Map<string, MetricFamily>): string {
  for (const [suffixes, type] of [
    [['_bucket', '_sum', '_count'], 'histogram'],
    [['_sum', '_count'], 'summary'],
  ] as const) {
    for (const suffix of suffixes) {
      if (!name.endsWith(suffix)) continue;
      const base = name.slice(0, -suffix.length);
      if (declared.get(base)?.type === type) return base;
    }
  }
  return name;
}

/** Parses an exposition in the text format; throws on any line that is not the format. */
export function parsePrometheusText(text: string): MetricFamily[] {
  const families = new Map<string, MetricFamily>();
  let current: string | null = null;
  const closed = new Set<string>();
  const enter = (name: string): MetricFamily => {
    if (current !== name) {
      if (current !== null) closed.add(current);
      if (closed.has(name)) throw new Error(`the lines of ${name} are not together`);
      current = name;
    }
    let family = families.get(name);
    if (!family) {
      family = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, family);
    }
    return family;
  };
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((raw, index) => {
    const line = new Line(raw, index + 1);
    line.skipBlanks();
    if (line.done) return;
    if (line.peek() === '#') {
      line.pos += 1;
      line.skipBlanks();
      const keyword = line.token();
      if (keyword !== 'HELP' && keyword !== 'TYPE') return; // any other comment
      line.skipBlanks();
      const name = line.name('metric');
      if (!line.done && !isBlank(line.peek())) line.fail('a blank is expected after the metric name');
      line.skipBlanks();
      const family = enter(name);
      if (keyword === 'HELP') {
        if (family.help) line.fail(`a second HELP for ${name}`);
        family.help = unescapeHelp(line.text.slice(line.pos));
      } else {
        const type = line.token() as MetricType;
        line.skipBlanks();
        if (!TYPES.has(type) || !line.done) line.fail('the type is not counter, gauge, histogram, summary or untyped');
        if (family.samples.length > 0 || family.type !== 'untyped') line.fail(`the TYPE of ${name} comes late or twice`);
        family.type = type;
      }
      return;
    }
    const name = line.name('metric');
    const labels = line.labels();
    if (!isBlank(line.peek())) line.fail('a blank is expected before the value');
    line.skipBlanks();
    const value = floatOf(line.token(), line);
    line.skipBlanks();
    let timestampMs: number | undefined;
    if (!line.done) {
      const stamp = line.token();
      if (!/^-?\d{1,19}$/.test(stamp)) line.fail('the timestamp is not a whole number of milliseconds');
      timestampMs = Number(stamp);
      line.skipBlanks();
      if (!line.done) line.fail('the line goes on after the timestamp');
    }
    const family = enter(familyOf(name, families));
    if (family.type === 'histogram' && name.endsWith('_bucket') && !('le' in labels)) line.fail('a bucket without `le`');
    family.samples.push({ name, labels, value, ...(timestampMs === undefined ? {} : { timestampMs }) });
  });
  return [...families.values()];
}

const withoutLabel = (labels: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(labels).filter(([key]) => key !== name));
const keyOf = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The series of histogram `family`, each checked: buckets ascending and cumulative, a `+Inf`
 * bucket equal to its `_count`, and a `_sum`. Throws when one is not.
 */
export function histogramSeries(family: MetricFamily): HistogramSeries[] {
  if (family.type !== 'histogram') throw new Error(`${family.name} is a ${family.type}, not a histogram`);
  const byLabels = new Map<string, HistogramSeries & { hasCount: boolean; hasSum: boolean }>();
  for (const sample of family.samples) {
    const labels = sample.name.endsWith('_bucket') ? withoutLabel(sample.labels, 'le') : sample.labels;
    const key = keyOf(labels);
    let series = byLabels.get(key);
    if (!series) {
      series = { labels, buckets: [], count: 0, sum: 0, hasCount: false, hasSum: false };
      byLabels.set(key, series);
    }
    if (sample.name === `${family.name}_bucket`) {
      const le = sample.labels.le;
      if (le === undefined) throw new Error(`${sample.name}${keyOf(sample.labels)} has no le label`);
      series.buckets.push({ le: le === '+Inf' ? Infinity : floatOfLabel(le, family.name), count: sample.value });
    } else if (sample.name === `${family.name}_count`) {
      series.count = sample.value;
      series.hasCount = true;
    } else if (sample.name === `${family.name}_sum`) {
      series.sum = sample.value;
      series.hasSum = true;
    } else throw new Error(`${sample.name} is not a sample of histogram ${family.name}`);
  }
  return [...byLabels.values()].map(({ hasCount, hasSum, ...series }) => {
    const where = `${family.name}${keyOf(series.labels)}`;
    if (!hasCount || !hasSum) throw new Error(`${where} lacks its _count or _sum`);
    series.buckets.forEach((bucket, i) => {
      const before = series.buckets[i - 1];
      if (before && !(bucket.le > before.le && bucket.count >= before.count)) throw new Error(`${where}: buckets out of order`);
    });
    if (series.buckets.at(-1)?.le !== Infinity || series.buckets.at(-1)?.count !== series.count) {
      throw new Error(`${where}: the +Inf bucket is missing or differs from _count`);
    }
    return series;
  });
}

function floatOfLabel(text: string, family: string): number {
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) throw new Error(`${family}: the bucket bound ${JSON.stringify(text)} is not a number`);
  return value;
}

/** The family named `name`, or undefined. */
export const familyNamed = (families: MetricFamily[], name: string): MetricFamily | undefined => families.find((f) => f.name === name);

/** Whether every label of `wanted` is in `labels` with the same value. */
export const hasLabels = (labels: Record<string, string>, wanted: Record<string, string>): boolean =>
  Object.entries(wanted).every(([key, value]) => labels[key] === value);
