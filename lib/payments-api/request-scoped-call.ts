/**
 * An operation of the payments service called as part of the request being served, with the
 * holder's proof already decided: the request's X-Request-Id upstream (none for background
 * work), one answer per GET per request (request-memo.ts), and a span of its own
 * (lib/tracing.ts), timed in the service-call histogram (call-metrics.ts). `callOperation`
 * (call-operation.ts) decides the proof and calls this.
 */
import 'server-only';
import { tracedCall } from '@/lib/tracing';
import { REQUEST_ID_HEADER, REQUEST_KEY_HEADER } from '@/lib/net/request-log';
import { OPERATIONS, type AnswerOf, type OperationId, type OperationSpec } from '@hosted-checkout/contract/operations';
import { measuredCall } from './call-metrics';
import { memoized, scopedRequest } from './request-memo';
import { operationPath, sendOperation, type CallInput } from './service-transport';

/** The id and the key of the request being served (lib/net/request-log.ts), when there is one. */
async function currentRequest(): Promise<{ id: string | null; key: string | null }> {
  try {
    const { headers } = await import('next/headers');
    const h = await headers();
    return { id: h.get(REQUEST_ID_HEADER), key: h.get(REQUEST_KEY_HEADER) };
  } catch {
    return { id: null, key: null };
  }
}

/** Calls operation `id` with the holder's proof `proof` (null: none). Throws PaymentsApiError. */
export async function callInRequest<K extends OperationId>(id: K, input: CallInput<K>, proof: string | null): Promise<AnswerOf<K>> {
  const request = input.background ? { id: null, key: null } : (scopedRequest() ?? (await currentRequest()));
  const op: OperationSpec = OPERATIONS[id];
  const path = operationPath(op, input);
  const call = () =>
    measuredCall(id, () => tracedCall(id, op.method, op.path, (span) => sendOperation(id, input, request.id, span, proof)));
  return memoized(request.key, op.method, `${id} ${path}${proof ? ` ${proof}` : ''}`, call);
}
