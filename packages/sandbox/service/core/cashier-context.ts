/**
 * Whose money a payment of a cashier session is, as its events say it (`data.cashier`,
 * packages/contract/src/events.ts CashierEventContext; docs/integration.md, "Crediting the
 * player"): the session, the payment's customer's `externalUserId` and the session's
 * `merchantReference`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cashierSessions, customers } from '@sandbox/db/schema';
import type { CashierEventContext } from '@hosted-checkout/contract/events';

/**
 * The `externalUserId` of a Pay N Play session's provisional customer (cashier/pay-n-play.ts), which
 * stands until the bank tells who pays: the service's, never the merchant's, so no event carries it.
 */
export const provisionalExternalId = (sessionId: string) => `pnp:${sessionId}`;

/**
 * The `cashier` object of an event of the pay-in or payout `payment` (a row with its `sessionId`
 * and `customerId`), or null for a payment made outside a session. The customer is the payment's
 * as it is now: a Pay N Play deposit's becomes the player's when the merchant allows them, and
 * before that (a provisional customer, whose id the merchant never gave) `externalUserId` is absent.
 */
export async function cashierEventContext(
  tx: Db,
  payment: { sessionId: string | null; customerId: string },
): Promise<CashierEventContext | null> {
  if (!payment.sessionId) return null;
  const [row] = await tx
    .select({ merchantReference: cashierSessions.merchantReference, externalUserId: customers.externalUserId })
    .from(cashierSessions)
    .leftJoin(customers, eq(customers.id, payment.customerId))
    .where(eq(cashierSessions.id, payment.sessionId))
    .limit(1);
  const externalUserId = row?.externalUserId;
  const known = externalUserId && externalUserId !== provisionalExternalId(payment.sessionId);
  return {
    sessionId: payment.sessionId,
    ...(known ? { externalUserId } : {}),
    ...(row?.merchantReference ? { merchantReference: row.merchantReference } : {}),
  };
}
