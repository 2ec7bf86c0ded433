/**
 * The sandbox's HTTP layer for route handlers under /sandbox/api: bearer auth, body size
 * and JSON checks, zod validation (400 VALIDATION_ERROR), Idempotency-Key (E13), and the
 * ErrorResponse for every failure (E14). An unexpected error is logged (sanitized) and
 * answered 500 INTERNAL_ERROR without its details.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '@/lib/db/client';
import { idempotencyKeys } from '@/lib/db/schema';
import { errorBody } from '@/lib/contract/errors';
import { checkoutUrl, sandboxEnabled } from '@/lib/config';
import { logger } from '@/lib/log';
import { SandboxApiError, invalid } from './api-error';
import { authenticate, type Principal } from './auth';
import type { RequestContext } from './payins';
import { keyedHash, sandboxDb } from './store';

/** Largest accepted JSON body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

interface Handled {
  status: number;
  body?: unknown;
}

export interface OperationArgs<B> {
  tx: Db;
  principal: Principal;
  body: B;
  ctx: RequestContext;
}

interface OperationSpec<S extends z.ZodType | undefined> {
  /** Name for the idempotency scope and logs, such as `payin.processCard`. */
  name: string;
  body?: S;
  /** POST operations honour Idempotency-Key. */
  idempotent?: boolean;
}

const json = (status: number, body?: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw invalid(`The body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw invalid(`The body is larger than ${MAX_BODY_BYTES} bytes`);
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    throw invalid('Content-Type must be application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid('The body is not valid JSON');
  }
}

/** "field.path: message" for each zod issue; messages never echo the input. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/** Canonical JSON (sorted keys) without CVVs, for the idempotency fingerprint. */
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

function requestContext(request: Request): RequestContext {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    checkoutUrl: checkoutUrl(),
    ip: forwarded || undefined,
    userAgent: request.headers.get('user-agent') ?? undefined,
    customerUserAgent: request.headers.get('x-user-agent')?.slice(0, 2048) || undefined,
    customerIp: request.headers.get('x-ip-address')?.slice(0, 45) || undefined,
  };
}

/**
 * Runs one sandbox operation for a route handler and turns its result or error into the
 * HTTP answer. The operation, its idempotency record and its effects share one database
 * transaction, so a repeated or concurrent request has exactly one effect.
 */
export async function runOperation<S extends z.ZodType | undefined>(
  request: Request,
  spec: OperationSpec<S>,
  operation: (args: OperationArgs<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<Handled>,
): Promise<Response> {
  if (!sandboxEnabled()) return json(404, errorBody('NOT_FOUND', 'The sandbox is off'));
  try {
    const db = await sandboxDb();
    const principal = await authenticate(db, request.headers.get('authorization'));
    let body: unknown;
    if (spec.body) {
      const parsed = spec.body.safeParse(await readJson(request));
      if (!parsed.success) throw invalid(describeIssues(parsed.error));
      body = parsed.data;
    }
    logger.debug({ operation: spec.name, principal: principal.kind, body }, 'sandbox request');
    const ctx = requestContext(request);
    const key = spec.idempotent ? request.headers.get('idempotency-key') : null;
    if (key !== null && (key.length === 0 || key.length > 255)) throw invalid('Idempotency-Key must have 1 to 255 characters');
    const scope = principal.kind === 'merchant' ? principal.merchantId : 'checkout';
    const args = { principal, body, ctx } as Omit<OperationArgs<never>, 'tx'>;

    // A concurrent request with the same Idempotency-Key or orderId can lose the race on a
    // unique index (PostgreSQL server); it runs once more and then sees the winner's row.
    const attempt = () => db.transaction(async (tx) => {
      if (key === null) return settle(() => operation({ ...args, tx } as never));
      const fingerprint = await keyedHash(tx, `${spec.name}\n${new URL(request.url).pathname}\n${canonical(body)}`);
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
      const outcome = await settle(() => operation({ ...args, tx } as never));
      if (outcome.status < 500) {
        await tx.insert(idempotencyKeys).values({
          scope,
          key,
          operation: spec.name,
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
    return response;
  } catch (error) {
    if (error instanceof SandboxApiError) return json(error.status, error.toBody());
    logger.error({ err: error, operation: spec.name }, 'sandbox operation failed');
    return json(500, errorBody('INTERNAL_ERROR', 'The sandbox could not complete the request'));
  }
}

/** Turns an expected SandboxApiError into an answer (so it can be stored for replay). */
async function settle(run: () => Promise<Handled>): Promise<Handled> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SandboxApiError) return { status: error.status, body: error.toBody() };
    throw error;
  }
}
