/**
 * The duration and outcome of each call to the payments service on the wire, for
 * `checkout_payments_service_call_duration_seconds` (lib/metrics/metrics.ts): `ok`, an
 * ErrorResponse (`client_error` for 4xx, `server_error` for 5xx), `timeout`, `network`, or an
 * answer off the contract (`invalid_response`). A memoized answer (request-memo.ts) is no call.
 */
import { observeServiceCall, type ServiceCallOutcome } from '@/lib/metrics/metrics';
import { PaymentsApiError } from './payments-api-error';

/** The outcome label of a failed call. */
export function callOutcome(error: unknown): ServiceCallOutcome {
  if (!PaymentsApiError.is(error)) return 'network';
  switch (error.reason) {
    case 'http':
      return (error.status ?? 500) >= 500 ? 'server_error' : 'client_error';
    case 'timeout':
      return 'timeout';
    case 'invalid-response':
      return 'invalid_response';
    default:
      return 'network';
  }
}

/** Runs `call` (one call of operation `operation`) and records its duration and outcome. */
export async function measuredCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const answer = await call();
    observeServiceCall(operation, 'ok', (performance.now() - started) / 1000);
    return answer;
  } catch (error) {
    observeServiceCall(operation, callOutcome(error), (performance.now() - started) / 1000);
    throw error;
  }
}
