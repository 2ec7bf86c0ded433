/**
 * A strict parser of Prometheus' text exposition format (version 0.0.4, as prom-client writes it
 * and Prometheus scrapes it), for the metrics tests (lib/metrics/*.test.ts, e2e/metrics.spec.ts).
 * It reads the format character by character as the specification describes it (HELP and TYPE
 * lines, a metric name, labels with `\\`, `\"` and `\n` escapes, a float value with NaN and
 * ±Inf, an optional timestamp) and throws on anything else, instead of skipping what it does not
 * understand. Samples join their family by the TYPE declared before them (a histogram's
 * `_bucket`, `_sum` and `_count`; a summary's `_sum` and `_count`), a family's lines must be
 * together, and `histogramSeries` checks each series' buckets (cumulative, `+Inf` = `_count`).
 *
 * Why not a package: the npm parsers of the format are unmaintained, and the most used one
 * (parse-prometheus-text-format 1.1.1) merges every labelled series of a histogram into one
 * (its fix has waited since 2019), which is what these tests look at.
 * Reference: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */

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

const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === ':';
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9');
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** A reader of one line, with its position for error messages. */
class Line {
  pos = 0;
  constructor(
    readonly text: string,
    readonly number: number,
  ) {}

  fail(message: string): never {
    throw new Error(`line ${this.number}, column ${this.pos + 1}: ${message}: ${JSON.stringify(this.text)}`);
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  skipBlanks(): void {
    while (isBlank(this.peek())) this.pos += 1;
  }

  /** A metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`); a label name must not contain `:`. */
  name(what: 'metric' | 'label'): string {
    const start = this.pos;
    if (!isNameStart(this.peek() ?? '') || (what === 'label' && this.peek() === ':')) this.fail(`a ${what} name is expected`);
    while (!this.done && isNameChar(this.peek() ?? '') && !(what === 'label' && this.peek() === ':')) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  /** The rest of the line up to a blank (or its end). */
  token(): string {
    const start = this.pos;
    while (!this.done && !isBlank(this.peek())) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  /** A quoted label value, its escapes read. */
  quoted(): string {
    if (this.peek() !== '"') this.fail('a quoted label value is expected');
    this.pos += 1;
    let value = '';
    for (;;) {
      if (this.done) this.fail('the label value is not closed');
      const c = this.text.charAt(this.pos);
      this.pos += 1;
      if (c === '"') return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const escaped = this.text[this.pos];
      this.pos += 1;
      if (escaped === '\\') value += '\\';
      else if (escaped === '"') value += '"';
      else if (escaped === 'n') value += '\n';
      else this.fail('an unknown escape in a label value');
    }
  }

  /** `{name="value",…}` (a trailing comma allowed), or nothing. */
  labels(): Record<string, string> {
    const labels: Record<string, string> = {};
    if (this.peek() !== '{') return labels;
    this.pos += 1;
    this.skipBlanks();
    while (this.peek() !== '}') {
      const name = this.name('label');
      this.skipBlanks();
      if (this.peek() !== '=') this.fail('`=` is expected after a label name');
      this.pos += 1;
      this.skipBlanks();
      if (name in labels) this.fail(`the label ${name} is given twice`);
      labels[name] = this.quoted();
      this.skipBlanks();
      if (this.peek() === ',') {
        this.pos += 1;
        this.skipBlanks();
      } else if (this.peek() !== '}') this.fail('`,` or `}` is expected');
    }
    this.pos += 1;
    return labels;
  }
}

/**
 * A sample value as Prometheus reads it (Go's strconv.ParseFloat): a decimal or exponent float,
 * or NaN, Inf, Infinity with any case and sign (prom-client writes `Nan`).
 */
function floatOf(text: string, line: Line): number {
  const special = text.toLowerCase();
  if (special === 'nan' || special === '+nan' || special === '-nan') return NaN;
  if (['inf', '+inf', 'infinity', '+infinity'].includes(special)) return Infinity;
  if (special === '-inf' || special === '-infinity') return -Infinity;
  // Digits, one point, an exponent: what Number reads, less hex, binary and the empty string it also takes.
  let digits = 0;
  let i = text[0] === '+' || text[0] === '-' ? 1 : 0;
  let point = false;
  for (; i < text.length && text[i] !== 'e' && text[i] !== 'E'; i += 1) {
    const c = text.charAt(i);
    if (c >= '0' && c <= '9') digits += 1;
    else if (c === '.' && !point) point = true;
    else line.fail('the value is not a number');
  }
  if (digits === 0) line.fail('the value is not a number');
  if (i < text.length) {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j += 1;
    if (j >= text.length) line.fail('the value’s exponent is empty');
    for (; j < text.length; j += 1) if (text.charAt(j) < '0' || text.charAt(j) > '9') line.fail('the value’s exponent is not a number');
  }
  return Number(text);
}

/** The help text of a HELP line, its escapes (`\\`, `\n`) read. */
function unescapeHelp(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '\\' && (text[i + 1] === '\\' || text[i + 1] === 'n')) {
      out += text[i + 1] === 'n' ? '\n' : '\\';
      i += 1;
    } else out += c;
  }
  return out;
}

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
