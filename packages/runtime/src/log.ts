/**
 * The application's logger (pino, JSON lines on stdout). Card data never reaches it:
 * keys `cardNumber`, `cvv`, `cardCvv`, `pan`, and wallet tokens (`token`, `walletToken`, `paymentData`, `tokenizationData`) are redacted at any depth, as is a national id (`idNumber`, `cpf`) (and a request's
 * `headers`, `cookie`, `authorization`), strings are cut at 4,096 characters, and as a second net
 * any run of 13 to 19 digits that passes Luhn is masked to first 6 and last 4
 * (docs/design.md, section 4). Messages and every argument pass through the same filter.
 * With tracing on, every line carries `trace_id` and `span_id`.
 */
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino from 'pino';
import { RUNTIME_ENV_SCHEMA } from './config';
import { required } from '@hosted-checkout/contract/required';

/**
 * Wallet tokens (a sandbox wallet's, Google Pay's, Apple Pay's paymentData) stand for a card: never
 * logged either; nor a customer's national id (`kyc.idNumber`: a CPR, a CPF, which the registers
 * are queried by; a Pix key `cpf`; ten or eleven digits, under the card number net).
 */
const SECRET_KEYS = new Set([
  'idnumber',
  'cpf',
  'cardnumber',
  'cvv',
  'cardcvv',
  'pan',
  'authorization',
  'token',
  'wallettoken',
  'paymentdata',
  'tokenizationdata',
]);
/** A request's raw headers are never logged: what a client wrote, cookies and credentials. */
const HEADER_KEYS = new Set(['headers', 'rawheaders', 'cookie', 'set-cookie']);
/** Longest string kept in a log line: a client's text cannot make a line of many kilobytes. */
const MAX_LOGGED_CHARS = 4096;

const bounded = (text: string): string =>
  text.length > MAX_LOGGED_CHARS ? `${text.slice(0, MAX_LOGGED_CHARS)}…[${text.length - MAX_LOGGED_CHARS} more]` : text;

/** Candidate runs: 13 or more digits, single spaces or dashes allowed between them (linear: one digit per step). */
const DIGIT_RUN = /\d(?:[ -]?\d){12,}/g;
const PAN_MIN_DIGITS = 13;
const PAN_MAX_DIGITS = 19;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** `424242******4242`: the first 6 and last 4 digits of a card number, the rest starred. */
const maskedDigits = (digits: string): string => `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;

/**
 * Masks the card numbers in one run of digit groups (`4242 4242 4242 4242`, `2 4242…`): a card
 * number is a sequence of whole groups with 13–19 digits in all that passes Luhn; from each group
 * on, the longest such sequence is masked. Luhn sums come from prefix sums (one pass), so each
 * group start costs at most 19 constant-time checks: linear in the run's length.
 */
function maskRun(run: string): string {
  // The run's digits, where each group of them ends (exclusive, in digits), and two prefix sums
  // of Luhn terms: even[k] doubles the digits at even indexes among the first k, odd[k] the odd ones.
  const digits: number[] = [];
  const groupEnds: number[] = [];
  const groupStarts: number[] = [];
  for (let i = 0; i < run.length; i += 1) {
    const code = run.charCodeAt(i);
    if (isDigit(code)) {
      if (i === 0 || !isDigit(run.charCodeAt(i - 1))) groupStarts.push(i);
      digits.push(code - 48);
      if (i + 1 === run.length || !isDigit(run.charCodeAt(i + 1))) groupEnds.push(digits.length);
    }
  }
  const even = new Uint32Array(digits.length + 1);
  const odd = new Uint32Array(digits.length + 1);
  let evenSum = 0;
  let oddSum = 0;
  for (const [k, d] of digits.entries()) {
    const doubled = d > 4 ? d * 2 - 9 : d * 2;
    evenSum += k % 2 === 0 ? doubled : d;
    oddSum += k % 2 === 1 ? doubled : d;
    even[k + 1] = evenSum;
    odd[k + 1] = oddSum;
  }
  // Every index read below is within its array (the loops' bounds); were one not, the scan throws
  // rather than compute NaN and let a card number through unmasked.
  const at = (list: ArrayLike<number>, i: number): number => required(list[i], 'an index of the card-number scan');
  // Digits [a, b) pass Luhn when the positions of the parity of b are doubled (the last digit, b - 1, is not).
  const luhn = (a: number, b: number): boolean => (b % 2 === 0 ? at(even, b) - at(even, a) : at(odd, b) - at(odd, a)) % 10 === 0;
  let out = '';
  let copied = 0;
  for (let g = 0; g < groupEnds.length;) {
    const first = g === 0 ? 0 : at(groupEnds, g - 1);
    let found = -1;
    for (let h = g; h < groupEnds.length && at(groupEnds, h) - first <= PAN_MAX_DIGITS; h += 1) {
      if (at(groupEnds, h) - first >= PAN_MIN_DIGITS && luhn(first, at(groupEnds, h))) found = h;
    }
    if (found < 0) {
      g += 1;
      continue;
    }
    const start = at(groupStarts, g);
    const end = at(groupStarts, found) + (at(groupEnds, found) - (found === 0 ? 0 : at(groupEnds, found - 1)));
    out += run.slice(copied, start) + maskedDigits(digits.slice(first, groupEnds[found]).join(''));
    copied = end;
    g = found + 1;
  }
  return copied === 0 ? run : out + run.slice(copied);
}

/**
 * Masks every card number in `text` to its first 6 and last 4 digits: a Luhn-valid sequence of
 * 13–19 digits, in groups separated by single spaces or dashes (PCI DSS 4.0 requirement 3.4.1:
 * at most BIN and last four shown). Linear in the length of `text`; a text with no run of 13
 * digits is returned as is after one scan.
 */
export function maskPans(text: string): string {
  return text.replace(DIGIT_RUN, maskRun);
}

/** Whether `bytes` holds a run of 13 digits (single spaces or dashes between): the only bytes worth decoding for maskPans. */
function mayHoldPan(bytes: Uint8Array): boolean {
  let digits = 0;
  let separator = false;
  for (const code of bytes) {
    if (isDigit(code)) {
      digits += 1;
      separator = false;
      if (digits >= PAN_MIN_DIGITS) return true;
    } else if ((code === 32 || code === 45) && digits > 0 && !separator) separator = true;
    else {
      digits = 0;
      separator = false;
    }
  }
  return false;
}

const TEXT_ENCODINGS = new Set([undefined, 'utf8', 'utf-8', 'latin1', 'ascii']);
const filtered = Symbol.for('hosted-checkout.pan-filter');
type Writable = NodeJS.WriteStream & { [filtered]?: true };

/**
 * The last line of defence for card numbers in output: every write to `streams` (by default the
 * process's stdout and stderr, which console.log/info/warn/error and Next.js's own log lines
 * go through) passes maskPans first. Text written in another encoding (hex, base64) is left
 * alone. A write with no run of 13 digits costs one scan. Idempotent per stream.
 */
export function maskPansInOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams as Writable[]) {
    if (stream[filtered]) continue;
    stream[filtered] = true;
    const write = stream.write;
    stream.write = function maskedWrite(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const encoding = typeof rest[0] === 'string' ? rest[0].toLowerCase() : undefined;
      if (typeof chunk === 'string' && TEXT_ENCODINGS.has(encoding)) {
        chunk = maskPans(chunk);
      } else if (chunk instanceof Uint8Array && mayHoldPan(chunk)) {
        const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
        const masked = maskPans(text);
        if (masked !== text) chunk = Buffer.from(masked, 'utf8');
      }
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
  }
}

/** A deep copy of `value` with card data removed or masked; safe to log. */
export function sanitizeForLog(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[depth]';
  if (typeof value === 'string') return maskPans(bounded(value));
  if (typeof value === 'number' && Number.isInteger(value) && String(value).length >= 13) return maskPans(String(value));
  if (Array.isArray(value)) return value.map((item) => sanitizeForLog(item, depth + 1));
  if (value instanceof Error) {
    return { type: value.name, message: maskPans(bounded(value.message)), stack: value.stack ? maskPans(bounded(value.stack)) : undefined };
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const lower = key.toLowerCase();
      out[key] = SECRET_KEYS.has(lower) || HEADER_KEYS.has(lower) ? '[redacted]' : sanitizeForLog(item, depth + 1);
    }
    return out;
  }
  return value;
}

export const logger = pino({
  level:
    RUNTIME_ENV_SCHEMA.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL || undefined).data ??
    (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  // The trace and span of the line, when tracing is on (lib/tracing.ts): logs and traces join up.
  mixin() {
    const context = trace.getActiveSpan()?.spanContext();
    return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
  },
  hooks: {
    logMethod(args, method) {
      method.apply(this, args.map((arg) => sanitizeForLog(arg)) as Parameters<typeof method>);
    },
  },
});
