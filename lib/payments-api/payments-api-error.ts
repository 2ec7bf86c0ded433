/**
 * The one error of a call to the payments service: an ErrorResponse (`http`, with its status
 * and errorKey), no answer in time, no connection, or an answer off the contract. Its message
 * names the operation and never holds request data (card data travels in request bodies only).
 */
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';

type PaymentsApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/** A failed call: an ErrorResponse (`kind` http), no answer in time, or an answer off the contract. */
export class PaymentsApiError extends Error {
  constructor(
    readonly reason: PaymentsApiErrorKind,
    readonly operation: string,
    readonly status?: number,
    readonly errorKey?: string,
    detail?: string,
  ) {
    super(`${operation} failed: ${reason}${status ? ` ${status}` : ''}${errorKey ? ` ${errorKey}` : ''}${detail ? ` (${detail})` : ''}`);
    this.name = 'PaymentsApiError';
    brandError(this, 'PaymentsApiError');
  }

  /** Whether `value` is a failed call, made by any bundle's copy of this module. */
  static is(value: unknown): value is PaymentsApiError {
    return hasErrorBrand(value, 'PaymentsApiError');
  }

  /** Whether trying again with the same Idempotency-Key is safe and may succeed. */
  get retryable(): boolean {
    return this.reason === 'timeout' || this.reason === 'network' || (this.status ?? 0) >= 500;
  }
}
