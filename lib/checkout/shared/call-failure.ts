/**
 * One mapping from a failed call of the payments service to what a payment form shows (card,
 * APM, cashier actions), and the log fields of such a failure.
 */
import { PaymentsApiError } from '@/lib/payments-api/client';
import { VelocityLimited } from '@hosted-checkout/runtime/security/velocity';

/** What a failed call means for the customer's form. */
type CallFailure =
  /** No answer, a timeout or a 5xx: nothing may have changed; try again with the same Idempotency-Key. */
  | 'unavailable'
  /** 409 INVALID_STATE: the transaction moved on (paid, expired…): show its status. */
  | 'invalidState'
  /** 409 INSUFFICIENT_BALANCE: a withdrawal above the available balance (balance minus pending withdrawals). */
  | 'insufficientBalance'
  /** 400 LIMIT_EXCEEDED: outside the merchant's bounds or above the customer's deposit limit. */
  | 'limitExceeded'
  /** 409 KYC_REQUIRED: no PSP serves the customer until they are verified (identity verification, KYC). */
  | 'kycRequired'
  /** 409 CUSTOMER_EXCLUDED: a time-out or self-exclusion: no deposit. */
  | 'excluded'
  /** 409 LIMITS_REQUIRED: the gambling rules in force ask for deposit limits first. */
  | 'limitsRequired'
  /** 409 CONFLICT: done already another way (a failed deposit retried already). */
  | 'conflict'
  /** 403 CLOSED_LOOP: a withdrawal's destination the customer did not deposit with (a card, a bank account). */
  | 'closedLoop'
  /** 429 RATE_LIMITED: too many attempts; try again later. */
  | 'rateLimited'
  /** 404: unknown transaction or session. */
  | 'notFound'
  /** 400: the service refused the input. */
  | 'invalid'
  /** Any other refusal (401, 403, other 409). */
  | 'rejected';

/** Classifies a failed call of the payments service; anything that is not a PaymentsApiError is `unavailable`. */
export function classifyFailure(error: unknown): CallFailure {
  if (VelocityLimited.is(error)) return 'rateLimited';
  if (!PaymentsApiError.is(error) || error.retryable) return 'unavailable';
  if (error.status === 409 && error.errorKey === 'INVALID_STATE') return 'invalidState';
  if (error.status === 409 && error.errorKey === 'INSUFFICIENT_BALANCE') return 'insufficientBalance';
  if (error.status === 409 && error.errorKey === 'KYC_REQUIRED') return 'kycRequired';
  if (error.status === 409 && error.errorKey === 'CUSTOMER_EXCLUDED') return 'excluded';
  if (error.status === 409 && error.errorKey === 'LIMITS_REQUIRED') return 'limitsRequired';
  if (error.status === 409 && error.errorKey === 'CONFLICT') return 'conflict';
  if (error.status === 400 && error.errorKey === 'LIMIT_EXCEEDED') return 'limitExceeded';
  if (error.status === 403 && error.errorKey === 'CLOSED_LOOP') return 'closedLoop';
  if (error.status === 429) return 'rateLimited';
  if (error.status === 404) return 'notFound';
  if (error.status === 400) return 'invalid';
  return 'rejected';
}

/** Log fields of a failure: reason, operation, status and errorKey only (never a request body or card data). */
export function failureLogFields(error: unknown): Record<string, unknown> {
  if (VelocityLimited.is(error)) return { limit: error.limit, retryAfterS: error.retryAfterS };
  return PaymentsApiError.is(error)
    ? { reason: error.reason, operation: error.operation, status: error.status, errorKey: error.errorKey }
    : { err: error };
}
