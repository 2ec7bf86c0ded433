/**
 * A Pay N Play deposit awaiting deposit limits (docs/design.md, E26 and section 8): the player's
 * country, so the licence whose rules apply, is known only once the bank has identified them. When
 * those rules ask for deposit limits before a first deposit (Spelinspektionen, GGL: `required`;
 * UKGC, AGCO, MGA: `asked`) and the allowed player has not answered, the deposit is not paid on
 * ALLOW: it stays PENDING, awaiting the player's answer in the cashier, then is paid through
 * changePayin (so the limits just set bind it). A player who never answers gets the deposit
 * returned after `LIMITS_WAIT_MS` (the pay-in's timed outcome, DECLINED CUSTOMER_ISSUES).
 * Locks the pay-in before the customer, as every path does.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, playerIdentifications } from '@sandbox/db/schema';
import type { PendingOutcome } from '@sandbox/db/stored-shapes';
import { merchantConfig } from '../core/request-context';
import { rulesFor } from '../core/merchant-config';
import { changePayin, type PayinRow } from '../core/records';
import { customerRow, limitsPrompt } from './responsible-gambling';

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

/** Deposits awaiting limits read at once, and the most one pass looks at. */
const AWAITING_PAGE = 20;
const AWAITING_PER_PASS = 200;

/**
 * The worker's pass: pays the deposits awaiting limits whose players have answered the limits question
 * since (a pay-in another writer holds is left for the next pass). It looks at the deposits awaiting limits
 * by deadline, soonest first, in pages of `page` (20) and at most 200 a pass, so deposits whose
 * players have not answered do not keep the answered ones waiting. Answers how many were paid or
 * declined by the limits they set.
 */
export async function releaseDepositsAwaitingLimits(tx: Db, now = new Date(), page = AWAITING_PAGE): Promise<number> {
  let released = 0;
  let after: { pendingUntil: Date; id: string } | null = null;
  for (let seen = 0; seen < AWAITING_PER_PASS; seen += page) {
    // From the pay-ins still pending before their deadline (the index on pending_until), not from
    // every ALLOWED login: the pass stays as small as the deposits that wait.
    const awaiting: { payinId: string; pendingUntil: Date | null }[] = await tx
      .select({ payinId: payins.id, pendingUntil: payins.pendingUntil })
      .from(payins)
      .innerJoin(playerIdentifications, eq(playerIdentifications.payinId, payins.id))
      .where(
        and(
          eq(payins.status, 'PENDING'),
          gt(payins.pendingUntil, now),
          eq(playerIdentifications.status, 'ALLOWED'),
          eq(playerIdentifications.kind, 'DEPOSIT'),
          after ? sql`(${payins.pendingUntil}, ${payins.id}) > (${after.pendingUntil.toISOString()}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(payins.pendingUntil), asc(payins.id))
      .limit(page);
    for (const { payinId } of awaiting) {
      const [payin] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update', { skipLocked: true });
      if (!payin || payin.status !== 'PENDING') continue;
      if (payin.pendingUntil && payin.pendingUntil <= now) continue; // Returned by its timed outcome instead.
      if (await limitsAskedFirst(tx, payin.merchantId, payin.customerId)) continue;
      await changePayin(tx, payin, { status: 'SUCCESS', statusReason: null, pendingUntil: null, pendingOutcome: null });
      released += 1;
    }
    const last = awaiting.at(-1);
    if (awaiting.length < page || !last?.pendingUntil) break;
    after = { pendingUntil: last.pendingUntil, id: last.payinId };
  }
  return released;
}
