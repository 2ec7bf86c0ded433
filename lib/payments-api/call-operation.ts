/**
 * `callOperation(id, …)`: any operation of the payments service by its id in the operations
 * table (`packages/contract/src/operations.ts`), which knows its method, path, body and answer types.
 * An operation marked `holder` carries the holder's proof of the request's own browser (its
 * cookie) unless the caller gives one; the call itself is request-scoped-call.ts's.
 */
import 'server-only';
import { OPERATIONS, type AnswerOf, type OperationId, type OperationSpec } from '@hosted-checkout/contract/operations';
import { holderProof, requestHolderSecret } from './holder-proof';
import { merchantOfHeld } from './merchant-locator';
import { callInRequest } from './request-scoped-call';
import type { CallInput } from './service-transport';

/**
 * Calls operation `id` of the payments service. Throws PaymentsApiError: `http` with the
 * ErrorResponse's errorKey, `timeout` after PAYMENTS_API_TIMEOUT_MS, `network`, or
 * `invalid-response` when the answer is not the table's.
 */
export async function callOperation<K extends OperationId>(id: K, input: CallInput<K>): Promise<AnswerOf<K>> {
  const op: OperationSpec = OPERATIONS[id];
  const params = (input as { params?: Record<string, string> }).params ?? {};
  const proof =
    input.holderProof !== undefined
      ? input.holderProof
      : op.holder && !input.background
        ? await browserProof(op.holder.scope, params)
        : null;
  return callInRequest(id, input, proof);
}

/**
 * The proof of the request's browser for the session or payout an operation names, or
 * null without a cookie or outside a request. The merchant comes from the locator (ids only,
 * remembered); a locator that fails gives null, and the service refuses.
 */
async function browserProof(scope: 'session' | 'payout' | 'customer', params: Record<string, string>): Promise<string | null> {
  if (scope === 'customer') return null;
  const secret = await requestHolderSecret();
  if (!secret) return null;
  try {
    const merchantId =
      scope === 'session' ? await merchantOfHeld('session', params.sessionId ?? '') : await merchantOfHeld('payout', params.payoutId ?? '');
    return holderProof(secret, merchantId);
  } catch {
    return null;
  }
}
