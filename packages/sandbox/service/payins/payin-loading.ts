/**
 * Loading pay-ins with their due timed outcome applied (reference, "Pay-in"; docs/design.md,
 * section 6): a pay-in locked for processing, the worker's settling of every due outcome, and
 * GET /public/payin/{payinId}. A 3DS Method nobody reported in time goes on as not completed.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins } from '@sandbox/db/schema';
import type { PayinTransaction } from '@hosted-checkout/contract/payin';
import { notFound } from '../core/api-error';
import { canAccess, type Principal } from '../core/auth';
import { changePayin, settleDue, toPayinTransaction, type PayinRow } from '../core/records';
import { customerCards } from '../merchant/catalog';
import { merchantConfig } from '../core/request-context';
import { payinActions } from '../core/transitions';
import { fundingPolicy, refusedByRules } from '../responsible-gambling/funding-rules';
import { reportMethod, waitsForMethod } from './three-ds';
import { payinClickToPay } from './click-to-pay-identity';

/**
 * Applies a due timed outcome to a locked row. A 3DS Method nobody reported in time (the page
 * was closed, or its report failed) goes on as not completed (N): the issuer decides without it.
 * A success due for a customer excluded or over a limit since is declined by changePayin.
 */
const settle = (tx: Db, row: PayinRow, now = new Date()) =>
  waitsForMethod(row) && row.pendingUntil && row.pendingUntil <= now
    ? reportMethod(tx, row, 'N')
    : settleDue(row, (r, set) => changePayin(tx, r, set), now);

/** Loads a pay-in the principal may see, locked for update, with due outcomes applied. Throws 404. */
export async function loadPayinForUpdate(tx: Db, principal: Principal, id: string): Promise<PayinRow> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  return settle(tx, row);
}

/** Applies every due timed outcome (the worker). Returns how many pay-ins changed. */
export async function settleDuePayins(tx: Db, now = new Date()): Promise<number> {
  const rows = await tx
    .select()
    .from(payins)
    .where(and(isNotNull(payins.pendingUntil), lte(payins.pendingUntil, now)))
    .limit(50)
    .for('update', { skipLocked: true });
  for (const row of rows) await settle(tx, row, now);
  return rows.length;
}

/**
 * GET /public/payin/{payinId}, without a row lock: polling never queues behind processing. A due
 * timed outcome is settled here only when the row is free (SKIP LOCKED); else whoever holds it,
 * or the worker, settles it. The answer carries the customer's saved cards (`savedCards`,
 * docs/design.md, E7). Throws 404.
 */
export async function getPayin(tx: Db, principal: Principal, id: string): Promise<PayinTransaction> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  return payinAnswer(tx, row);
}

/**
 * GET /public/payin/{payinId}'s answer from its row, read by the caller (the methods' read too):
 * saved cards, a due outcome settled, while it may still be processed what the rules in force
 * for its customer refuse now (`refusedFunding`: Sweden's ban on gambling on credit), and what it
 * says of Click to Pay (`clickToPay`: identity, paid with, link; click-to-pay-identity.ts).
 */
export async function payinAnswer(tx: Db, row: PayinRow): Promise<PayinTransaction> {
  const id = row.id;
  const savedCards = await customerCards(tx, row.customerId);
  const refused = await refusedFundingOf(tx, row);
  const clickToPay = await payinClickToPay(tx, row, payinActions(row.status).process);
  const extra = { savedCards, ...(refused ? { refusedFunding: refused } : {}), ...(clickToPay ? { clickToPay } : {}) };
  if (!row.pendingUntil || row.pendingUntil > new Date()) return { ...toPayinTransaction(row), ...extra };
  const [locked] = await tx.select().from(payins).where(eq(payins.id, id)).for('update', { skipLocked: true }).limit(1);
  return { ...toPayinTransaction(locked ? await settle(tx, locked) : row), ...extra };
}

/** What the rules refuse now for a pay-in that may still be processed; undefined for one that may not (polling a final one reads nothing more). */
async function refusedFundingOf(tx: Db, row: PayinRow) {
  if (!payinActions(row.status).process) return undefined;
  return refusedByRules(await fundingPolicy(tx, await merchantConfig(tx, row.merchantId), row.customerId));
}
