/**
 * The pay-ins and payouts of a cashier session as the contract lists them (docs/design.md, E9:
 * GET …/transactions, and the session answer's `transactions`), in the session's currency: a
 * deposit's amount charged and a withdrawal's amount taken from the balance, fees included. A Pay
 * N Play login's zero pay-in is never listed.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payins, payouts } from '@/lib/db/schema';
import type { z } from 'zod';
import type { SessionTransaction } from '@/lib/contract/cashier';
import { toMajor } from '@/lib/money';
import type { StoredStatusReason } from '@/lib/db/stored-shapes';

/** The cashier fields of a session transaction: its fee (major units of its initial currency) and the detailedStatus of a final one. */
function extras(row: { feeMinor: number | null; initialCurrency: string; statusReason: StoredStatusReason | null }) {
  const detailed = row.statusReason?.detailedStatus;
  return {
    ...(row.feeMinor !== null ? { fee: toMajor(row.feeMinor, row.initialCurrency) } : {}),
    ...(detailed ? { statusReason: detailed } : {}),
  };
}

/** The session's pay-ins and payouts as the contract lists them (SessionTransaction), newest first, at most 200 of each. */
export async function listedTransactions(tx: Db, id: string): Promise<z.infer<typeof SessionTransaction>[]> {
  // A Pay N Play login's zero pay-in carries an identification, not a payment: never listed.
  const listed = and(eq(payins.sessionId, id), gt(payins.initialAmountMinor, 0));
  const ins = await tx.select().from(payins).where(listed).orderBy(desc(payins.createdAt)).limit(200);
  const outs = await tx.select().from(payouts).where(eq(payouts.sessionId, id)).orderBy(desc(payouts.createdAt)).limit(200);
  const transactions = [
    // In the session's currency (each one's initial currency): a deposit's amount charged, fee
    // included; a withdrawal's amount taken from the balance, fee included.
    ...ins.map((p) => ({
      id: p.id,
      kind: 'payin' as const,
      amount: toMajor(p.initialAmountMinor, p.initialCurrency),
      currency: p.initialCurrency,
      status: p.status,
      transactionType: p.transactionType ?? undefined,
      ...extras(p),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
    ...outs.map((p) => ({
      id: p.id,
      kind: 'payout' as const,
      amount: toMajor(p.initialValueMinor + (p.feeMinor ?? 0), p.initialCurrency),
      currency: p.initialCurrency,
      status: p.status,
      transactionType: p.transactionType ?? (p.cashierMethod ? (p.cashierMethod === 'card' ? 'CARD' : 'OTHER') : undefined),
      ...extras(p),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return transactions.map((t) => ({ ...t, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString() }));
}
