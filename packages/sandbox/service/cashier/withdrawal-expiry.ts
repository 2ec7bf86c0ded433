/**
 * A cashier withdrawal waiting for its destination (CREATED: the customer has not given the card
 * or account yet) holds its amount of the session's balance for the merchant's
 * `withdrawalDestinationMinutes` (checkout settings; default 30). Then it is released: the timed
 * outcome written here at its creation ends it REJECTED with TRANSACTION_TIMEOUT, applied by the
 * worker (payouts.ts `settleDuePayouts`) or by the first read that finds it due, with its
 * `payout.status_changed`; giving the destination or cancelling clears it.
 */
import type { SandboxMerchantConfig, PendingOutcome } from '@sandbox/db/stored-shapes';

/** Minutes a withdrawal waits for its destination when the merchant sets none. */
export const DEFAULT_WITHDRAWAL_DESTINATION_MINUTES = 30;

/** The outcome of a withdrawal whose time to give a destination ran out: never sent, its reservation released. */
const RELEASED: PendingOutcome<'REJECTED'> = { status: 'REJECTED', detailedStatus: 'TRANSACTION_TIMEOUT' };

/**
 * The timed outcome of a new cashier withdrawal: released `withdrawalDestinationMinutes` (the
 * merchant's, else DEFAULT_WITHDRAWAL_DESTINATION_MINUTES) after `now` unless its destination is
 * given first. Columns of `payouts`.
 */
export function destinationDeadline(config: SandboxMerchantConfig, now = new Date()) {
  const minutes = config.settings.withdrawalDestinationMinutes ?? DEFAULT_WITHDRAWAL_DESTINATION_MINUTES;
  return { pendingUntil: new Date(now.getTime() + minutes * 60_000), pendingOutcome: RELEASED };
}
