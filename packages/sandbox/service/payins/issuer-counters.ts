/**
 * The sandbox issuer's side of 3-D Secure outcomes (docs/design.md, section 3, "3-D Secure
 * outcomes"): its counters per card (RTS 2018/389 Art. 16: payments since the last SCA and their
 * sum; Art. 13: the merchants the cardholder trusts), read locked and written back, the decision
 * for a card attempt (../core/sca-decision.ts), and the result kept on the pay-in when the attempt ends.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { issuerCounters } from '@sandbox/db/schema';
import type { PendingResult, StoredCard, StoredThreeDsResult } from '@sandbox/db/stored-shapes';
import type { ThreeDsResult } from '@hosted-checkout/contract/three-ds-outcome';
import { convertMinor } from '@hosted-checkout/contract/money';
import type { PayinRow } from '../core/records';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';
import { issuerBehaviourOf } from '../core/test-cards';
import { lookupBin } from './bin-table';
import { challengeResult, countersAfter, decideSca, frictionlessResult, type IssuerCounters, type ScaDecision } from '../core/sca-decision';

/** The counters of a card (by its keyed hash), locked until the transaction ends; a card never seen starts at zero. */
export async function countersOf(tx: Db, cardHash: string): Promise<IssuerCounters> {
  await tx.insert(issuerCounters).values({ cardHash }).onConflictDoNothing();
  const [row] = await tx.select().from(issuerCounters).where(eq(issuerCounters.cardHash, cardHash)).for('update');
  return { count: row?.count ?? 0, eurMinor: row?.eurMinor ?? 0, trusted: row?.trusted ?? [] };
}

async function saveCounters(tx: Db, cardHash: string, counters: IssuerCounters): Promise<void> {
  await tx
    .update(issuerCounters)
    .set({ count: counters.count, eurMinor: counters.eurMinor, trusted: counters.trusted, updatedAt: sql`now()` })
    .where(eq(issuerCounters.cardHash, cardHash));
}

/** The pay-in's amount in EUR minor units (the merchant's rates). */
export const amountEurMinor = (row: Pick<PayinRow, 'amountMinor' | 'currency'>, config: Pick<SandboxMerchantConfig, 'ratesToEur'>) =>
  convertMinor(row.amountMinor, row.currency, 'EUR', config.ratesToEur);

/** The test card's own flow, as the issuer would run it without any request. */
export type IssuerWants = 'frictionless' | 'challenge' | 'method';

/** How a card attempt's card came: a wallet's device cryptogram authenticated the cardholder; a network token with its cryptogram (Click to Pay) stood for the PAN. */
export interface AttemptCredentials {
  deviceAuthenticated?: boolean;
  payToken?: { verified: boolean };
}

/** The decision for a card attempt on `row` with `card` (the counters locked for it), as it came (`credentials`). */
export async function decideForAttempt(
  tx: Db,
  row: PayinRow,
  card: StoredCard,
  issuerWants: IssuerWants,
  config: Pick<SandboxMerchantConfig, 'ratesToEur'>,
  credentials: AttemptCredentials = {},
): Promise<ScaDecision> {
  return decideSca({
    deviceAuthenticated: credentials.deviceAuthenticated === true,
    ...(credentials.payToken ? { payToken: credentials.payToken } : {}),
    issuerWants,
    issuer: issuerBehaviourOf(card.mask),
    ...(row.authentication?.request ? { request: row.authentication.request } : {}),
    ...(row.authentication?.channel ? { channel: row.authentication.channel } : {}),
    issuerCountry: lookupBin(card.mask.replace(/\D/g, '').slice(0, 6))?.issuerCountry,
    // A host-to-host pay-in's soft decline leaves it to the merchant (its own retry).
    scaRequired: row.scaRequired && !row.h2h,
    amountEurMinor: amountEurMinor(row, config),
    counters: await countersOf(tx, card.hash),
    merchantId: row.merchantId,
    brand: card.brand,
  });
}

/** What the pay-in keeps of a decision: the ended result, or what the authentication under way was asked. */
export const storedOf = (decision: ScaDecision): StoredThreeDsResult =>
  decision.flow === 'none' ? decision.result : { pending: decision.pending };

/** The pending part of a stored result (nothing asked when none is kept). */
const pendingOf = (stored: StoredThreeDsResult | null): PendingResult => (stored && 'pending' in stored ? stored.pending : {});

/** Counts an ended result at the card's issuer (`trust`: the cardholder agreed to trust the merchant). */
export async function countResult(
  tx: Db,
  row: Pick<PayinRow, 'merchantId' | 'amountMinor' | 'currency'>,
  card: StoredCard,
  result: ThreeDsResult,
  config: Pick<SandboxMerchantConfig, 'ratesToEur'>,
  trust = false,
): Promise<void> {
  const counters = await countersOf(tx, card.hash);
  await saveCounters(tx, card.hash, countersAfter(counters, result, amountEurMinor(row, config), row.merchantId, trust));
}

/**
 * The result of the authentication under way on `row` ending: its challenge (or passkey)
 * passed or failed, or its 3DS Method followed by a frictionless answer (`frictionless`). The
 * issuer's counters move with it (`trust`: the cardholder agreed to the ACS's trust prompt).
 */
export async function endAuthentication(
  tx: Db,
  row: PayinRow,
  how: { passed: boolean; frictionless?: boolean; trust?: boolean },
  config: Pick<SandboxMerchantConfig, 'ratesToEur'>,
): Promise<ThreeDsResult | null> {
  const card = row.card;
  if (!card) return null;
  const pending = pendingOf(row.threeDsResult);
  const result = how.frictionless ? frictionlessResult(pending, card.brand) : challengeResult(pending, card.brand, how.passed);
  await countResult(tx, row, card, result, config, how.trust === true && pending.trustPrompt === true);
  return result;
}
