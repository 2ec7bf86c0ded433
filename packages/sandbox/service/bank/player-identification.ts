/**
 * The bank's side of a Pay N Play login (docs/design.md, E26): when the bank completes the payment
 * (ACSC) of a pay-in that a Pay N Play session's login started, the pay-in awaits the merchant's decision (it stays
 * PENDING: the funds are not playable) on the player the bank
 * identified; the identity goes to the merchant in the signed event `cashier.player.identified`.
 * A login the bank rejects ends FAILED (the session may try again). Imported by bank-payments.ts,
 * so it imports nothing of it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, playerIdentifications } from '@sandbox/db/schema';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { enqueueEvent } from '../core/webhooks';
import { toMajor } from '@hosted-checkout/contract/money';
import type { PlayerIdentifiedEvent } from '@hosted-checkout/contract/pay-n-play';
import type { StoredDebtorAccount } from '@sandbox/db/schema-bank';
import { payinStatusOf, type BankReason, type BankStatus } from './bank-status';
import { bankById } from './bank-directory';
import { testUser } from './test-users';
import { playerIdentityOf } from './player-identity';
import { customersOfPerson } from './player-matches';

type Identification = typeof playerIdentifications.$inferSelect;
interface Locked {
  bank: { id: string; bankId: string; username: string | null; debtorAccount: StoredDebtorAccount | null };
  payin: { id: string; merchantId: string; initialAmountMinor: number; feeMinor: number | null; initialCurrency: string };
}

/** The event type of an identified player. */
export const PLAYER_IDENTIFIED = 'cashier.player.identified';

/** How long the sandbox merchant's automatic decision takes (the cashier shows "checking your details" meanwhile). */
export const AUTO_DECISION_DELAY_MS = 1500;

/** The Pay N Play login of a pay-in, when it has one. */
export async function identificationOfPayin(tx: Db, payinId: string): Promise<Identification | null> {
  const [row] = await tx.select().from(playerIdentifications).where(eq(playerIdentifications.payinId, payinId)).limit(1);
  return row ?? null;
}

/**
 * Called as the bank writes `status` of a payment (bank-payments.ts, applyBankStatus): for a Pay N
 * Play login waiting at the bank, ACSC identifies the player (answers true: the pay-in awaits the
 * merchant's decision, not paid); RJCT ends the login FAILED (answers false: a deposit is declined as usual; true for a
 * login, whose zero pay-in is declined here, unannounced). Any other payment: false, nothing done.
 */
export async function awaitPlayerDecision(
  tx: Db,
  locked: Locked,
  status: BankStatus,
  reason?: BankReason,
  now = new Date(),
): Promise<boolean> {
  if (status !== 'ACSC' && status !== 'RJCT') return false;
  const row = await identificationOfPayin(tx, locked.payin.id);
  if (!row || row.status !== 'AWAITING_BANK') return false;
  if (status === 'RJCT') {
    await tx.update(playerIdentifications).set({ status: 'FAILED', updatedAt: now }).where(eq(playerIdentifications.id, row.id));
    if (row.kind === 'DEPOSIT') return false;
    // A login's zero pay-in ends without a payment's event: it never was one.
    const mapped = payinStatusOf('RJCT', reason);
    await tx
      .update(payins)
      .set({
        status: mapped.status,
        statusReason: { status: mapped.status, detailedStatus: mapped.detailedStatus, reason: mapped.reason ?? 'Rejected by the bank' },
        updatedAt: now,
      })
      .where(eq(payins.id, locked.payin.id));
    return true;
  }
  await identify(tx, row, locked, now);
  return true;
}

/**
 * Records the identity the bank verified, recognises a returning player (the same national id and
 * issuer) and the probable matches (the merchant's other customers of the same name, birth date
 * and postal code: player-matches.ts), asks the merchant (the event) and schedules the sandbox's
 * automatic decision (which leaves a player with an excluded probable match to the merchant).
 */
async function identify(tx: Db, row: Identification, locked: Locked, now: Date): Promise<void> {
  const user = locked.bank.username ? testUser(locked.bank.username) : undefined;
  const bank = bankById(locked.bank.bankId);
  const account = locked.bank.debtorAccount;
  if (!user || !bank || !account) throw new Error('a completed bank payment without its user, bank or account');
  const { identity, playerKey } = await playerIdentityOf(tx, row.merchantId, user.identity, bank.country, bank.id, account);
  // The person, not the bank: the customer of the same national id returns; others of the same name, birth date and postal code are the merchant's to decide on.
  const { known, probable } = await customersOfPerson(tx, row.merchantId, identity, playerKey, now);
  const config = await merchantConfig(tx, row.merchantId);
  const autoDecide = config.payNPlay?.autoDecide !== false;
  await tx
    .update(playerIdentifications)
    .set({
      status: 'AWAITING_DECISION',
      identity,
      playerKey,
      knownCustomerId: known?.id ?? null,
      autoDecideAt: autoDecide ? new Date(now.getTime() + AUTO_DECISION_DELAY_MS) : null,
      updatedAt: now,
    })
    .where(eq(playerIdentifications.id, row.id));
  const { payin } = locked;
  const data: PlayerIdentifiedEvent = {
    identificationId: row.id,
    sessionId: row.sessionId,
    kind: row.kind as 'DEPOSIT' | 'LOGIN',
    ...(row.kind === 'DEPOSIT' ? { paymentId: payin.id } : {}),
    amount: toMajor(payin.initialAmountMinor - (payin.feeMinor ?? 0), payin.initialCurrency),
    currency: payin.initialCurrency,
    returning: Boolean(known),
    ...(known ? { customerId: known.externalUserId } : {}),
    probableMatches: probable.map((m) => ({
      customerId: m.externalUserId,
      reason: 'NAME_BIRTH_DATE_AND_POSTAL_CODE' as const,
      excluded: m.exclusion !== null,
    })),
    identity: { ...identity, playerKey },
    decideBy: `/public/cashier/session/${row.sessionId}/player-decision`,
  };
  await enqueueEvent(tx, row.merchantId, PLAYER_IDENTIFIED, row.id, data);
}

/** Where the bank sends the customer when it is done: the cashier of a Pay N Play login, else `fallback` (the pay-in's status page). */
export async function bankReturnUrl(tx: Db, payinId: string, ctx: Pick<RequestContext, 'checkoutUrl'>, fallback: string): Promise<string> {
  const row = await identificationOfPayin(tx, payinId);
  return row ? `${ctx.checkoutUrl}/cashier/${encodeURIComponent(row.sessionId)}` : fallback;
}
