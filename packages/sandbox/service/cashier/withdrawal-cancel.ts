/**
 * The customer cancels their pending withdrawal (`PUT /public/payout/{id}/cancel`), under
 * the merchant's rule (cashier-rules.ts: `mayCancelWithdrawals`).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import { SandboxApiError } from '../core/api-error';
import type { Principal } from '../core/auth';
import { mayCancelWithdrawals } from '../merchant/cashier-rules';
import { loadPayoutForUpdate } from '../payouts/payouts';
import { changePayout, reasonFor } from '../core/records';
import { payoutActions } from '../core/transitions';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

/**
 * PUT /public/payout/{payoutId}/cancel: the customer cancels a withdrawal still CREATED or
 * WAITING_FOR_CONFIRMATION; it ends REJECTED with CUSTOMER_CANCELLED (its reservation ends with
 * it). 403 when the merchant does not allow it or the customer is in GB; 409 from other statuses.
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
  const [customer] = await tx
    .select({ data: customers.data, gambling: customers.gambling })
    .from(customers)
    .where(eq(customers.id, row.customerId))
    .limit(1);
  if (!mayCancelWithdrawals(await config(row.merchantId), customer?.data, customer?.gambling)) {
    throw new SandboxApiError('FORBIDDEN', 'This withdrawal cannot be cancelled by the customer');
  }
  if (!payoutActions(row.status).reject) throw new SandboxApiError('INVALID_STATE', `A payout in status ${row.status} cannot be cancelled`);
  await changePayout(tx, row, { status: 'REJECTED', statusReason: reasonFor('REJECTED', 'CUSTOMER_CANCELLED') });
}
