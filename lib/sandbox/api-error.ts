/** An error answer of the sandbox: an E14 key and a message with no card data in it. */
import { ERROR_KEYS, errorBody, type ErrorKey, type ErrorResponse } from '@/lib/contract/errors';

export class SandboxApiError extends Error {
  readonly key: ErrorKey;
  constructor(key: ErrorKey, message: string) {
    super(message);
    this.name = 'SandboxApiError';
    this.key = key;
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
