/**
 * Instant credit transfers of withdrawals by bank (SEPA Instant Credit Transfer, UK Faster
 * Payments): the sandbox bank sends a payout's money to its creditor account once the payout is
 * PENDING, and the beneficiary bank answers within seconds, as the SCT Inst rulebook's 10-second
 * maximum execution time asks. Its answer moves the payout through changePayout (transitions, the
 * merchant's webhook, the session balance lowered when PROCESSED; a FAILED withdrawal's reservation
 * ends, so the available balance comes back). Statuses are ISO 20022's (pacs.002): ACSP sent, ACSC
 * credited, RJCT with a reason (ExternalStatusReason1Code). Outcomes by the creditor account
 * (docs/design.md, section 9):
 * - a test user `closed`'s account: RJCT AC04 (account closed) → FAILED, BANK_ISSUES;
 * - a test user `timeout`'s account: the beneficiary bank is offline (AB08), retried twice, then
 *   RJCT AB08 → FAILED, BANK_ISSUES, all within CREDIT_DEADLINE_MS;
 * - a test user `pending`'s account: ACSP, then ACSC after PENDING_CREDIT_MS;
 * - any other account: ACSC after INSTANT_ANSWER_MS → PROCESSED.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankCreditTransfers, payouts, type StoredCreditorAccount } from '@sandbox/db/schema';
import { logger } from '@hosted-checkout/runtime/log';
import { changePayout, type PayoutRow } from '../core/records';
import { newId } from '../core/store';
import { accountAtBankByIban, ukAccountAtBank } from './bank-accounts';
import type { StoredPayeeCheck } from '@sandbox/db/schema-bank';

export type CreditTransferRow = typeof bankCreditTransfers.$inferSelect;

/** The beneficiary bank's answer to an attempt comes this long after it is sent (ms). */
export const INSTANT_ANSWER_MS = 1_000;
/** A credit to a "pending" test account is credited this long after it is sent (ms). */
export const PENDING_CREDIT_MS = 5_000;
/** Attempts sent to an offline beneficiary bank before the transfer is given up. */
export const MAX_CREDIT_ATTEMPTS = 3;
/** Every transfer has its final answer within this time of being sent (SCT Inst: 10 seconds). */
export const CREDIT_DEADLINE_MS = 10_000;

/** What the beneficiary bank does with a credit to `account`. */
export type CreditOutcome = 'CREDITED' | 'CREDITED_LATER' | 'ACCOUNT_CLOSED' | 'BANK_OFFLINE';

/** The outcome of a credit to an account, by the test user who holds it (any other account is credited). */
export function creditOutcomeOf(account: StoredCreditorAccount): CreditOutcome {
  const known =
    (account.iban ? accountAtBankByIban(account.iban) : undefined) ??
    (account.sortCode && account.accountNumber ? ukAccountAtBank(account.sortCode, account.accountNumber) : undefined);
  switch (known?.outcome) {
    case 'CLOSED':
      return 'ACCOUNT_CLOSED';
    case 'TIMEOUT':
      return 'BANK_OFFLINE';
    case 'PENDING_THEN_PAID':
      return 'CREDITED_LATER';
    default:
      return 'CREDITED';
  }
}

/** The payout's statusReason of a rejection: detailedStatus BANK_ISSUES, the ISO code in the reason. */
const REJECTION_REASONS: Record<'AC04' | 'AB08', string> = {
  AC04: 'The account is closed (ISO 20022 AC04)',
  AB08: 'The beneficiary bank is offline (ISO 20022 AB08)',
};

/**
 * Records the credit transfer of a bank withdrawal whose destination was just given (RCVD: not sent
 * until the payout is PENDING). `account` in full, `creditorName` the name it is paid in. One per
 * payout (a unique index): a second call for the same payout throws.
 */
export async function recordCreditTransfer(
  tx: Db,
  payout: PayoutRow,
  destination: {
    account: StoredCreditorAccount;
    creditorName: string;
    source: 'DEPOSIT_ACCOUNT' | 'NAME_CHECKED';
    payeeCheck?: StoredPayeeCheck;
  },
): Promise<CreditTransferRow> {
  const [row] = await tx
    .insert(bankCreditTransfers)
    .values({
      id: newId('ct'),
      payoutId: payout.id,
      merchantId: payout.merchantId,
      customerId: payout.customerId,
      creditorAccount: destination.account,
      creditorName: destination.creditorName.slice(0, 140),
      source: destination.source,
      payeeCheck: destination.payeeCheck ?? null,
      status: 'RCVD',
    })
    .returning();
  if (!row) throw new Error('credit transfer insert returned nothing');
  return row;
}

/**
 * Sends the credit transfer of a payout just gone PENDING (payouts.ts, on confirmation or at once
 * with payoutAutoConfirm): RCVD → ACSP, the answer due by the account's outcome. Only a transfer
 * still RCVD is sent (a conditional update), so nothing is ever sent twice. Answers whether it was sent.
 */
export async function sendCreditTransfer(tx: Db, payout: PayoutRow, now = new Date()): Promise<boolean> {
  const [row] = await tx.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.payoutId, payout.id)).limit(1);
  if (!row) return false;
  const after = creditOutcomeOf(row.creditorAccount) === 'CREDITED_LATER' ? PENDING_CREDIT_MS : INSTANT_ANSWER_MS;
  const sent = await tx
    .update(bankCreditTransfers)
    .set({ status: 'ACSP', attempts: 1, settleAt: new Date(now.getTime() + after), updatedAt: now })
    .where(and(eq(bankCreditTransfers.id, row.id), eq(bankCreditTransfers.status, 'RCVD')))
    .returning({ id: bankCreditTransfers.id });
  if (sent.length === 0) return false;
  logger.info({ payoutId: payout.id, creditTransferId: row.id, account: row.creditorAccount.masked }, 'sandbox bank: credit transfer sent');
  return true;
}

/** Applies the beneficiary bank's answer to a locked transfer and its locked payout. */
async function answer(tx: Db, row: CreditTransferRow, payout: PayoutRow, now: Date): Promise<void> {
  const outcome = creditOutcomeOf(row.creditorAccount);
  if (outcome === 'BANK_OFFLINE' && row.attempts < MAX_CREDIT_ATTEMPTS) {
    // No answer from the beneficiary bank: sent again, each wait a second longer (1 s, 2 s, 3 s: final by 6 s).
    await tx
      .update(bankCreditTransfers)
      .set({
        attempts: row.attempts + 1,
        reasonCode: 'AB08',
        settleAt: new Date(now.getTime() + (row.attempts + 1) * INSTANT_ANSWER_MS),
        updatedAt: now,
      })
      .where(eq(bankCreditTransfers.id, row.id));
    logger.info(
      { payoutId: payout.id, creditTransferId: row.id, attempt: row.attempts + 1 },
      'sandbox bank: beneficiary bank offline, retried',
    );
    return;
  }
  const reason = outcome === 'ACCOUNT_CLOSED' ? 'AC04' : outcome === 'BANK_OFFLINE' ? 'AB08' : null;
  await tx
    .update(bankCreditTransfers)
    .set({ status: reason ? 'RJCT' : 'ACSC', reasonCode: reason, settleAt: null, updatedAt: now })
    .where(eq(bankCreditTransfers.id, row.id));
  if (payout.status !== 'PENDING') return;
  await changePayout(
    tx,
    payout,
    reason
      ? { status: 'FAILED', statusReason: { reason: REJECTION_REASONS[reason], detailedStatus: 'BANK_ISSUES', status: 'FAILED' } }
      : { status: 'PROCESSED', statusReason: null },
  );
  logger.info(
    {
      payoutId: payout.id,
      creditTransferId: row.id,
      bankStatus: reason ? 'RJCT' : 'ACSC',
      reasonCode: reason,
      account: row.creditorAccount.masked,
    },
    'sandbox bank: credit transfer answered',
  );
}

/**
 * The worker's pass (packages/sandbox/service/worker.ts): applies every due answer of the beneficiary banks.
 * Locks each payout first (SKIP LOCKED: one held elsewhere waits for the next pass), then its
 * transfer, as every writer of both does. Answers how many were applied.
 */
export async function settleDueCreditTransfers(tx: Db, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: bankCreditTransfers.id, payoutId: bankCreditTransfers.payoutId })
    .from(bankCreditTransfers)
    .where(and(isNotNull(bankCreditTransfers.settleAt), lte(bankCreditTransfers.settleAt, now)))
    .limit(50);
  let settled = 0;
  for (const { id, payoutId } of due) {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update', { skipLocked: true }).limit(1);
    if (!payout) continue;
    const [row] = await tx.select().from(bankCreditTransfers).where(eq(bankCreditTransfers.id, id)).for('update').limit(1);
    if (!row?.settleAt || row.settleAt > now) continue;
    await answer(tx, row, payout, now);
    settled += 1;
  }
  return settled;
}
