/**
 * A Pay N Play deposit awaiting deposit limits (docs/design.md, E26 and section 8): the player's
 * country, so the licence whose rules apply, is known only once the bank has identified them. When
 * those rules ask for deposit limits before a first deposit (Spelinspektionen, GGL: `required`;
 * UKGC, AGCO, MGA: `asked`) and the allowed player has not answered, the deposit is not paid on
 * ALLOW: it stays PENDING, awaiting the player's answer in the cashier, then is paid in the
 * answer's own request through changePayin (so the limits just set bind it). A player who never answers gets the deposit
 * returned after `LIMITS_WAIT_MS` (the pay-in's timed outcome, DECLINED CUSTOMER_ISSUES).
 * Locks the pay-in before the customer, as every path does.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, playerIdentifications } from '@sandbox/db/schema';
import type { PendingOutcome } from '@sandbox/db/stored-shapes';
import { merchantConfig } from '../core/request-context';
import { rulesFor } from '../core/merchant-config';
import { changePayin, type PayinRow } from '../core/records';
import { customerRow, limitsPrompt } from './limits-prompt';

/** How long a deposit awaiting limits waits for the player's limits before it is returned (ms). */
export const LIMITS_WAIT_MS = 30 * 60_000;

/** Whether the rules in force for `customerId` still ask for limits before a deposit (the customer row read, not locked). */
export async function limitsAskedFirst(tx: Db, merchantId: string, customerId: string): Promise<boolean> {
  const row = await customerRow(tx, customerId);
  if (!row) return false;
  return limitsPrompt(rulesFor(await merchantConfig(tx, merchantId), row.data), row) !== 'NONE';
}

/** Leaves the locked pending deposit `payin` awaiting the player's limits: returned (DECLINED) at `now` + LIMITS_WAIT_MS unless paid first. */
export async function setAwaitingLimits(tx: Db, payin: PayinRow, now: Date): Promise<void> {
  const returned: PendingOutcome = {
    status: 'DECLINED',
    detailedStatus: 'CUSTOMER_ISSUES',
    reason: 'The player set no deposit limits in time; the payment is returned to the payer’s account',
  };
  await tx
    .update(payins)
    .set({ pendingUntil: new Date(now.getTime() + LIMITS_WAIT_MS), pendingOutcome: returned, updatedAt: now })
    .where(eq(payins.id, payin.id));
}

/**
 * The deposits of `customerId` awaiting limits, locked: what an answer to the limits question
 * (limits set or declined, by the player or the merchant) may pay, in that answer's own request
 * (`payAnsweredDeposits`, once the answer is written). Called before the answer locks the
 * customer: the pay-in before the customer, the order every path keeps. No pass looks for
 * answered deposits: the worker only returns, at their deadline, those whose player never
 * answered (the pay-in's timed outcome, settleDuePayins).
 */
export async function lockDepositsAwaitingLimits(tx: Db, customerId: string, now = new Date()): Promise<PayinRow[]> {
  // From the customer's own pay-ins (the index on customer_id): a player has one such deposit, most none.
  const awaiting = await tx
    .select({ id: payins.id })
    .from(payins)
    .innerJoin(playerIdentifications, eq(playerIdentifications.payinId, payins.id))
    .where(
      and(
        eq(payins.customerId, customerId),
        eq(payins.status, 'PENDING'),
        gt(payins.pendingUntil, now),
        eq(playerIdentifications.status, 'ALLOWED'),
        eq(playerIdentifications.kind, 'DEPOSIT'),
      ),
    )
    .orderBy(asc(payins.pendingUntil), asc(payins.id));
  const locked: PayinRow[] = [];
  for (const { id } of awaiting) {
    const [payin] = await tx.select().from(payins).where(eq(payins.id, id)).for('update');
    if (payin?.status === 'PENDING' && payin.pendingUntil && payin.pendingUntil > now) locked.push(payin);
  }
  return locked;
}

/**
 * Pays the locked deposits of `lockDepositsAwaitingLimits` whose customer is no longer asked for
 * limits first, through changePayin (so the limits just set bind them: a deposit above them ends
 * DECLINED); one still asked waits for the next answer or its deadline. Answers how many moved.
 */
export async function payAnsweredDeposits(tx: Db, awaiting: PayinRow[]): Promise<number> {
  let paid = 0;
  for (const payin of awaiting) {
    if (await limitsAskedFirst(tx, payin.merchantId, payin.customerId)) continue;
    await changePayin(tx, payin, { status: 'SUCCESS', statusReason: null, pendingUntil: null, pendingOutcome: null });
    paid += 1;
  }
  return paid;
}
