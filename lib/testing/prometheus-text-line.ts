/**
 * The tokens of one line of Prometheus' text exposition format (version 0.0.4), for the strict
 * parser of prometheus-text.ts: metric and label names, quoted label values with their `\\`,
 * `\"` and `\n` escapes, sample values as Prometheus reads them, and HELP text. Every reader
 * throws on what is not the format (an Error naming the line and column), never skips it.
 * Reference: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */

const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === ':';
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9');
/** Whether `c` is a blank of the format (a space or a tab). */
export const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/**
 * A reader of one line, with its position for error messages: each method reads one token at
 * `pos` and moves past it, or throws (`fail`) naming the line, the column and the line's text.
 */
export class Line {
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
export function floatOf(text: string, line: Line): number {
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
export function unescapeHelp(text: string): string {
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
