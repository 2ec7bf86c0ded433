/**
 * The SRC system's refusals, in Mastercard's error shape `{ reason, status, message, …extra }`
 * (developer.mastercard.com/mastercard-checkout-solutions/documentation/code-and-formats/), with the
 * reasons the Click to Pay SDKs name (AUTH_INVALID, ACCT_INACCESSIBLE, CODE_INVALID, CODE_EXPIRED,
 * RETRIES_EXCEEDED…). Messages never carry an identity, a code or a card number.
 */
import { brandError, hasErrorBrand } from '@hosted-checkout/contract/error-brand';

/** The reasons the sandbox SRC system answers (status in brackets). */
export type SrcErrorReason =
  | 'AUTH_INVALID' // 401: unknown or expired srcClientToken / idToken
  | 'CONSUMER_ID_FORMAT_INVALID' // 400: not an email or an E.164 phone number
  | 'RATE_LIMITED' // 429: too many identities typed in one session
  | 'NOT_FOUND' // 404: no profile for the session's identity
  | 'ACCT_INACCESSIBLE' // 409: the profile is locked ({ lockedUntil })
  | 'RETRIES_EXCEEDED' // 429: 3 codes sent in 30 min ({ retryAfterSeconds })
  | 'RESEND_TOO_SOON' // 429: a new code within 30 s ({ retryAfterSeconds })
  | 'CODE_INVALID' // 400: wrong code ({ attemptsRemaining })
  | 'CODE_EXPIRED' // 400: no live code
  | 'CARD_NOT_FOUND' // 404: not an active card of the validated profile
  | 'FORBIDDEN' // 403: the browser API called from another origin than the checkout's
  | 'INVALID_REQUEST' // 400: the browser API's body is not JSON or not the op's shape
  | 'SERVICE_ERROR'; // 503: the SRC system could not answer now; try again

/** A refusal of the SRC system: `reason`, HTTP `status`, and `extra` fields of its answer. */
export class SrcError extends Error {
  readonly reason: SrcErrorReason;
  readonly status: number;
  readonly extra: Readonly<Record<string, string | number>>;
  constructor(reason: SrcErrorReason, status: number, message: string, extra: Record<string, string | number> = {}) {
    super(message);
    this.name = 'SrcError';
    this.reason = reason;
    this.status = status;
    this.extra = extra;
    brandError(this, 'SrcError');
  }

  /** Whether `value` is an SrcError, made by any bundle's copy of this module. */
  static is(value: unknown): value is SrcError {
    return hasErrorBrand(value, 'SrcError');
  }

  /** The answer's body: `{ reason, status, message, …extra }`. */
  toBody(): Record<string, string | number> {
    return { reason: this.reason, status: this.status, message: this.message, ...this.extra };
  }
}
