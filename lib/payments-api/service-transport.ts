/**
 * One operation of the payments service on the wire (`PAYMENTS_API_BASE_URL`, bearer
 * `PAYMENTS_API_TOKEN`): the request as the operations table (`packages/contract/src/operations.ts`)
 * describes it, over a keep-alive undici pool, with the trace context, X-Request-Id,
 * Idempotency-Key and holder's proof headers and a timeout; the answer parsed with the
 * contract's zod schema. Every failure is a PaymentsApiError whose message holds no request data.
 */
import 'server-only';
import { Agent } from 'undici';
import { context, propagation, type Span } from '@opentelemetry/api';
import { paymentsApiConfig } from '@/lib/config';
import { ErrorResponse } from '@hosted-checkout/contract/errors';
import {
  HOLDER_PROOF_HEADER,
  OPERATIONS,
  type AnswerOf,
  type Operation,
  type OperationId,
  type OperationSpec,
  type PathParams,
  type QueryOf,
  type RequestOf,
} from '@hosted-checkout/contract/operations';
import { fillPath } from '@hosted-checkout/contract/operation-paths';
import { PaymentsApiError } from './payments-api-error';

/** The path of a call, its path parameters filled and its query parameters (those set) appended: what goes on the wire, and the memo's key. */
export function operationPath(op: OperationSpec, input: { params?: unknown; query?: unknown }): string {
  const path = fillPath(op.path, (input.params as Record<string, string> | undefined) ?? {});
  const query = Object.entries((input.query as Record<string, string | undefined> | undefined) ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return query.length > 0 ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

/** What a call of operation K needs: its path parameters, its body, and an Idempotency-Key. */
export type CallInput<K extends OperationId> = (keyof PathParams<Operation<K>['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<Operation<K>['path']> }) &
  (RequestOf<K> extends undefined ? { body?: undefined } : { body: RequestOf<K> }) & {
    idempotencyKey?: string;
    /** Query parameters of an operation that takes them (packages/contract/src/operations.ts, `query`). */
    query?: QueryOf<K>;
    /** Ends the call early (a long poll nobody needs any more); it then fails as `timeout`. */
    signal?: AbortSignal;
    /** Instead of PAYMENTS_API_TIMEOUT_MS (ms): a long poll (session-changes) waits up to 25 s by design. */
    timeoutMs?: number;
    /** A call of background work (the live-balance hub): it carries no request's X-Request-Id. */
    background?: boolean;
    /**
     * The holder's proof for an operation marked `holder` (lib/payments-api/holder-proof.ts).
     * Unset: the proof of the request's own browser (its cookie), for the session or payout the
     * call names; null: none (the service then refuses what needs one).
     */
    holderProof?: string | null;
  };

/**
 * The connection pool to the payments service: undici's own `request` (the engine under Node's
 * fetch, without its WHATWG streams and without Next's fetch patching), keep-alive, one per
 * process (globalThis: every bundle shares it). Measured on the card page: the calls' share of
 * the render fell (README "Performance").
 */
const agentKey = Symbol.for('hosted-checkout.payments-api-agent');
function serviceAgent(): Agent {
  const g = globalThis as typeof globalThis & { [agentKey]?: Agent };
  g[agentKey] ??= new Agent({ keepAliveTimeout: 30_000, connections: 128 });
  return g[agentKey];
}
/** The service's base URL split into undici's origin and path prefix, parsed once per base URL (not per call). */
let parsedBase: { url: string; origin: string; path: string } | null = null;
function splitBase(baseUrl: string): { origin: string; path: string } {
  if (parsedBase?.url !== baseUrl) {
    const url = new URL(baseUrl);
    parsedBase = { url: baseUrl, origin: url.origin, path: url.pathname.replace(/\/$/, '') };
  }
  return parsedBase;
}

/** `headers` with the active trace's context (W3C traceparent), so the service's spans join the page's trace; unchanged without tracing. */
function withTraceContext(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * Sends operation `id` once and parses its answer. Throws PaymentsApiError: `http` with the
 * ErrorResponse's errorKey, `timeout` after PAYMENTS_API_TIMEOUT_MS (or `input.timeoutMs`, or
 * the caller's signal), `network`, or `invalid-response` when the answer is not the table's.
 */
export async function sendOperation<K extends OperationId>(
  id: K,
  input: CallInput<K>,
  requestId: string | null,
  span: Span,
  holderProofValue: string | null,
): Promise<AnswerOf<K>> {
  const op: OperationSpec = OPERATIONS[id];
  const { baseUrl, token, timeoutMs } = paymentsApiConfig();
  // The answers are small JSON (under a few KB): compressing them costs both ends more CPU than
  // it saves on the wire (measured: 4 % of the card page's busy time was gzip), so none is asked.
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'identity' };
  if (requestId) headers['X-Request-Id'] = requestId;
  const body = (input as { body?: unknown }).body;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (input.idempotencyKey && op.idempotent) headers['Idempotency-Key'] = input.idempotencyKey;
  if (holderProofValue) headers[HOLDER_PROOF_HEADER] = holderProofValue;
  const path = operationPath(op, input);

  // One controller, aborted by our own timer or by the caller's signal, both released at the end
  // (no AbortSignal.any: Node 20 may collect its timeout signal before it fires).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), input.timeoutMs ?? timeoutMs);
  const forward = () => controller.abort();
  input.signal?.addEventListener('abort', forward, { once: true });
  if (input.signal?.aborted) controller.abort();
  let status: number;
  let text: string;
  try {
    try {
      const answer = await serviceAgent().request({
        origin: splitBase(baseUrl).origin,
        path: `${splitBase(baseUrl).path}${path}`,
        method: op.method,
        headers: withTraceContext(headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      status = answer.statusCode;
      span.setAttribute('http.response.status_code', status);
      text = await answer.body.text();
    } catch (error) {
      const timedOut =
        controller.signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
      throw new PaymentsApiError(timedOut ? 'timeout' : 'network', id);
    }
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener('abort', forward);
  }

  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new PaymentsApiError('invalid-response', id, status, undefined, 'not JSON');
    }
  }
  if (status < 200 || status > 299) {
    const parsed = ErrorResponse.safeParse(payload);
    throw new PaymentsApiError('http', id, status, parsed.success ? parsed.data.errorKey : undefined);
  }
  if (op.answer === null) {
    if (status !== 204 && payload !== undefined) throw new PaymentsApiError('invalid-response', id, status, undefined, 'unexpected body');
    return undefined as AnswerOf<K>;
  }
  const parsed = op.answer.safeParse(payload);
  if (!parsed.success) {
    throw new PaymentsApiError('invalid-response', id, status, undefined, parsed.error.issues[0]?.path.join('.'));
  }
  return parsed.data as AnswerOf<K>;
}
