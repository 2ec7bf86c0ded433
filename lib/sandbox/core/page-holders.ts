/**
 * E22, the payout side: the first browser to open a payout's destination page holds it
 * (`bindingHash`, the SHA-256 of a secret in its HttpOnly cookie). A payout made in a cashier
 * session is held through its session: the same browser that holds the session, or none.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payouts } from '@/lib/db/schema';
import { SandboxApiError } from '../core/api-error';
import type { Principal } from '../core/auth';
import { loadPayoutForUpdate } from '../payouts/payouts';
import { bindSession } from './sessions';

/**
 * PUT /public/payout/{payoutId}/binding (E22). The row is locked: of two claims at once, one
 * wins. Throws 404 (unknown or another merchant's payout) or 409 ALREADY_BOUND.
 */
export async function bindPayout(tx: Db, principal: Principal, id: string, bindingHash: string): Promise<void> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  if (row.sessionId) return bindSession(tx, principal, row.sessionId, bindingHash);
  if (row.bindingHash === bindingHash) return;
  if (row.bindingHash) throw new SandboxApiError('ALREADY_BOUND', 'The payout is open in another browser');
  await tx.update(payouts).set({ bindingHash }).where(eq(payouts.id, id));
}
