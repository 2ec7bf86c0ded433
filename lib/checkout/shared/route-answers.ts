/**
 * The answers of the checkout's own API routes (/api/…), in one place: JSON, never cached, with
 * the contract's error keys (packages/contract/src/errors.ts) plus the checkout's own: `UNAVAILABLE` when the payments
 * service did not answer (502, 5021) or this instance is full (503, 5031). `serviceCall` wraps a
 * route's call to the service: 404 from it is NOT_FOUND, anything else UNAVAILABLE.
 */
import { ERROR_KEYS, errorBody, type ErrorKey } from '@hosted-checkout/contract/errors';
import { PaymentsApiError } from '@/lib/payments-api/client';

/** The checkout's own error keys, beside the service's (packages/contract/src/errors.ts). */
const CHECKOUT_ERRORS = {
  UNAVAILABLE: { status: 502, code: 5021 },
  INSTANCE_FULL: { status: 503, code: 5031 },
} as const;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A JSON answer, never cached; `retryAfterS` adds Retry-After. */
export function jsonAnswer(body: unknown, status = 200, retryAfterS?: number): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...(retryAfterS ? { 'Retry-After': String(retryAfterS) } : {}) } });
}

/** An error answer with a contract key and its status. */
export function errorAnswer(key: ErrorKey, message: string, retryAfterS?: number): Response {
  return jsonAnswer(errorBody(key, message), ERROR_KEYS[key].status, retryAfterS);
}

/** The payments service did not answer (502), or this instance is full (503, `INSTANCE_FULL`, answered as UNAVAILABLE). */
export function unavailableAnswer(
  message = 'The payments service did not answer',
  which: keyof typeof CHECKOUT_ERRORS = 'UNAVAILABLE',
  retryAfterS?: number,
): Response {
  const { status, code } = CHECKOUT_ERRORS[which];
  return jsonAnswer({ errorKey: 'UNAVAILABLE', errorMessage: message, errorCode: code }, status, retryAfterS);
}

/** Runs a route's call to the service: its answer, or NOT_FOUND (`notFound` names what) for a 404, FORBIDDEN for a 403 (this browser does not hold the page), or UNAVAILABLE. */
export async function serviceCall(notFound: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (PaymentsApiError.is(error) && error.status === 404) return errorAnswer('NOT_FOUND', notFound);
    if (PaymentsApiError.is(error) && error.status === 403)
      return errorAnswer('FORBIDDEN', 'Only the browser that holds this page may read it');
    return unavailableAnswer();
  }
}
