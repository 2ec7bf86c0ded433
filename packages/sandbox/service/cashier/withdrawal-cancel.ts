/**
 * The customer cancels their withdrawal (`PUT /public/payout/{id}/cancel`): one still waiting for
 * its destination (CREATED: the card or account was never given) is dropped by its holder
 * whatever the merchant's rule, as leaving the form would; one with its destination given, only
 * under the merchant's rule (cashier-rules.ts: `mayCancelWithdrawals`). A withdrawal left waiting
 * for its destination is released by the worker at its merchant's time (withdrawal-expiry.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import { SandboxApiError } from '../core/api-error';
import type { Principal } from '../core/auth';
import { mayCancelWithdrawals } from '../merchant/cashier-rules';
import { loadPayoutForUpdate } from '../payouts/payouts';
import { changePayout, reasonFor, type PayoutRow } from '../core/records';
import { payoutActions } from '../core/transitions';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

/** Whether the customer has already cancelled this payout: a second cancel answers as the first did. */
const cancelledByCustomer = (row: PayoutRow) => row.status === 'REJECTED' && row.statusReason?.detailedStatus === 'CUSTOMER_CANCELLED';

/**
 * PUT /public/payout/{payoutId}/cancel (the hosted pages' credential, by the holder of the
 * payout's session: the router checks the proof): ends the cashier withdrawal REJECTED with
 * CUSTOMER_CANCELLED, its reservation released with it (`payout.status_changed`).
 * - CREATED (waiting for its destination): always; the withdrawal was never completed, so dropping
 *   it is no reversal of a requested withdrawal.
 * - WAITING_FOR_CONFIRMATION (destination given): only when `mayCancelWithdrawals` (merchant's
 *   `withdrawalCancel`, reversal allowed by the licences in force, not GB, no exclusion), else 403.
 * - Already cancelled by the customer: nothing changes, the same answer (idempotent).
 * - Any other status (on its way, paid out, released at its time, rejected): 409 INVALID_STATE.
 * 403 for a payout made outside a cashier session (a merchant rejects its own).
 */
export async function cancelPayout(
  tx: Db,
  principal: Principal,
  id: string,
  config: (merchantId: string) => Promise<SandboxMerchantConfig>,
): Promise<void> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  // A customer's own withdrawal from the cashier only; a merchant rejects its payouts with reject.
  if (!row.sessionId)
    throw new SandboxApiError('FORBIDDEN', 'Only a withdrawal made in a cashier session can be cancelled by its customer');
  if (cancelledByCustomer(row)) return;
  if (row.status !== 'CREATED') {
    if (!payoutActions(row.status).reject) throw notCancellable(row);
    const [customer] = await tx
      .select({ data: customers.data, gambling: customers.gambling })
      .from(customers)
      .where(eq(customers.id, row.customerId))
      .limit(1);
    if (!mayCancelWithdrawals(await config(row.merchantId), customer?.data, customer?.gambling)) {
      throw new SandboxApiError(
        'FORBIDDEN',
        'This withdrawal already has its destination and can no longer be cancelled by the customer (the merchant’s rules)',
      );
    }
  }
  await changePayout(tx, row, {
    status: 'REJECTED',
    statusReason: reasonFor('REJECTED', 'CUSTOMER_CANCELLED'),
    pendingUntil: null,
    pendingOutcome: null,
  });
}

/** 409 INVALID_STATE for a payout past cancelling, saying why in the customer's terms. */
function notCancellable(row: PayoutRow): SandboxApiError {
  const why =
    row.status === 'PENDING'
      ? 'it is being sent'
      : row.status === 'PROCESSED'
        ? 'it has been paid out'
        : row.statusReason?.detailedStatus === 'TRANSACTION_TIMEOUT'
          ? 'it was released when its time to give a destination ran out'
          : 'it has already ended';
  return new SandboxApiError('INVALID_STATE', `A payout in status ${row.status} cannot be cancelled: ${why}`);
}
