/**
 * What a failed call of the cashier's actions (a deposit or withdrawal created in the session,
 * deposit again, a retry after a decline, a limits change) shows: one mapping from the service's
 * refusal to the cashier's error key, and whether nothing can have been created (then the next
 * attempt keeps its Idempotency-Key, so a retry cannot create twice).
 */
import { logger } from '@hosted-checkout/runtime/log';
import type { AmountError } from './cashier-amount';
import { classifyFailure, failureLogFields } from '@/lib/checkout/shared/call-failure';

export type CashierError =
  | AmountError
  | 'unavailable'
  | 'expired'
  | 'rejected'
  | 'rateLimited'
  | 'kyc'
  | 'excluded'
  | 'limitsRequired'
  | 'conflict'
  /** The limit meter's figures changed since the page showed them (limit-meter.ts). */
  | 'limitsChanged';

/** A refusal or a failed call, as the cashier's actions shape it into their state. */
export interface CashierFailure {
  error: CashierError;
  /** True where nothing can have been created: a refusal before any call that creates, a service that did not answer, a rate limit. */
  nothingCreated: boolean;
}

/** The cashier's failure of a thrown call (PaymentsApiError, a network error); logs it with the action's name. */
export function cashierFailure(error: unknown, context: { sessionId: string; action: string }): CashierFailure {
  const failure = classifyFailure(error);
  logger.warn(
    { sessionId: context.sessionId, action: context.action, failure, ...failureLogFields(error) },
    'a cashier action’s call to the payments service failed',
  );
  switch (failure) {
    case 'unavailable':
    case 'rateLimited':
      return { error: failure, nothingCreated: true };
    case 'invalidState':
      return { error: 'expired', nothingCreated: false };
    case 'insufficientBalance':
    case 'invalid':
      return { error: 'aboveBalance', nothingCreated: false };
    // The page's own check passed: the limit moved meanwhile (another deposit); the page reloads its figures.
    case 'limitExceeded':
      return { error: 'aboveLimit', nothingCreated: false };
    case 'kycRequired':
      return { error: 'kyc', nothingCreated: false };
    case 'excluded':
    case 'limitsRequired':
    case 'conflict':
      return { error: failure, nothingCreated: false };
    default:
      return { error: 'rejected', nothingCreated: false };
  }
}
