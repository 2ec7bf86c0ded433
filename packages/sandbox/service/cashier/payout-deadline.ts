/**
 * A cashier withdrawal's payout deadline (docs/design.md, section 8): under a licence whose rules
 * set one (`payoutDeadlineMinutes`; SPA/MF, Brazil: prizes paid within 120 minutes, Portaria
 * SPA/MF 615/2024, DOU 18/04/2024, article not confirmed), a withdrawal is due `payoutDueAt` =
 * its request time plus those minutes, stored with it and answered with it. While it is not final
 * (CREATED, WAITING_FOR_CONFIRMATION or PENDING: waiting for the merchant's confirmation counts,
 * the deadline is the operator's), the worker (worker.ts) tells the merchant, each once:
 * `payout.deadline_approaching` with a quarter of its time left (30 of 120 minutes), and
 * `payout.deadline_passed` at the deadline; one found already past it gets the second alone. The
 * worker also counts those past their deadline into `checkout_sandbox_payouts_past_deadline`.
 * The sandbox's `SANDBOX_PAYOUT_DEADLINE_MINUTES` stands in for the licence's minutes, for demos.
 */
import { and, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payouts } from '@sandbox/db/schema';
import type { Customer } from '@hosted-checkout/contract/common';
import type { PayoutDeadlineEventType } from '@hosted-checkout/contract/payout-deadline-events';
import { OPEN_PAYOUT_STATUSES, type OpenPayoutStatus } from '@hosted-checkout/runtime/metrics/metric-families';
import { setPayoutsPastDeadline } from '@hosted-checkout/runtime/metrics/registry';
import { sandboxConfig } from '@sandbox/config';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { rulesFor } from '../core/merchant-config';
import { toPayoutTransaction, type PayoutRow } from '../core/records';
import { cashierEventContext } from '../core/cashier-context';
import { enqueueEvent } from '../core/webhooks';

/** The share of a withdrawal's deadline left when `payout.deadline_approaching` is sent (SPA/MF: 30 of 120 minutes). */
export const APPROACHING_SHARE = 0.25;
/** How often (ms of the worker's clock) the worker counts the withdrawals past their deadline for the gauge. */
export const PAST_DEADLINE_COUNT_MS = 15_000;

/**
 * The minutes within which a withdrawal of a customer (`data`: their billing country and state)
 * at the merchant of `config` must be paid out: the rules in force (the shortest of its licences
 * covering the customer), replaced on this sandbox by SANDBOX_PAYOUT_DEADLINE_MINUTES when set;
 * undefined where no licence in force sets a deadline.
 */
export function payoutDeadlineMinutes(
  config: SandboxMerchantConfig,
  data: Pick<Customer, 'billing'> | null | undefined,
): number | undefined {
  const minutes = rulesFor(config, data).payoutDeadlineMinutes;
  if (minutes === undefined) return undefined;
  return sandboxConfig().SANDBOX_PAYOUT_DEADLINE_MINUTES ?? minutes;
}

/** The payout's columns for its deadline: `payoutDueAt` = `requestedAt` plus `minutes`, or nothing without a deadline. */
export const payoutDeadlineColumns = (minutes: number | undefined, requestedAt: Date): { payoutDueAt?: Date } =>
  minutes === undefined ? {} : { payoutDueAt: new Date(requestedAt.getTime() + minutes * 60_000) };

const OPEN = [...OPEN_PAYOUT_STATUSES];

/** When a withdrawal's approaching event is due: its deadline less APPROACHING_SHARE of the time from its request to it. */
const approachingAt = sql`${payouts.payoutDueAt} - (${payouts.payoutDueAt} - ${payouts.createdAt}) * ${sql.raw(String(APPROACHING_SHARE))}`;
/** `at` as a timestamptz parameter of a comparison with an expression (no column to map it). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Sends the deadline events due at `now` (the worker, in its transaction): for each withdrawal not
 * final with a deadline (at most 50 a pass, rows another pass holds skipped), `payout.deadline_passed`
 * once its deadline is reached, else `payout.deadline_approaching` once a quarter of its time is
 * left; each recorded on the row (`payoutDueNotice`) so that it is never sent twice. Answers the
 * number of events queued.
 */
export async function notifyPayoutDeadlines(tx: Db, now = new Date()): Promise<number> {
  const rows = await tx
    .select()
    .from(payouts)
    .where(
      and(
        isNotNull(payouts.payoutDueAt),
        inArray(payouts.status, OPEN),
        or(
          and(isNull(payouts.payoutDueNotice), lte(approachingAt, instant(now))),
          and(or(isNull(payouts.payoutDueNotice), eq(payouts.payoutDueNotice, 'approaching')), lte(payouts.payoutDueAt, now)),
        ),
      ),
    )
    .limit(50)
    .for('update', { skipLocked: true });
  for (const row of rows) await notify(tx, row, now);
  return rows.length;
}

/** Queues `row`'s due event and records it on the row. */
async function notify(tx: Db, row: PayoutRow, now: Date): Promise<void> {
  const due = row.payoutDueAt;
  if (!due) return;
  const notice = due.getTime() <= now.getTime() ? 'passed' : 'approaching';
  const type: PayoutDeadlineEventType = `payout.deadline_${notice}`;
  const cashier = await cashierEventContext(tx, row);
  await enqueueEvent(tx, row.merchantId, type, row.id, {
    object: toPayoutTransaction(row),
    payoutDueAt: due.toISOString(),
    ...(cashier ? { cashier } : {}),
  });
  // Not a change of the payout as the merchant sees it: its updatedAt stays.
  await tx.update(payouts).set({ payoutDueNotice: notice }).where(eq(payouts.id, row.id));
}

/** The withdrawals not final whose deadline is at or before `now`, by status. */
export async function payoutsPastDeadline(tx: Db, now = new Date()): Promise<Partial<Record<OpenPayoutStatus, number>>> {
  const rows = await tx
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(and(isNotNull(payouts.payoutDueAt), inArray(payouts.status, OPEN), lte(payouts.payoutDueAt, now)))
    .groupBy(payouts.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const counted = Symbol.for('hosted-checkout.payouts-past-deadline-counted');
type GlobalWithCount = typeof globalThis & { [counted]?: number };

/**
 * Sets the gauge `checkout_sandbox_payouts_past_deadline` from payoutsPastDeadline, at most once
 * every PAST_DEADLINE_COUNT_MS of the worker's clock (`now`) in this process. Answers whether it counted.
 */
export async function countPayoutsPastDeadline(db: Db, now = new Date()): Promise<boolean> {
  const g = globalThis as GlobalWithCount;
  if (Math.abs(now.getTime() - (g[counted] ?? 0)) < PAST_DEADLINE_COUNT_MS) return false;
  g[counted] = now.getTime();
  setPayoutsPastDeadline(await payoutsPastDeadline(db, now));
  return true;
}
