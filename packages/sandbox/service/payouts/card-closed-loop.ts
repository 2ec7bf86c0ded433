/**
 * Closed-loop withdrawals by card (docs/design.md, "Withdrawals by card (closed loop)"): money
 * leaves by the card it came in by, and no more than it brought. A card is known by its keyed hash
 * (saved-cards.ts, `analyseCard`): a customer's deposit cards are the hashes of their paid card
 * pay-ins (`payins.card`, a wallet's card included); each may receive at most its share
 * (card-shares.ts: what it paid in to the customer, less refunds and what it already received).
 *
 * - A withdrawal in a cashier session goes only to a deposit card, up to its share.
 * - A merchant's payout outside a session goes to a deposit card, up to its share, when the customer
 *   has paid by card before; a customer who never paid by card may be paid any amount to any card
 *   (the merchant knows them by other means, and its token creates the payout).
 *
 * Anything else is 403 `CLOSED_LOOP` (naming no card; above the share, stating the most that card
 * may receive), enforced where a payout is given its card (payouts.ts) with the customer's row
 * locked, so parallel payouts are decided one after another; the saved cards a payout's page offers
 * are narrowed by the same rule.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import { decimalAmount } from '@hosted-checkout/contract/money';
import { SandboxApiError } from '../core/api-error';
import { cardLedger, shareMinor, type CardLedger } from './card-shares';

/** The payout whose destination card is decided: its customer, its session when it is a cashier withdrawal, and what it sends. */
export interface CardLoopPayout {
  merchantId: string;
  customerId: string;
  sessionId: string | null;
  /** What the card is sent, minor units of `initialCurrency` (ISO 4217; a cashier withdrawal's value less its fee). */
  initialValueMinor: number;
  initialCurrency: string;
}

/**
 * How a card may receive a payout: `SHARE` (a deposit card: up to its share), `ANY` (outside a
 * session, for a customer who never paid by card: any amount) or `NONE`. Pure.
 */
export type CardAllowance = 'SHARE' | 'ANY' | 'NONE';

/** The allowance of the card of keyed hash `hash`, from the customer's deposit cards and whether the payout is a session's. Pure. */
export function cardAllowance(depositHashes: ReadonlySet<string>, hash: string, inSession: boolean): CardAllowance {
  if (depositHashes.has(hash)) return 'SHARE';
  return !inSession && depositHashes.size === 0 ? 'ANY' : 'NONE';
}

/**
 * The most `payout` may send to the card of keyed hash `hash`, minor units of its initial currency:
 * the card's share (converted at `rates`, the merchant's rates to EUR), Infinity for `ANY`, 0 for `NONE`. Pure.
 */
export function cardMaxMinor(ledger: CardLedger, hash: string, payout: CardLoopPayout, rates: Record<string, number>): number {
  const allowance = cardAllowance(ledger.depositHashes, hash, payout.sessionId !== null);
  if (allowance === 'ANY') return Infinity;
  if (allowance === 'NONE') return 0;
  return shareMinor(ledger.sums.get(hash), payout.initialCurrency, rates);
}

/** The refusal of a card outside the loop: 403 CLOSED_LOOP, naming no card. */
export const cardClosedLoop = () =>
  new SandboxApiError('CLOSED_LOOP', 'Withdrawals by card go only to a card the customer has deposited with, up to what it paid in');

/** The refusal of an amount above a deposit card's share: 403 CLOSED_LOOP stating the most it may receive (`maxMinor` of `currency`), naming no card. */
export const cardShareExceeded = (maxMinor: number, currency: string) =>
  new SandboxApiError(
    'CLOSED_LOOP',
    `This card can receive at most ${decimalAmount(maxMinor, currency)} ${currency}: a card gets back what it paid in to the customer, ` +
      `less refunds and what it has already received. Send the rest to a bank account in the customer's own name, or from the merchant's back office`,
  );

/**
 * Throws 403 CLOSED_LOOP unless `payout` may send what it sends to the card of keyed hash `hash`
 * (cardMaxMinor). Locks the customer's row first: a payout given a card in another transaction
 * meanwhile is counted once that one ends, so two payouts never both take the same share.
 */
export async function assertCardDestination(tx: Db, payout: CardLoopPayout, hash: string, rates: Record<string, number>): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, payout.customerId)).for('update');
  const ledger = await cardLedger(tx, payout.merchantId, payout.customerId);
  const max = cardMaxMinor(ledger, hash, payout, rates);
  if (max === 0 && !ledger.depositHashes.has(hash)) throw cardClosedLoop();
  if (payout.initialValueMinor > max) throw cardShareExceeded(max, payout.initialCurrency);
}

/** The filter of a payout's saved cards by their keyed hash: those it may be paid to, its whole value within their share (cardMaxMinor). Reads only. */
export async function withdrawalCardFilter(
  tx: Db,
  payout: CardLoopPayout,
  rates: Record<string, number>,
): Promise<(hash: string) => boolean> {
  const ledger = await cardLedger(tx, payout.merchantId, payout.customerId);
  return (hash) => {
    const max = cardMaxMinor(ledger, hash, payout, rates);
    return max > 0 && payout.initialValueMinor <= max;
  };
}

/**
 * The most one withdrawal by card may send now for `customerId` at `merchantId`: the largest share
 * of their deposit cards, minor units of `currency` (ISO 4217) at `rates`; 0 without a deposit card
 * with anything left. What the cashier tells the customer before they choose a card. Reads only.
 */
export async function cardWithdrawalMaxMinor(
  tx: Db,
  merchantId: string,
  customerId: string,
  currency: string,
  rates: Record<string, number>,
): Promise<number> {
  const ledger = await cardLedger(tx, merchantId, customerId);
  let max = 0;
  for (const hash of ledger.depositHashes) max = Math.max(max, shareMinor(ledger.sums.get(hash), currency, rates));
  return max;
}
