/**
 * The HTTP side of the SRC system's browser API (browser-api.ts): `POST /sandbox/src/api/{op}` on
 * the sandbox's public origin (SANDBOX_PUBLIC_URL, the checkout's by default), called by the card
 * page with its credentials. Rules (docs/sandbox.md, "Click to Pay"):
 * - POST only (405, `Allow: POST, OPTIONS`); OPTIONS answers the CORS preflight; an unknown op is 404;
 * - `Origin` must be the checkout's or the sandbox's (or a loopback twin of either), else 403;
 *   a cross-origin caller gets CORS for exactly its origin, with credentials;
 * - a JSON body of at most 8 KB (413 beyond; 400 INVALID_REQUEST when it is not JSON or not the
 *   op's shape, refusals in the SrcError shape `{ reason, status, message, …extra }`);
 * - every answer `Cache-Control: no-store`; anything unexpected is logged and answered 503
 *   SERVICE_ERROR, never a 500;
 * - the recognition cookie: `__Secure-sbx-src-recognition` on https, `sbx-src-recognition` on
 *   loopback http, none on plain http elsewhere (remember-me unavailable, as the checkout's holder
 *   cookie), `Path=/sandbox/src/api/; Max-Age=15552000; HttpOnly; Secure; SameSite=None;
 *   Partitioned` (CHIPS: one per top-level site, i.e. per merchant page around the checkout).
 * No body, identity, code, token or cookie value is logged.
 */
import { checkoutUrl, sandboxEnabled, sandboxPublicUrl, twinOrigin } from '@hosted-checkout/runtime/config';
import { logger } from '@hosted-checkout/runtime/log';
import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import type { z } from 'zod';
import {
  SRC_API_OPS,
  SrcCheckoutRequest,
  SrcIdentityLookupRequest,
  SrcRecognizeRequest,
  SrcSignOutRequest,
  SrcValidationCompleteRequest,
  SrcValidationInitiateRequest,
  type SrcApiOp,
} from '@hosted-checkout/contract/click-to-pay';
import type { Db } from '@sandbox/db/client';
import { isDatabaseUnavailable } from '@sandbox/db/client';
import { SandboxApiError } from '../core/api-error';
import { sandboxDb } from '../core/store';
import { checkout, identityLookup, recognize, signOut, validationComplete, validationInitiate, type SrcApiResult } from './browser-api';
import { RECOGNITION_MAX_AGE_S } from './recognition';
import { registerSrcSeeds } from './seed-profiles';
import { SrcError } from './src-error';

// An entry point of the sandbox: its profiles are seeded when the database opens, as http.ts registers them.
registerSrcSeeds();

/** Largest accepted body, in bytes. */
export const SRC_API_MAX_BODY_BYTES = 8 * 1024;
/** The path the API and its cookie live under. */
export const SRC_API_PATH = '/sandbox/src/api/';

type Run = (
  db: Db,
  body: never,
  cookie: string | undefined,
  now: Date,
  options: { cookieAllowed: boolean },
) => Promise<SrcApiResult<unknown>>;
const OPS: Record<SrcApiOp, { schema: z.ZodType; run: Run }> = {
  recognize: { schema: SrcRecognizeRequest, run: recognize },
  'identity-lookup': { schema: SrcIdentityLookupRequest, run: identityLookup },
  'validation-initiate': { schema: SrcValidationInitiateRequest, run: validationInitiate },
  'validation-complete': { schema: SrcValidationCompleteRequest, run: validationComplete },
  checkout: { schema: SrcCheckoutRequest, run: checkout },
  'sign-out': { schema: SrcSignOutRequest, run: signOut },
};

const isOp = (op: string): op is SrcApiOp => (SRC_API_OPS as readonly string[]).includes(op);

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The recognition cookie's name on the SRC origin `srcOrigin`: `__Secure-…` on https, the bare
 * name on loopback http (browsers treat it as secure), null on plain http elsewhere (no cookie).
 */
export function recognitionCookieName(srcOrigin: string = sandboxPublicUrl()): string | null {
  const url = new URL(srcOrigin);
  if (url.protocol === 'https:') return '__Secure-sbx-src-recognition';
  return LOOPBACK.includes(url.hostname) ? 'sbx-src-recognition' : null;
}

/** The Set-Cookie value keeping `value` (180 days), or clearing the cookie (`null`). */
export function recognitionCookie(name: string, value: string | null): string {
  const attributes = `Path=${SRC_API_PATH}; Max-Age=${value === null ? 0 : RECOGNITION_MAX_AGE_S}; HttpOnly; Secure; SameSite=None; Partitioned`;
  return `${name}=${value ?? ''}; ${attributes}`;
}

/** The well-formed recognition cookie value of a `Cookie` header (43 characters of base64url), else undefined. */
export function recognitionCookieOf(header: string | null, name: string | null): string | undefined {
  if (!header || !name) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
  }
  return undefined;
}

/** The sandbox's own origin, and every origin allowed to call: the checkout's, the sandbox's, and their loopback twins. */
function callers(): { own: string; allowed: Set<string> } {
  const own = new URL(sandboxPublicUrl()).origin;
  const allowed = new Set<string>();
  for (const origin of [own, new URL(checkoutUrl()).origin]) {
    allowed.add(origin);
    const twin = twinOrigin(origin);
    if (twin) allowed.add(twin);
  }
  return { own, allowed };
}

/** How to answer a caller: CORS for exactly its origin when it is another than the sandbox's. */
interface Caller {
  cors: string | null;
}

function headersFor(caller: Caller | null, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ 'Cache-Control': 'no-store', Vary: 'Origin', ...extra });
  if (caller?.cors) {
    headers.set('Access-Control-Allow-Origin', caller.cors);
    headers.set('Access-Control-Allow-Credentials', 'true');
  }
  return headers;
}

const json = (status: number, body: unknown, caller: Caller | null, extra?: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: headersFor(caller, { 'Content-Type': 'application/json', ...extra }) });

const refusal = (error: SrcError, caller: Caller | null) => json(error.status, error.toBody(), caller);
const invalid = (message: string) => new SrcError('INVALID_REQUEST', 400, message);

/** "field.path: message" of zod issues; zod's messages never echo the input. */
const describeIssues = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');

/** The request's body, parsed and checked against the op's schema; throws SrcError 400 (or answers null past 8 KB). */
async function readBody(request: Request, op: SrcApiOp): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) throw invalid('Content-Type must be application/json');
  const text = await readBoundedText(request, SRC_API_MAX_BODY_BYTES);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalid('The body is not valid JSON');
  }
  const parsed = OPS[op].schema.safeParse(value);
  if (!parsed.success) throw invalid(describeIssues(parsed.error.issues));
  return parsed.data;
}

/** The op's answer: its body, and the cookie set or cleared where this origin can keep one. */
async function answer(request: Request, op: SrcApiOp, caller: Caller, now: Date): Promise<Response> {
  const body = await readBody(request, op);
  if (body === null)
    return refusal(new SrcError('INVALID_REQUEST', 413, `The body is larger than ${SRC_API_MAX_BODY_BYTES} bytes`), caller);
  const name = recognitionCookieName();
  const cookie = recognitionCookieOf(request.headers.get('cookie'), name);
  const result = await OPS[op].run(await sandboxDb(), body as never, cookie, now, { cookieAllowed: name !== null });
  const response = json(200, result.body, caller);
  if (name && result.setCookie)
    response.headers.append('Set-Cookie', recognitionCookie(name, result.setCookie === 'clear' ? null : result.setCookie.bind));
  return response;
}

/**
 * Answers a request to `/sandbox/src/api/{op}` (the rules above). `now` is the clock of the
 * request (tests pass theirs).
 */
export async function handleSrcApiRequest(request: Request, op: string, now: Date = new Date()): Promise<Response> {
  if (!sandboxEnabled() || !isOp(op)) return json(404, new SrcError('NOT_FOUND', 404, 'No such operation').toBody(), null);
  if (request.method !== 'POST' && request.method !== 'OPTIONS')
    return new Response(null, { status: 405, headers: headersFor(null, { Allow: 'POST, OPTIONS' }) });
  const origin = request.headers.get('origin');
  const { own, allowed } = callers();
  if (!origin || !allowed.has(origin)) return json(403, new SrcError('FORBIDDEN', 403, 'Not called from the checkout').toBody(), null);
  const caller: Caller = { cors: origin === own ? null : origin };
  if (request.method === 'OPTIONS')
    return new Response(null, {
      status: 204,
      headers: headersFor(caller, {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      }),
    });
  try {
    return await answer(request, op, caller, now);
  } catch (error) {
    if (SrcError.is(error)) {
      logger.debug({ op, reason: error.reason, status: error.status }, 'src api refusal');
      return refusal(error, caller);
    }
    // A refusal of the sandbox's own (a consent's malformed field): a 4xx, its message names a field, never a value.
    if (SandboxApiError.is(error) && error.status < 500)
      return refusal(new SrcError(error.status === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', error.status, error.message), caller);
    logger[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error, op }, 'src api failed: answered 503');
    return json(503, new SrcError('SERVICE_ERROR', 503, 'Click to Pay is briefly unavailable; try again').toBody(), caller, {
      'Retry-After': '1',
    });
  }
}
