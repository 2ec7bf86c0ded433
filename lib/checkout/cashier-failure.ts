/**
 * What a failed call of the cashier's actions (a deposit or withdrawal created in the session,
 * deposit again, a retry after a decline) shows: one mapping from the service's refusal to the
 * cashier's error key, and the Idempotency-Key of the next attempt (the same one where nothing
 * can have been created, so a retry cannot create twice).
 */
import { randomUUID } from 'node:crypto';
import { logger } from '@/lib/log';
import type { AmountError } from './cashier-amount';
import { classifyFailure, failureLogFields } from './call-failure';

export type CashierError =
  AmountError | 'unavailable' | 'expired' | 'rejected' | 'rateLimited' | 'kyc' | 'excluded' | 'limitsRequired' | 'conflict';

/** The state after a failed call: its error key, the next attempt's key, and what was typed. */
export function cashierFailure(
  error: unknown,
  context: { sessionId: string; attemptKey: string; amount?: string },
): { attemptKey: string; error: CashierError; amount?: string } {
  const failure = classifyFailure(error);
  logger.warn({ sessionId: context.sessionId, failure, ...failureLogFields(error) }, 'cashier could not create the transaction');
  const amount = context.amount === undefined ? {} : { amount: context.amount };
  if (failure === 'unavailable') return { attemptKey: context.attemptKey, error: 'unavailable', ...amount };
  if (failure === 'rateLimited') return { attemptKey: context.attemptKey, error: 'rateLimited', ...amount };
  if (failure === 'invalidState') return { attemptKey: randomUUID(), error: 'expired' };
  if (failure === 'insufficientBalance' || failure === 'invalid') return { attemptKey: randomUUID(), error: 'aboveBalance', ...amount };
  // The page's own check passed: the limit moved meanwhile (another deposit); the page reloads its figures.
  if (failure === 'limitExceeded') return { attemptKey: randomUUID(), error: 'aboveLimit', ...amount };
  if (failure === 'kycRequired') return { attemptKey: randomUUID(), error: 'kyc', ...amount };
  if (failure === 'excluded') return { attemptKey: randomUUID(), error: 'excluded' };
  if (failure === 'limitsRequired') return { attemptKey: randomUUID(), error: 'limitsRequired' };
  if (failure === 'conflict') return { attemptKey: randomUUID(), error: 'conflict' };
  return { attemptKey: randomUUID(), error: 'rejected', ...amount };
}
