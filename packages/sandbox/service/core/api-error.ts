/** An error answer of the sandbox: an error key of the contract's table and a message with no card data in it. */
import { ERROR_KEYS, errorBody, type ErrorKey, type ErrorResponse } from '@hosted-checkout/contract/errors';
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';
import { VelocityLimited, VelocityUnavailable } from '@hosted-checkout/runtime/security/velocity';

export class SandboxApiError extends Error {
  readonly key: ErrorKey;
  /** Seconds for the Retry-After header of a 429 RATE_LIMITED. */
  readonly retryAfterS?: number;
  constructor(key: ErrorKey, message: string, retryAfterS?: number) {
    super(message);
    this.name = 'SandboxApiError';
    this.key = key;
    this.retryAfterS = retryAfterS;
    brandError(this, 'SandboxApiError');
  }

  /** Whether `value` is an error answer, made by any bundle's copy of this module. */
  static is(value: unknown): value is SandboxApiError {
    return hasErrorBrand(value, 'SandboxApiError');
  }
  get status(): number {
    return ERROR_KEYS[this.key].status;
  }
  toBody(): ErrorResponse {
    return errorBody(this.key, this.message);
  }
}

export const notFound = (what: string) => new SandboxApiError('NOT_FOUND', `${what} not found`);
export const invalid = (message: string) => new SandboxApiError('VALIDATION_ERROR', message);

/** Runs `step` and turns a velocity refusal, or limits that cannot be checked, into 429 RATE_LIMITED with its Retry-After. */
export async function rateLimited<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (VelocityLimited.is(error)) throw new SandboxApiError('RATE_LIMITED', 'Too many attempts; try again later', error.retryAfterS);
    // The limits' store failed and they fail closed (VELOCITY_STORE_FAILURE): refused for now, never let through.
    if (VelocityUnavailable.is(error)) throw new SandboxApiError('RATE_LIMITED', 'Limits cannot be checked now; try again shortly', 5);
    throw error;
  }
}
