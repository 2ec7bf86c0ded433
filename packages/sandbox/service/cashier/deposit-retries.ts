/**
 * The regulated cashier's deposit again, and a deposit retried after a decline. "Deposit again" offers the
 * customer's last paid card deposit with a card still saved (the widget asks the CVV only); a
 * retry replaces an unpaid pay-in of the session by another card or method, once, and closes the
 * one it replaces, so neither path can charge twice.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { cards, payins } from '@sandbox/db/schema';
import type { DepositAgain } from '@hosted-checkout/contract/cashier';
import { toMajor } from '@hosted-checkout/contract/money';
import { SandboxApiError, notFound } from '../core/api-error';
import { MAX_ATTEMPTS } from '../core/records';

/**
 * The customer's last paid card deposit in `currency`, when its card is still saved: its id,
 * amount (major units, without its fee) and the card; undefined when there is none, or when the
 * last one was paid with a card not saved (a later deposit by another card replaces the offer,
 * so pressing it again never replays a deposit already paid).
 */
export async function lastCardDeposit(tx: Db, customerId: string, currency: string): Promise<DepositAgain | undefined> {
  const [row] = await tx
    .select({
      id: payins.id,
      amountMinor: payins.initialAmountMinor,
      feeMinor: payins.feeMinor,
      cardId: cards.id,
      mask: cards.mask,
      brand: cards.brand,
    })
    .from(payins)
    .leftJoin(cards, and(eq(cards.id, sql`${payins.card}->>'cardId'`), eq(cards.customerId, payins.customerId)))
    .where(
      and(
        eq(payins.customerId, customerId),
        eq(payins.initialCurrency, currency),
        eq(payins.status, 'SUCCESS'),
        eq(payins.transactionType, 'CARD'),
        isNotNull(payins.processedAt),
      ),
    )
    .orderBy(desc(payins.processedAt))
    .limit(1);
  if (!row?.cardId || !row.mask || !row.brand) return undefined;
  return {
    payinId: row.id,
    amount: toMajor(row.amountMinor - (row.feeMinor ?? 0), currency),
    cardId: row.cardId,
    cardMask: row.mask,
    cardBrand: row.brand,
  };
}

/** Statuses of a pay-in that may be retried: it was not paid, and cannot be while its retry is paid. */
const RETRYABLE = new Set(['DECLINED', 'FAILED', 'TIMEOUT']);

/**
 * The pay-in `replacedId` of the session, locked, checked and closed for a retry: it must be the
 * session's (404), unpaid and final or declined (409 INVALID_STATE: SUCCESS, under way, or never
 * tried), and not retried already (409 CONFLICT; the lock makes two retries at once one and one).
 * A declined pay-in's remaining attempts are spent, so it cannot be paid beside its retry.
 * Answers whether the retry must authenticate (a soft decline asked for SCA).
 */
export async function retryOf(tx: Db, sessionId: string, replacedId: string): Promise<{ id: string; scaRequired: boolean }> {
  const [old] = await tx.select().from(payins).where(eq(payins.id, replacedId)).limit(1).for('update');
  if (!old || old.sessionId !== sessionId) throw notFound('Pay-in to retry');
  if (!RETRYABLE.has(old.status)) throw new SandboxApiError('INVALID_STATE', `A pay-in in status ${old.status} cannot be retried`);
  const [taken] = await tx.select({ id: payins.id }).from(payins).where(eq(payins.replaces, replacedId)).limit(1);
  if (taken) throw new SandboxApiError('CONFLICT', 'This pay-in has been retried already');
  if (old.status === 'DECLINED' && old.attemptCount < MAX_ATTEMPTS) {
    await tx.update(payins).set({ attemptCount: MAX_ATTEMPTS, updatedAt: new Date() }).where(eq(payins.id, old.id));
  }
  return { id: old.id, scaRequired: old.scaRequired || old.statusReason?.detailedStatus === 'AUTHENTICATION_REQUIRED' };
}
