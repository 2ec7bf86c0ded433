/**
 * The sandbox's HTTP layer: one router for every operation of the table
 * (`packages/contract/src/operations.ts`) under /sandbox/api. Bearer auth (401), the caller's scope
 * (403 FORBIDDEN), body size, depth and JSON checks, zod validation (400
 * VALIDATION_ERROR), Idempotency-Key, and the ErrorResponse for every failure.
 * An unexpected error is logged (sanitized) and answered 500 INTERNAL_ERROR without details; a
 * database that cannot be used for now (a failover) is 503 SERVICE_UNAVAILABLE with Retry-After.
 */
import { readBoundedText } from '@hosted-checkout/runtime/net/bounded-body';
import { jsonDepth, SANDBOX_API_MAX_BODY_BYTES } from '@hosted-checkout/runtime/net/body-limits';
import { and, eq } from 'drizzle-orm';
import { isDatabaseUnavailable, isUniqueViolation } from '@sandbox/db/client';
import { idempotencyKeys } from '@sandbox/db/schema';
import { errorBody } from '@hosted-checkout/contract/errors';
import { HOLDER_PROOF_HEADER, OPERATIONS, successStatus, type OperationId, type OperationSpec } from '@hosted-checkout/contract/operations';
import { matchOperation } from '@hosted-checkout/contract/operation-paths';
import { sandboxEnabled } from '@hosted-checkout/runtime/config';
import { logger } from '@hosted-checkout/runtime/log';
import { SandboxApiError, invalid } from './core/api-error';
import { authenticate } from './core/auth';
import { assertHolder } from './core/page-holders';
import { HANDLERS, type HandlerArgs } from './operation-handlers';
import { requestContext } from './core/request-context';
import { keyedHash, sandboxDb } from './core/store';
import { listenToStatusChanges } from './responsible-gambling/status-listeners';
import { registerSrcSeeds } from './src-system/seed-profiles';
import { listenToLinkSettlements } from './src-system/status-listener';

// The rules that hear the status writer, before any operation can pay (core/status-events.ts).
listenToStatusChanges();
registerSrcSeeds();
listenToLinkSettlements();

/** Largest accepted JSON body, in bytes (a declared length above it is answered by the request guard before this router runs). */
export const MAX_BODY_BYTES = SANDBOX_API_MAX_BODY_BYTES;
/** Deepest accepted nesting of a JSON body (objects and arrays). */
export const MAX_JSON_DEPTH = 32;
/** Where the sandbox's API lives on this server. */
const SANDBOX_API_PREFIX = '/sandbox/api';

interface Handled {
  status: number;
  body?: unknown;
  retryAfterS?: number;
}

const json = (status: number, body?: unknown) =>
  body === undefined ? new Response(null, { status }) : Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

const tooLarge = (max: number) => new SandboxApiError('PAYLOAD_TOO_LARGE', `The body is larger than ${max} bytes`);

/** Reads the body as text, stopping as soon as it passes `max` bytes (MAX_BODY_BYTES unless the operation says; chunked bodies too). */
async function readBounded(request: Request, max: number): Promise<string> {
  const text = await readBoundedText(request, max);
  if (text === null) throw tooLarge(max);
  return text;
}

export { jsonDepth };

async function readJson(request: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    throw invalid('Content-Type must be application/json');
  }
  const text = await readBounded(request, max);
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw invalid(`The body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalid('The body is not valid JSON');
  }
  assertStorableStrings(value);
  return value;
}

/**
 * Refuses strings PostgreSQL cannot store (a NUL character, a lone UTF-16 surrogate), in keys
 * and values at any depth (bounded by MAX_JSON_DEPTH), with 400 instead of a database error.
 */
function assertStorableStrings(root: unknown): void {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000') || !value.isWellFormed()) throw invalid('Strings may not contain NUL characters or lone surrogates');
    } else if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
}

/** "field.path: message" for each zod issue; messages never echo the input. */
function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 10)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/** Canonical JSON (sorted keys) without CVVs, for the idempotency fingerprint. Depth is bounded by readJson. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([key]) => !/^(cvv|cardCvv)$/i.test(key))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Answers any request under /sandbox/api: the operation its method and path name in the table,
 * 404 NOT_FOUND for no operation, 405 with `Allow` for a known path with another method.
 */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  if (!sandboxEnabled()) return json(404, errorBody('NOT_FOUND', 'The sandbox is off'));
  const pathname = new URL(request.url).pathname;
  const relative = pathname.startsWith(SANDBOX_API_PREFIX) ? pathname.slice(SANDBOX_API_PREFIX.length) : pathname;
  const match = matchOperation(request.method, relative);
  if (match.result === 'none') return json(404, errorBody('NOT_FOUND', 'No such operation'));
  if (match.result === 'method-not-allowed') return new Response(null, { status: 405, headers: { Allow: match.allow.join(', ') } });
  return runOperation(request, match.id, match.params);
}

/**
 * Runs one operation and turns its result or error into the HTTP answer. The operation, its
 * idempotency record and its effects share one database transaction, so a repeated or
 * concurrent request has exactly one effect.
 */
async function runOperation(request: Request, id: OperationId, params: Record<string, string>): Promise<Response> {
  const spec: OperationSpec = OPERATIONS[id];
  try {
    const db = await sandboxDb();
    const principal = await authenticate(db, request.headers.get('authorization'));
    if (!spec.callers.includes(principal.role)) {
      throw new SandboxApiError(
        'FORBIDDEN',
        principal.role === 'checkout'
          ? "The hosted pages' credential may not call this operation"
          : 'This operation is not open to merchant tokens',
      );
    }
    let body: unknown;
    if (spec.request) {
      const parsed = spec.request.safeParse(await readJson(request, spec.maxBodyBytes));
      if (!parsed.success) throw invalid(describeIssues(parsed.error.issues));
      body = parsed.data;
    }
    let query: Record<string, unknown> = {};
    if (spec.query) {
      const parsed = spec.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) throw invalid(describeIssues(parsed.error.issues));
      query = parsed.data;
    }
    // A body above the usual limit carries a document: never logged.
    logger.debug({ operation: id, principal: principal.role, body: spec.maxBodyBytes ? '[document]' : body }, 'sandbox request');
    const ctx = requestContext(request);
    const key = spec.idempotent ? request.headers.get('idempotency-key') : null;
    if (key !== null && (key.length === 0 || key.length > 255)) throw invalid('Idempotency-Key must have 1 to 255 characters');
    const scope = principal.role === 'merchant' ? principal.merchantId : 'checkout';
    const handler = HANDLERS[id] as (args: HandlerArgs<OperationId>) => Promise<unknown>;
    const holderProof = request.headers.get(HOLDER_PROOF_HEADER);
    const run = (tx: HandlerArgs<OperationId>['tx']) =>
      settle(async () => {
        // What a customer's browser holds is read or moved by that browser alone (its holder proof), checked before the operation.
        if (spec.holder) await assertHolder(tx, principal, spec.holder, params, holderProof);
        const answer = await handler({
          tx,
          principal,
          body,
          query,
          params,
          ctx,
          signal: request.signal,
          holderProof,
        } as HandlerArgs<OperationId>);
        return { status: successStatus(id), body: answer ?? undefined };
      });
    // A read-only operation reads in short statements of its own (a long poll holds no transaction while it waits).
    if (OUTSIDE_TRANSACTION.has(id)) {
      const result = await run(db);
      return json(result.status, result.body);
    }

    // A concurrent request with the same Idempotency-Key or orderId can lose the race on a
    // unique index (PostgreSQL server); it runs once more and then sees the winner's row.
    const attempt = () =>
      db.transaction(async (tx) => {
        if (key === null) return run(tx);
        const fingerprint = await keyedHash(tx, `${id}\n${relativePath(request)}\n${canonical(body)}`);
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
          .for('update')
          .limit(1);
        if (stored) {
          if (stored.fingerprint !== fingerprint) {
            return { status: 409, body: errorBody('CONFLICT', 'This Idempotency-Key was used with another request') };
          }
          return { status: stored.responseStatus, body: stored.responseBody ?? undefined, replayed: true };
        }
        const outcome = await run(tx);
        // A refusal for velocity is not the request's answer for ever: it is not kept for replay.
        if (outcome.status < 500 && outcome.status !== 429) {
          await tx.insert(idempotencyKeys).values({
            scope,
            key,
            operation: id,
            fingerprint,
            responseStatus: outcome.status,
            responseBody: outcome.body ?? null,
          });
        }
        return outcome;
      });
    const result = await attempt().catch((error: unknown) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
    const response = json(result.status, result.body);
    if ('replayed' in result) response.headers.set('Idempotent-Replayed', 'true');
    if ('retryAfterS' in result && result.retryAfterS) response.headers.set('Retry-After', String(result.retryAfterS));
    return response;
  } catch (error) {
    if (SandboxApiError.is(error)) {
      const response = json(error.status, error.toBody());
      if (error.retryAfterS) response.headers.set('Retry-After', String(error.retryAfterS));
      return response;
    }
    // The database went away (a failover) or chose this transaction to fail: nothing is half done
    // (one transaction), and a commit whose answer was lost is kept with its Idempotency-Key, so
    // the same request with the same key is the way on.
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, operation: id }, 'sandbox operation failed: database unavailable, answered 503');
      const response = json(
        503,
        errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable; send the same request again with the same Idempotency-Key'),
      );
      response.headers.set('Retry-After', '1');
      return response;
    }
    logger.error({ err: error, operation: id }, 'sandbox operation failed');
    return json(500, errorBody('INTERNAL_ERROR', 'The sandbox could not complete the request'));
  }
}

/**
 * Operations that only read, run outside a transaction: the session-changes long poll, which
 * waits, and the cashier session's read, the cashier's every view. A transaction would give them
 * nothing: at READ COMMITTED each statement reads its own snapshot inside one too, and PGlite runs
 * each statement alone. It would cost two statements more (BEGIN, COMMIT), and on PGlite hold
 * every other request back for the whole read.
 */
const OUTSIDE_TRANSACTION: ReadonlySet<OperationId> = new Set(['watchSessionChanges', 'getCashierSession']);

const relativePath = (request: Request) => new URL(request.url).pathname;

/** Turns an expected SandboxApiError into an answer (so it can be stored for replay). */
async function settle(run: () => Promise<Handled>): Promise<Handled> {
  try {
    return await run();
  } catch (error) {
    if (SandboxApiError.is(error)) return { status: error.status, body: error.toBody(), retryAfterS: error.retryAfterS };
    throw error;
  }
}
