/**
 * Closed-loop withdrawals by card (docs/design.md, "Withdrawals by card"): money leaves by the card
 * it came in by. A card is known by its keyed hash (saved-cards.ts, `analyseCard`): a customer's
 * deposit cards are the hashes of their paid card pay-ins (`payins.card`, a wallet's card included).
 *
 * - A withdrawal in a cashier session goes only to a deposit card.
 * - A merchant's payout outside a session goes to a deposit card when the customer has paid by card
 *   before; a customer who never paid by card may be paid to any card (the merchant knows them by
 *   other means, and its token creates the payout).
 *
 * Anything else is 403 `CLOSED_LOOP`, enforced where a payout is given its card (payouts.ts), and
 * the saved cards a payout's page offers are narrowed by the same rule.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins } from '@sandbox/db/schema';
import { SandboxApiError } from '../core/api-error';
import { PAID_PAYIN_STATUSES } from '../bank/closed-loop';

/** The payout whose destination card is decided: its customer, and its session when it is a cashier withdrawal. */
export interface CardLoopPayout {
  merchantId: string;
  customerId: string;
  sessionId: string | null;
}

/**
 * The keyed hashes of the cards `customerId` deposited with at `merchantId`: every paid card pay-in
 * (paid, refunded later or not), one entry per card.
 */
export async function depositCardHashes(tx: Db, merchantId: string, customerId: string): Promise<Set<string>> {
  const hash = sql<string | null>`${payins.card}->>'hash'`;
  const rows = await tx
    .selectDistinct({ hash })
    .from(payins)
    .where(
      and(
        eq(payins.customerId, customerId),
        eq(payins.merchantId, merchantId),
        inArray(payins.status, [...PAID_PAYIN_STATUSES]),
        isNotNull(payins.card),
      ),
    );
  return new Set(rows.flatMap((r) => (r.hash ? [r.hash] : [])));
}

/**
 * Whether a card (by its keyed hash) may receive a payout, from the customer's deposit cards: in a
 * session only a deposit card; outside one, a deposit card, or any card for a customer who never
 * paid by card. Pure.
 */
export function cardDestinationAllowed(depositHashes: ReadonlySet<string>, hash: string, inSession: boolean): boolean {
  if (depositHashes.has(hash)) return true;
  return !inSession && depositHashes.size === 0;
}

/** The refusal of a card outside the loop: 403 CLOSED_LOOP, naming no card. */
export const cardClosedLoop = () =>
  new SandboxApiError('CLOSED_LOOP', 'Withdrawals by card go only to a card the customer has deposited with');

/** Throws 403 CLOSED_LOOP unless `payout` may be paid to the card of keyed hash `hash` (cardDestinationAllowed). */
export async function assertCardDestination(tx: Db, payout: CardLoopPayout, hash: string): Promise<void> {
  const deposits = await depositCardHashes(tx, payout.merchantId, payout.customerId);
  if (!cardDestinationAllowed(deposits, hash, payout.sessionId !== null)) throw cardClosedLoop();
}

/** The filter of a payout's saved cards by their keyed hash: those it may be paid to (cardDestinationAllowed). */
export async function withdrawalCardFilter(tx: Db, payout: CardLoopPayout): Promise<(hash: string) => boolean> {
  const deposits = await depositCardHashes(tx, payout.merchantId, payout.customerId);
  const inSession = payout.sessionId !== null;
  return (hash) => cardDestinationAllowed(deposits, hash, inSession);
}
