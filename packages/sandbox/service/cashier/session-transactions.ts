/**
 * The pay-ins and payouts of a cashier session as the contract lists them (docs/design.md, E9:
 * GET …/transactions, and the session answer's `transactions`), in the session's currency: a
 * deposit's amount charged and a withdrawal's amount taken from the balance, fees included. A Pay
 * N Play login's zero pay-in is never listed.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '@sandbox/db/client';
import { payins, payouts } from '@sandbox/db/schema';
import type { z } from 'zod';
import type { SessionTransaction } from '@hosted-checkout/contract/cashier';
import { toMajor } from '@hosted-checkout/contract/money';
import type { StoredStatusReason } from '@sandbox/db/stored-shapes';

/** The cashier fields of a session transaction: its fee (major units of its initial currency) and the detailedStatus of a final one. */
function extras(row: { feeMinor: number | null; initialCurrency: string; statusReason: StoredStatusReason | null }) {
  const detailed = row.statusReason?.detailedStatus;
  return {
    ...(row.feeMinor !== null ? { fee: toMajor(row.feeMinor, row.initialCurrency) } : {}),
    ...(detailed ? { statusReason: detailed } : {}),
  };
}

/** A payout deadline as the driver answers it (null for a pay-in), as its column reads it. */
const dueAtFromDriver = (value: string | null): Date | null =>
  value === null ? null : (payouts.payoutDueAt.mapFromDriverValue(value) as Date);

/** The columns a listed transaction needs, of `payins` or `payouts`: `amountMinor` taken from the balance (a payout's fee added). */
function listedColumns(table: typeof payins | typeof payouts) {
  const isPayin = table === payins;
  return {
    id: table.id,
    kind: sql<'payin' | 'payout'>`${isPayin ? 'payin' : 'payout'}::text`.as('kind'),
    amountMinor: isPayin
      ? sql<number>`${payins.initialAmountMinor}`.mapWith(Number).as('amount_minor')
      : sql<number>`${payouts.initialValueMinor} + coalesce(${payouts.feeMinor}, 0)`.mapWith(Number).as('amount_minor'),
    currency: table.initialCurrency,
    status: sql<(typeof payins.$inferSelect)['status'] | (typeof payouts.$inferSelect)['status']>`${table.status}`.as('status'),
    transactionType: table.transactionType,
    cashierMethod: table.cashierMethod,
    feeMinor: table.feeMinor,
    statusReason: table.statusReason,
    // A withdrawal's payout deadline under its licence (payout-deadline.ts); a pay-in has none. The union reads both with the first's decoder.
    payoutDueAt: isPayin ? sql`null::timestamptz`.mapWith(dueAtFromDriver).as('payout_due_at') : payouts.payoutDueAt,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}

/** Pay-in and payout statuses not final: the transactions a cashier page shows before its history (`?transactions=open`). */
const OPEN_PAYIN = ['CREATED', 'PENDING', 'PENDING_3DS'] as const;
const OPEN_PAYOUT = ['CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING'] as const;

/**
 * The session's pay-ins and payouts as the contract lists them (SessionTransaction), newest
 * first, at most 200 of each: one statement, the two lists' union. With `open`, only those not
 * final (the pending withdrawals, a deposit under way): the session read of a page that shows
 * its history only when asked.
 */
export async function listedTransactions(
  tx: Db,
  id: string,
  options: { open?: boolean } = {},
): Promise<z.infer<typeof SessionTransaction>[]> {
  // A Pay N Play login's zero pay-in carries an identification, not a payment: never listed.
  const ins = tx
    .select(listedColumns(payins))
    .from(payins)
    .where(
      and(eq(payins.sessionId, id), gt(payins.initialAmountMinor, 0), options.open ? inArray(payins.status, [...OPEN_PAYIN]) : undefined),
    )
    .orderBy(desc(payins.createdAt))
    .limit(200);
  const outs = tx
    .select(listedColumns(payouts))
    .from(payouts)
    .where(and(eq(payouts.sessionId, id), options.open ? inArray(payouts.status, [...OPEN_PAYOUT]) : undefined))
    .orderBy(desc(payouts.createdAt))
    .limit(200);
  const rows = await unionAll(ins, outs);
  // In the session's currency (each one's initial currency): a deposit's amount charged, fee
  // included; a withdrawal's amount taken from the balance, fee included.
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((t) => ({
      id: t.id,
      kind: t.kind,
      amount: toMajor(t.amountMinor, t.currency),
      currency: t.currency,
      status: t.status,
      transactionType:
        t.transactionType ?? (t.kind === 'payout' && t.cashierMethod ? (t.cashierMethod === 'card' ? 'CARD' : 'OTHER') : undefined),
      ...extras({ feeMinor: t.feeMinor, initialCurrency: t.currency, statusReason: t.statusReason }),
      ...(t.payoutDueAt ? { payoutDueAt: t.payoutDueAt.toISOString() } : {}),
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    }));
}
