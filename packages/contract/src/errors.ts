/**
 * ErrorResponse and the error keys (docs/design.md, E14).
 *
 * `errorCode` is the HTTP status times 10 plus a small index; this table is the one place
 * where the codes are fixed.
 */
import { z } from 'zod';

export const ErrorResponse = z
  .object({
    errorKey: z.string(),
    errorMessage: z.string(),
    errorCode: z.number().int(),
  })
  .meta({ id: 'ErrorResponse', description: 'Error answer of every operation (reference, Errors).' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** errorKey → HTTP status and errorCode. */
export const ERROR_KEYS = {
  VALIDATION_ERROR: { status: 400, code: 4001 },
  /** The amount is outside the merchant's limits for the currency, or above the customer's deposit limit. */
  LIMIT_EXCEEDED: { status: 400, code: 4002 },
  UNAUTHORIZED: { status: 401, code: 4011 },
  FORBIDDEN: { status: 403, code: 4031 },
  /** A withdrawal by bank to an account the customer did not deposit from, which the merchant does not allow; a payout to a card the customer did not deposit with. */
  CLOSED_LOOP: { status: 403, code: 4032 },
  NOT_FOUND: { status: 404, code: 4041 },
  CONFLICT: { status: 409, code: 4091 },
  INVALID_STATE: { status: 409, code: 4092 },
  DUPLICATE_ORDER_ID: { status: 409, code: 4093 },
  /** A withdrawal above the session's available balance (balance minus pending withdrawals). */
  INSUFFICIENT_BALANCE: { status: 409, code: 4094 },
  /** No PSP serves the session's customer until they are verified (`kycVerified`). */
  KYC_REQUIRED: { status: 409, code: 4095 },
  /** The session or payout is bound to another browser. */
  ALREADY_BOUND: { status: 409, code: 4096 },
  /** The customer is in a time-out or self-excluded: no deposit. */
  CUSTOMER_EXCLUDED: { status: 409, code: 4097 },
  /** The rules in force ask for deposit limits (or the customer's answer) before the first deposit. */
  LIMITS_REQUIRED: { status: 409, code: 4098 },
  /** A payee name check answered no match (or no check was possible) and the withdrawal did not acknowledge it. */
  PAYEE_NOT_CONFIRMED: { status: 409, code: 4099 },
  /** A body over the size limit. */
  PAYLOAD_TOO_LARGE: { status: 413, code: 4131 },
  /** Too many attempts: answered with Retry-After. */
  RATE_LIMITED: { status: 429, code: 4291 },
  INTERNAL_ERROR: { status: 500, code: 5001 },
  /** The service cannot use its database for now (a failover): send the same request again, with the same Idempotency-Key, after Retry-After. */
  SERVICE_UNAVAILABLE: { status: 503, code: 5031 },
} as const satisfies Record<string, { status: number; code: number }>;

export type ErrorKey = keyof typeof ERROR_KEYS;

/** Builds an ErrorResponse body for `key` with a customer-safe, card-data-free message. */
export function errorBody(key: ErrorKey, errorMessage: string): ErrorResponse {
  return { errorKey: key, errorMessage, errorCode: ERROR_KEYS[key].code };
}
