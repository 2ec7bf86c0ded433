/**
 * The application's logger (pino, JSON lines on stdout). Card data never reaches it:
 * keys `cardNumber`, `cvv`, `cardCvv`, `pan`, and wallet tokens (`token`, `walletToken`, `paymentData`, `tokenizationData`) are redacted at any depth (and a request's
 * `headers`, `cookie`, `authorization`), strings are cut at 4,096 characters, and as a second net
 * any run of 13 to 19 digits that passes Luhn is masked to first 6 and last 4
 * (docs/design.md, section 4). Messages and every argument pass through the same filter.
 * With tracing on, every line carries `trace_id` and `span_id`.
 */
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino from 'pino';
import { ENV_SCHEMA } from './config';

/** Wallet tokens (E21: a sandbox wallet's, Google Pay's, Apple Pay's paymentData) stand for a card: never logged either. */
const SECRET_KEYS = new Set(['cardnumber', 'cvv', 'cardcvv', 'pan', 'authorization', 'token', 'wallettoken', 'paymentdata', 'tokenizationdata']);
/** A request's raw headers are never logged (issue 20, finding 9): what a client wrote, cookies and credentials. */
const HEADER_KEYS = new Set(['headers', 'rawheaders', 'cookie', 'set-cookie']);
/** Longest string kept in a log line: a client's text cannot make a line of many kilobytes. */
const MAX_LOGGED_CHARS = 4096;

const bounded = (text: string): string => (text.length > MAX_LOGGED_CHARS ? `${text.slice(0, MAX_LOGGED_CHARS)}…[${text.length - MAX_LOGGED_CHARS} more]` : text);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Masks every Luhn-valid run of 13–19 digits (spaces or dashes allowed between digits). */
export function maskPans(text: string): string {
  return text.replace(/\d(?:[ -]?\d){12,18}/g, (run) => {
    const digits = run.replace(/\D/g, '');
    if (!luhnValid(digits)) return run;
    return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  });
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
  level: ENV_SCHEMA.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL || undefined).data ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
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
