/**
 * The fuzz suite, derived from the operations table and the server actions' pipeline: for every
 * operation, requests with wrong types, missing fields, 100 KB strings, deep nesting, unicode,
 * numbers at the edges (0, -1, 1e308, 0.001), foreign and malformed ids and headers, sent through
 * the sandbox's router in process; for the server actions, forms of the same kinds through their
 * one pipeline and the domain parsers behind it; for the SRC system's browser API
 * (`/sandbox/src/api/{op}`), bodies of the same kinds on a live session, from the checkout's and
 * other origins. Records every status by class and the event loop's longest stall. Deterministic
 * for a seed.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { z } from 'zod';
import { OPERATIONS, OPERATION_IDS, type OperationId } from '@hosted-checkout/contract/operations';
import { pathParamNames } from '@hosted-checkout/contract/operation-paths';
import { PAYMENT_ID } from '@hosted-checkout/contract/ids';
import { parseExpiry, validateCardForm } from '@hosted-checkout/contract/card-rules';
import { checkAmount, parseAmount } from '@/lib/checkout/cashier/cashier-amount';
import { completeBrowser } from '@/lib/checkout/payment-pages/browser-info';
import { parseActionForm } from '@hosted-checkout/contract/action-form';
import { handleSandboxRequest } from '@sandbox/service/http';
import { SRC_API_OPS } from '@hosted-checkout/contract/click-to-pay';
import { checkoutUrl } from '@hosted-checkout/runtime/config';
import { handleSrcApiRequest } from '@sandbox/service/src-system/browser-http';
import { openSession } from '@sandbox/service/src-system/sessions';
import { emailHashOf } from '@sandbox/service/src-system/profiles';
import { sandboxDb } from '@sandbox/service/core/store';
import { SAMPLE_BODIES } from '@sandbox/testing/operation-samples';
import { picker, random } from '@hosted-checkout/runtime/testing/random';

const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) });
/** Values of every awkward sort. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  0.001,
  1e-7,
  123456789012.345,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(100 * 1024),
  '😀'.repeat(1000),
  '\u0000',
  '\ud800',
  'مرحبا',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '4242424242424242',
  '../../etc/passwd',
  [],
  [1, 'a', null],
  {},
  { __proto__: { polluted: true } },
  nest(40),
  nest(10),
];
const ODD_IDS = ['unknown_id', 'pi_' + 'x'.repeat(200), '%00', '%E0%A4%A', '..', '😀', 'merchant-other', 'cs_', ' ', '%2F'];

interface FuzzReport {
  cases: number;
  byClass: Record<string, number>;
  serverErrors: { request: string; status: number }[];
  longestStallMs: number;
}

function mutate(value: unknown, next: () => number): unknown {
  const pick = picker(next);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return pick(ODD_VALUES);
    const [key] = pick(entries);
    const roll = next();
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (roll < 0.25) delete copy[key];
    else if (roll < 0.7) copy[key] = pick(ODD_VALUES);
    else copy[key] = mutate(copy[key], next);
    return copy;
  }
  return pick(ODD_VALUES);
}

function requestFor(id: OperationId, next: () => number): { url: string; init: RequestInit; label: string } {
  const op = OPERATIONS[id];
  const pick = picker(next);
  const params = Object.fromEntries(pathParamNames(op.path).map((name) => [name, pick(ODD_IDS)]));
  // Ids that are already percent-encoded are sent as they are.
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return /%/.test(value) ? value : encodeURIComponent(value);
  });
  const sample = SAMPLE_BODIES[id]?.() ?? {};
  const roll = next();
  let raw: string | undefined;
  if ('request' in op) {
    if (roll < 0.6) raw = JSON.stringify(mutate(sample, next));
    else if (roll < 0.7) raw = JSON.stringify(pick(ODD_VALUES));
    else if (roll < 0.8) raw = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    else if (roll < 0.9) raw = '{"truncated": ';
    else raw = JSON.stringify(sample);
  }
  const tokens = ['sbx_demo_merchant', 'sbx_checkout', 'sbx_other_merchant', 'nonsense', ''];
  const headers: Record<string, string> = { 'Content-Type': next() < 0.9 ? 'application/json' : 'text/plain' };
  const token = pick(tokens);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (next() < 0.5) headers['Idempotency-Key'] = next() < 0.1 ? 'k'.repeat(300) : `fuzz-${Math.floor(next() * 1e9)}`;
  if (next() < 0.2) headers['X-IP-Address'] = pick(['::1', '999.1.1.1', 'x'.repeat(100)]);
  const method = next() < 0.95 ? op.method : pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  return {
    url: `http://localhost/sandbox/api${path}`,
    init: { method, headers, ...(raw !== undefined && method !== 'GET' ? { body: raw } : {}) },
    label: `${method} ${path.slice(0, 80)} ${(raw ?? '').slice(0, 60)}`,
  };
}

/** Card, saved-card, APM and cashier forms as the pipeline sees them, with fuzzed fields. */
const FORM_SCHEMA = z.object({
  paymentId: z.string().regex(PAYMENT_ID),
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvv: z.string().default(''),
  cardHolderName: z.string().default(''),
  amount: z.string().default(''),
  browser: z.string().optional(),
});

function fuzzForm(next: () => number): void {
  const pick = picker(next);
  const text = () => {
    const value = pick(ODD_VALUES);
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  };
  const form = new FormData();
  for (const name of ['paymentId', 'cardNumber', 'expiry', 'cvv', 'cardHolderName', 'amount', 'browser']) {
    if (next() < 0.85)
      form.append(
        name,
        next() < 0.5 ? text() : pick(['pi_1', '4242 4242 4242 4242', '12 / 34', '123', 'Ada', '1,000.50', '{"javascriptEnabled":true}']),
      );
  }
  const parsed = parseActionForm(FORM_SCHEMA, next() < 0.05 ? pick(ODD_VALUES) : form, {
    cardNumber: 32,
    expiry: 16,
    cvv: 8,
    cardHolderName: 128,
    amount: 32,
    browser: 2048,
  });
  if (!parsed.ok) return;
  const { data } = parsed;
  validateCardForm({ cardNumber: data.cardNumber, expiry: data.expiry, cvv: data.cvv, cardHolderName: data.cardHolderName });
  parseExpiry(data.expiry);
  for (const locale of ['en', 'de', 'ar', 'hi']) {
    parseAmount(data.amount, locale);
    checkAmount(data.amount, pick(['EUR', 'JPY', 'KWD']), 'withdraw', 100, locale);
  }
  completeBrowser(data.browser ?? null, { acceptHeader: null, userAgent: null, customerIp: undefined, acceptLanguage: null });
}

/** A live SRC session of Ticket Hall for the seeded clara (its client token), for the browser API's cases to reach past the token check. */
async function srcClientToken(): Promise<string> {
  const db = await sandboxDb();
  const emailHash = await emailHashOf(db, 'clara.c2p@example.com');
  const opened = await openSession(db, { payinId: 'pi_fuzz', merchantId: 'merchant-c2p', amountMinor: 4200, currency: 'EUR', emailHash });
  return opened.srcClientToken;
}

/** One request to the SRC system's browser API: an op's body mutated, from the checkout's origin mostly. */
function srcRequestFor(token: string, next: () => number): { op: string; request: Request; label: string } {
  const pick = picker(next);
  const op = next() < 0.95 ? pick(SRC_API_OPS) : pick(ODD_IDS);
  const sample = {
    srcClientToken: next() < 0.8 ? token : pick(ODD_VALUES),
    identity: { type: pick(['EMAIL', 'MOBILE_PHONE_NUMBER']), value: pick(['clara.c2p@example.com', '+447700900101', 'x@y']) },
    channel: pick(['EMAIL', 'SMS']),
    validationData: pick(['123456', '000000', '']),
    rememberMe: next() < 0.5,
    idToken: 'i'.repeat(43),
    srcDigitalCardId: 'srcdc_0123456789abcdef01234567',
  };
  const roll = next();
  const raw =
    roll < 0.7
      ? JSON.stringify(mutate(sample, next))
      : roll < 0.8
        ? JSON.stringify(pick(ODD_VALUES))
        : roll < 0.9
          ? '{"truncated": '
          : JSON.stringify(sample);
  const headers: Record<string, string> = { 'Content-Type': next() < 0.9 ? 'application/json' : 'text/plain' };
  if (next() < 0.9) headers.Origin = next() < 0.9 ? new URL(checkoutUrl()).origin : pick(['https://evil.example', 'null', '']);
  if (next() < 0.3) headers.Cookie = `sbx-src-recognition=${pick(['a'.repeat(43), '%00', 'x'.repeat(300)])}`;
  const method = next() < 0.9 ? 'POST' : pick(['GET', 'OPTIONS', 'PUT', 'DELETE']);
  const request = new Request(`${checkoutUrl()}/sandbox/src/api/${encodeURIComponent(op)}`, {
    method,
    headers,
    ...(method === 'POST' || method === 'PUT' ? { body: raw } : {}),
  });
  return { op, request, label: `${method} /sandbox/src/api/${op.slice(0, 40)} ${raw.slice(0, 60)}` };
}

/**
 * Runs `cases` router requests and as many form cases, seeded. Never throws for a server
 * error: it is recorded in the report.
 */
export async function runFuzz(cases: number, seed = 1): Promise<FuzzReport> {
  const next = random(seed);
  const report: FuzzReport = { cases: 0, byClass: {}, serverErrors: [], longestStallMs: 0 };
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let lastTick = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - lastTick - 5);
    lastTick = now;
  }, 5);
  const pick = picker(next);
  // The browser API's cases draw from a sequence of their own: the router's cases stay those of the seed.
  const nextSrc = random(seed + 1);
  const token = await srcClientToken();
  try {
    for (let i = 0; i < cases; i += 1) {
      const id = pick(OPERATION_IDS);
      const { url, init, label } = requestFor(id, next);
      let status: number;
      try {
        status = (await handleSandboxRequest(new Request(url, init))).status;
      } catch {
        status = 599;
      }
      report.cases += 1;
      const cls = `${Math.floor(status / 100)}xx`;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      if (status >= 500) report.serverErrors.push({ request: label, status });
      try {
        fuzzForm(next);
      } catch {
        report.serverErrors.push({ request: 'server action form', status: 599 });
      }
      report.cases += 1;
      report.byClass.form = (report.byClass.form ?? 0) + 1;
      const src = srcRequestFor(token, nextSrc);
      let srcStatus: number;
      try {
        srcStatus = (await handleSrcApiRequest(src.request, src.op)).status;
      } catch {
        srcStatus = 599;
      }
      report.cases += 1;
      const srcClass = `src ${Math.floor(srcStatus / 100)}xx`;
      report.byClass[srcClass] = (report.byClass[srcClass] ?? 0) + 1;
      if (srcStatus >= 500) report.serverErrors.push({ request: src.label, status: srcStatus });
      // Let the ticker run between cases, as a server's other requests would.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    clearInterval(ticker);
    delay.disable();
  }
  report.longestStallMs = Math.round(Math.max(longest, delay.max / 1e6 - 5) * 10) / 10;
  return report;
}
