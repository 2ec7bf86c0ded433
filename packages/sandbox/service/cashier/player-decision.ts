/**
 * The merchant's decision on a player a Pay N Play login identified (docs/design.md, E26):
 * `POST /public/cashier/session/{id}/player-decision`, or the sandbox merchant's automatic one
 * (adults allowed; under age and the self-exclusion register denied; a player with an excluded
 * probable match left to the merchant, the deposit awaiting) settled by the worker.
 * The service holds what the bank verified, so some players it never accepts, whatever the
 * merchant answers: one under the minimum age of the licence in force (18 without a licence) or on
 * the sandbox's self-exclusion register. Their ALLOW is answered as DENY with that reason (the
 * deposit returned, DECLINED BLOCKED_CUSTOMER, the session given no customer).
 * ALLOW gives the session its customer (a returning player's own, recognised by the keyed player
 * key of a national id; else the customer the merchant names, or a new one from the bank's
 * identity) and pays the awaiting deposit through changePayin, so that customer's own exclusion and
 * deposit limits (E23) bind. An exclusion protects the person who asked for it: one under another
 * customer (a probable match: the same name, birth date and postal code, which anyone who knows
 * them can register with) is never copied onto the session's customer. A deposit may instead await the player's answer to
 * the limits their rules ask before a first deposit (deposits-awaiting-limits.ts); DENY returns the
 * deposit (DECLINED, BLOCKED_CUSTOMER). The session and the login are locked: a replayed or racing
 * decision moves nothing twice; the same decision again answers the same, another is 409.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankPayments, cashierSessions, customers, payNPlayPlayers, payins, playerIdentifications } from '@sandbox/db/schema';
import type { StoredPlayerIdentity } from '@sandbox/db/schema-pay-n-play';
import type { Customer } from '@hosted-checkout/contract/common';
import type { DenyReason, PlayerDecisionAnswer, PlayerDecisionRequest } from '@hosted-checkout/contract/pay-n-play';
import { toMinor } from '@hosted-checkout/contract/money';
import { logger } from '@hosted-checkout/runtime/log';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { requireMerchant, type Principal } from '../core/auth';
import { changePayin, type PayinRow } from '../core/records';
import { customersOfPerson, excludedProbableMatch } from '../bank/player-matches';
import { loadSession } from './sessions';
import { required } from '@hosted-checkout/contract/required';
import { setAwaitingLimits, limitsAskedFirst } from '../responsible-gambling/deposits-awaiting-limits';

import { autoDecision, onDemoRegister, minimumAgeOf, serviceRefusal, ownExclusionInForce } from './player-eligibility';

type Identification = typeof playerIdentifications.$inferSelect;
type SessionRow = typeof cashierSessions.$inferSelect;
type Decision = Omit<PlayerDecisionRequest, 'identificationId'>;

/** The answer of a decided login (a replay answers it again). */
async function answerOf(tx: Db, row: Identification): Promise<PlayerDecisionAnswer> {
  const [payin] = await tx.select({ status: payins.status }).from(payins).where(eq(payins.id, row.payinId)).limit(1);
  const [customer] = row.customerId
    ? await tx.select({ externalUserId: customers.externalUserId }).from(customers).where(eq(customers.id, row.customerId)).limit(1)
    : [];
  return {
    identificationId: row.id,
    sessionId: row.sessionId,
    decision: row.status === 'ALLOWED' ? 'ALLOW' : 'DENY',
    ...(customer ? { customerId: customer.externalUserId } : {}),
    returning: row.knownCustomerId !== null,
    ...(row.status === 'DENIED' && row.denyReason ? { denyReason: row.denyReason as DenyReason } : {}),
    ...(row.kind === 'DEPOSIT' ? { paymentId: row.payinId, ...(payin ? { paymentStatus: payin.status } : {}) } : {}),
  };
}

/** The customer an allowed player plays as: a returning player's own, else the merchant's id (kept as it is) or a new one from the bank's identity and the merchant's contact details. */
async function customerFor(
  tx: Db,
  row: Identification,
  identity: StoredPlayerIdentity,
  d: Pick<Decision, 'customerId' | 'email' | 'phoneNumber'>,
): Promise<string> {
  const externalUserId = d.customerId;
  if (row.knownCustomerId) {
    const [known] = await tx
      .select({ externalUserId: customers.externalUserId })
      .from(customers)
      .where(eq(customers.id, row.knownCustomerId));
    if (externalUserId && known && known.externalUserId !== externalUserId)
      throw new SandboxApiError('CONFLICT', 'customerId: this player is a returning player of another customer id');
    return row.knownCustomerId;
  }
  const external = externalUserId ?? `pnp-${row.id}`;
  if (external.startsWith('pnp:')) throw invalid('customerId: the prefix "pnp:" is the service’s');
  const data = {
    externalUserId: external,
    firstName: identity.givenName,
    lastName: identity.familyName,
    // A bank gives no contact details: the merchant's, when it sends them with ALLOW.
    email: d.email ?? '',
    phoneNumber: d.phoneNumber ?? '',
    dateOfBirth: identity.dateOfBirth,
    billing: { ...identity.address, address: identity.address.street, state: '', countryCode: identity.country },
  };
  // A merchant naming a customer it already has links the identity to it; that record is kept as it is.
  await tx
    .insert(customers)
    .values({ id: `cus_${row.id.slice(4)}`, merchantId: row.merchantId, externalUserId: external, data: data as Customer })
    .onConflictDoNothing();
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.merchantId, row.merchantId), eq(customers.externalUserId, external)));
  return required(found, `the customer of login ${row.id} just written`).id;
}

/** Applies the merchant's decision `asked` (an ALLOW the service refuses becomes its DENY) to the locked login `row` of the locked `session`; answers the decision. */
async function applyDecision(tx: Db, session: SessionRow, row: Identification, asked: Decision, now: Date): Promise<PlayerDecisionAnswer> {
  if (row.status === 'ALLOWED' || row.status === 'DENIED') {
    const same = (row.status === 'ALLOWED') === (asked.decision === 'ALLOW');
    // An ALLOW the service refuses answers the refusal again, as the first one did.
    const refusedAgain =
      !same &&
      asked.decision === 'ALLOW' &&
      row.status === 'DENIED' &&
      row.identity !== null &&
      (await serviceRefusal(tx, row.merchantId, row.identity, now))?.reason === row.denyReason;
    if (!same && !refusedAgain) throw new SandboxApiError('INVALID_STATE', `The player was already ${row.status.toLowerCase()}`);
    const answer = await answerOf(tx, row);
    if (same && asked.customerId && answer.customerId !== asked.customerId)
      throw new SandboxApiError('CONFLICT', 'customerId differs from the decision made');
    return answer;
  }
  if (row.status !== 'AWAITING_DECISION' || !row.identity || !row.playerKey)
    throw new SandboxApiError('INVALID_STATE', 'The bank has not identified the player yet');
  const [payin] = await tx.select().from(payins).where(eq(payins.id, row.payinId)).for('update').limit(1);
  if (!payin) throw new Error('a login without its pay-in');
  const deposit = row.kind === 'DEPOSIT';
  // What the bank verified may refuse the player whatever the merchant answers: then the ALLOW is a DENY.
  const refusal = asked.decision === 'ALLOW' ? await serviceRefusal(tx, row.merchantId, row.identity, now) : null;
  const d: Decision = refusal ? { decision: 'DENY', reason: refusal.reason } : asked;
  if (d.decision === 'DENY') {
    const reason: DenyReason = d.reason ?? 'OTHER';
    const statusReason = {
      status: 'DECLINED' as const,
      detailedStatus: 'BLOCKED_CUSTOMER' as const,
      reason: `${refusal ? refusal.why : `The merchant did not accept the player (${reason})`}; the payment is returned to the payer's account`,
    };
    await settle(tx, payin, deposit, { status: 'DECLINED', statusReason });
    await tx
      .update(playerIdentifications)
      .set({ status: 'DENIED', denyReason: reason, denyMessage: d.message ?? null, autoDecideAt: null, decidedAt: now, updatedAt: now })
      .where(eq(playerIdentifications.id, row.id));
  } else {
    const customerId = await customerFor(tx, row, row.identity, d);
    await tx.insert(payNPlayPlayers).values({ merchantId: row.merchantId, playerKey: row.playerKey, customerId }).onConflictDoNothing();
    let balanceMinor: number | undefined;
    if (d.balance !== undefined) {
      const minor = toMinor(d.balance, session.currency);
      if (minor === null) throw invalid(`balance has more decimals than ${session.currency} allows`);
      balanceMinor = minor;
    }
    await tx
      .update(cashierSessions)
      .set({ customerId, ...(balanceMinor !== undefined ? { balanceMinor } : {}), updatedAt: now })
      .where(eq(cashierSessions.id, session.id));
    await tx.update(bankPayments).set({ customerId }).where(eq(bankPayments.payinId, payin.id));
    await tx.update(payins).set({ customerId }).where(eq(payins.id, payin.id));
    // The customer's own exclusion binds (a returning player's, or the one the merchant linked); a probable match's is theirs alone.
    const excluded = await ownExclusionInForce(tx, customerId, now);
    // Paid through changePayin: the customer's exclusion and limits as they are now may still decline it. A new
    // player whose rules ask for limits before a first deposit answers them first (deposits-awaiting-limits.ts); an excluded one is declined at once.
    if (deposit && payin.status === 'PENDING' && !excluded && (await limitsAskedFirst(tx, row.merchantId, customerId)))
      await setAwaitingLimits(tx, payin, now);
    else await settle(tx, { ...payin, customerId }, deposit, { status: 'SUCCESS', statusReason: null });
    await tx
      .update(playerIdentifications)
      .set({ status: 'ALLOWED', customerId, autoDecideAt: null, decidedAt: now, updatedAt: now })
      .where(eq(playerIdentifications.id, row.id));
  }
  logger.info(
    {
      sessionId: session.id,
      identificationId: row.id,
      asked: asked.decision,
      decision: d.decision,
      reason: d.reason,
      byService: !!refusal,
    },
    'pay n play: player decided',
  );
  const [decided] = await tx.select().from(playerIdentifications).where(eq(playerIdentifications.id, row.id));
  return answerOf(tx, required(decided, `the login ${row.id} just decided`));
}

/** A deposit's status through changePayin (its event, the rules at SUCCESS); a login's zero pay-in written as it is, announced to no one. */
async function settle(tx: Db, payin: PayinRow, deposit: boolean, set: Pick<PayinRow, 'status' | 'statusReason'>): Promise<void> {
  if (payin.status !== 'PENDING') return;
  if (deposit) await changePayin(tx, payin, { ...set, pendingUntil: null, pendingOutcome: null });
  else
    await tx
      .update(payins)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(payins.id, payin.id));
}

/** The login `identificationId` of the session, locked; 404 when it is another session's or unknown. */
async function lockedLogin(tx: Db, sessionId: string, identificationId: string): Promise<Identification> {
  const [row] = await tx
    .select()
    .from(playerIdentifications)
    .where(and(eq(playerIdentifications.id, identificationId), eq(playerIdentifications.sessionId, sessionId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Identification');
  return row;
}

/** POST /public/cashier/session/{id}/player-decision (merchants only; errors above). */
export async function decidePlayer(tx: Db, principal: Principal, sessionId: string, request: PlayerDecisionRequest, now = new Date()) {
  requireMerchant(principal);
  const session = await loadSession(tx, principal, sessionId, true);
  const { identificationId, ...decision } = request;
  return applyDecision(tx, session, await lockedLogin(tx, sessionId, identificationId), decision, now);
}

/**
 * The worker's pass: the sandbox merchant's automatic decisions that are due (its setting
 * `payNPlay.autoDecide`, default on). A login the merchant decided by the API meanwhile is left,
 * and so is one with an excluded probable match (no longer due: the merchant decides). Answers how
 * many were decided.
 */
export async function settleDueAutoDecisions(tx: Db, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: playerIdentifications.id, sessionId: playerIdentifications.sessionId })
    .from(playerIdentifications)
    .where(and(isNotNull(playerIdentifications.autoDecideAt), lte(playerIdentifications.autoDecideAt, now)))
    .limit(20);
  let decided = 0;
  for (const { id, sessionId } of due) {
    const [session] = await tx.select().from(cashierSessions).where(eq(cashierSessions.id, sessionId)).for('update', { skipLocked: true });
    if (!session) continue;
    const row = await lockedLogin(tx, sessionId, id);
    if (row.status !== 'AWAITING_DECISION' || !row.identity || !row.playerKey) {
      await tx.update(playerIdentifications).set({ autoDecideAt: null }).where(eq(playerIdentifications.id, id));
      continue;
    }
    // Read now, not at the identification: an exclusion recorded since counts.
    const matches = await customersOfPerson(tx, row.merchantId, row.identity, row.playerKey, now);
    const decision = autoDecision(
      row.identity,
      await onDemoRegister(tx, row.merchantId, row.identity),
      now,
      await minimumAgeOf(tx, row.merchantId, row.identity),
      excludedProbableMatch(matches),
    );
    if (!decision) {
      logger.info({ identificationId: id }, 'pay n play: an excluded probable match; the deposit awaits the merchant’s decision');
      await tx.update(playerIdentifications).set({ autoDecideAt: null }).where(eq(playerIdentifications.id, id));
      continue;
    }
    try {
      // A savepoint: one login that cannot be decided never stops the worker's pass.
      await tx.transaction((sp) => applyDecision(sp, session, row, decision, now));
      decided += 1;
    } catch (error) {
      logger.error({ err: error, identificationId: id }, 'pay n play: the automatic decision failed; left to the merchant');
      await tx.update(playerIdentifications).set({ autoDecideAt: null }).where(eq(playerIdentifications.id, id));
    }
  }
  return decided;
}
