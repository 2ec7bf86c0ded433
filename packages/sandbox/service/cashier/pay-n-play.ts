/**
 * Pay N Play sessions (docs/design.md, E26): a cashier session created without a customer has a
 * provisional one (never shown, never a player) until the merchant allows the player the bank
 * identified. Until then the only move is the bank login: a deposit by Pay by Bank, awaiting the
 * merchant's decision, or an identification only (amount 0, a pay-in of 0 that carries the bank's
 * flow and is never listed nor announced). The decision is player-decision.ts's.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankPayments, cashierSessions, customers, payins, playerIdentifications } from '@sandbox/db/schema';
import type { Customer } from '@hosted-checkout/contract/common';
import {
  isIdentification,
  type PayNPlayStartAnswer,
  type PayNPlayStartRequest,
  type PayNPlayState,
} from '@hosted-checkout/contract/pay-n-play';
import { consume } from '@hosted-checkout/runtime/security/velocity';
import { SandboxApiError, invalid, rateLimited } from '../core/api-error';
import { required } from '@hosted-checkout/contract/required';
import { checkedMinor } from '../core/merchant-config';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { changePayin } from '../core/records';
import { provisionalExternalId } from '../core/cashier-context';
import { newId } from '../core/store';
import { assertWithinBounds, cashierFee } from '../merchant/cashier-rules';
import { createPayinFor } from '../payins/payin-create';
import { applyBankStatus, BANK_METHOD_ID, initiateBankPayment } from '../bank/bank-payments';
import { bankById, searchBanks } from '../bank/bank-directory';

type SessionRow = typeof cashierSessions.$inferSelect;

/** Creates the provisional customer of a new Pay N Play session; answers its id. */
export async function createProvisionalCustomer(tx: Db, merchantId: string, sessionId: string): Promise<string> {
  const id = newId('cus');
  const blank = { address: '', city: '', state: '', countryCode: '', postalCode: '' };
  // Not a customer of the contract (every field empty): stored as the column's shape, never sent as a Customer.
  const data = {
    externalUserId: provisionalExternalId(sessionId),
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    dateOfBirth: '',
    billing: blank,
  } as Customer;
  await tx.insert(customers).values({ id, merchantId, externalUserId: data.externalUserId, data });
  return id;
}

/** The latest logins of a session, newest first. */
const loginsOf = (tx: Db, sessionId: string) =>
  tx
    .select()
    .from(playerIdentifications)
    .where(eq(playerIdentifications.sessionId, sessionId))
    .orderBy(desc(playerIdentifications.createdAt))
    .limit(20);

/** The session's Pay N Play state (undefined for an ordinary session). */
export async function payNPlayStateOf(tx: Db, row: SessionRow): Promise<PayNPlayState | undefined> {
  if (!row.payNPlay) return undefined;
  const logins = await loginsOf(tx, row.id);
  const decided = logins.find((l) => l.status === 'ALLOWED' || l.status === 'DENIED');
  const waiting = logins.find((l) => l.status === 'AWAITING_DECISION');
  const current = decided ?? waiting;
  const banks = searchBanks({ country: null }).map((b) => ({ value: b.id, label: `${b.name} (${b.country})` }));
  return {
    status: (current?.status as PayNPlayState['status'] | undefined) ?? 'AWAITING_LOGIN',
    ...(current ? { identificationId: current.id, kind: current.kind as 'DEPOSIT' | 'LOGIN' } : {}),
    ...(current?.denyReason ? { denyReason: current.denyReason as NonNullable<PayNPlayState['denyReason']> } : {}),
    ...(!current && logins[0]?.status === 'FAILED' ? { lastAttemptFailed: true } : {}),
    banks,
  };
}

/** 409 INVALID_STATE for a move in a Pay N Play session whose player is not allowed (yet). */
export async function assertPlayerAllowed(tx: Db, row: SessionRow): Promise<void> {
  if (!row.payNPlay) return;
  const [allowed] = await tx
    .select({ id: playerIdentifications.id })
    .from(playerIdentifications)
    .where(and(eq(playerIdentifications.sessionId, row.id), eq(playerIdentifications.status, 'ALLOWED')))
    .limit(1);
  if (!allowed) throw new SandboxApiError('INVALID_STATE', 'The player of this Pay N Play session is not identified and allowed yet');
}

/**
 * Ends the session's logins still at the bank (a customer who left the bank's page and starts
 * again): the bank cancels each (RJCT MS02, as the customer's cancel), so an old page finished
 * later can never identify a second player nor pay the provisional customer. Locks each pay-in,
 * then its bank payment, as the bank's writers do.
 */
async function abandonEarlierLogins(tx: Db, sessionId: string): Promise<void> {
  const open = await tx
    .select({ payinId: playerIdentifications.payinId })
    .from(playerIdentifications)
    .where(and(eq(playerIdentifications.sessionId, sessionId), eq(playerIdentifications.status, 'AWAITING_BANK')));
  for (const { payinId } of open) {
    const [payin] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update');
    const [bank] = await tx
      .select()
      .from(bankPayments)
      .where(eq(bankPayments.payinId, payinId))
      .orderBy(desc(bankPayments.createdAt))
      .limit(1)
      .for('update');
    if (payin && bank && payin.status === 'PENDING') await applyBankStatus(tx, { bank, payin }, 'RJCT', 'MS02');
  }
}

/**
 * POST /public/cashier/session/{id}/pay-n-play: a deposit (amount > 0, the merchant's bounds and
 * the `bank` method's fee) or an identification only (0) by bank at `bankId` (400 unknown); 409
 * INVALID_STATE for an ordinary session or one decided or waiting for a decision. The pay-in goes
 * PENDING at the bank at once (the answer's redirectUrl); `session` is read locked by the caller.
 */
export async function startPayNPlay(
  tx: Db,
  session: SessionRow,
  request: PayNPlayStartRequest,
  ctx: RequestContext,
): Promise<PayNPlayStartAnswer> {
  if (!session.payNPlay) throw new SandboxApiError('INVALID_STATE', 'Not a Pay N Play session');
  const [busy] = await tx
    .select({ status: playerIdentifications.status })
    .from(playerIdentifications)
    .where(
      and(
        eq(playerIdentifications.sessionId, session.id),
        inArray(playerIdentifications.status, ['AWAITING_DECISION', 'ALLOWED', 'DENIED']),
      ),
    )
    .limit(1);
  if (busy) throw new SandboxApiError('INVALID_STATE', `The player of this session is ${busy.status.toLowerCase().replace('_', ' ')}`);
  if (!bankById(request.bankId)) throw invalid('bankId: not a bank of the sandbox');
  await abandonEarlierLogins(tx, session.id);
  const sessionId = session.id;
  await rateLimited(() => consume([{ limit: 'transactionsPerSession', key: sessionId }], { sessionId }));
  const config = await merchantConfig(tx, session.merchantId, ctx);
  const login = isIdentification(request.amount);
  const amountMinor = login ? 0 : checkedMinor(config, request.amount, session.currency, 'amount');
  if (!login) assertWithinBounds(config, session.currency, 'deposit', amountMinor);
  const { fee, total } = login ? { fee: 0, total: 0 } : cashierFee(config, BANK_METHOD_ID, 'deposit', session.currency, amountMinor);
  const created = await createPayinFor(
    tx,
    session.merchantId,
    {
      orderId: `${sessionId}-pnp-${randomUUID()}`,
      amountMinor: total,
      currency: session.currency,
      kycVerified: session.kycVerified,
      previousTransactionCount: session.previousTransactionCount,
      returnUrls: session.returnUrls,
      customerId: session.customerId,
      sessionId,
      ...(login ? {} : { cashier: { feeMinor: fee, method: 'apm' as const } }),
    },
    ctx,
  );
  const psp = config.psps.find(
    (p) => created.eligiblePspIds.includes(p.id) && p.methods.includes(BANK_METHOD_ID) && p.currencies.includes(created.currency),
  );
  if (!psp) throw invalid(`Pay by Bank does not take ${session.currency}`);
  const processing = {
    status: 'PENDING' as const,
    pspId: psp.id,
    transactionType: 'BANK',
    methodId: BANK_METHOD_ID,
    additionalData: { methodId: BANK_METHOD_ID, bankId: request.bankId },
    attemptCount: 1,
    pspTransactionId: newId('psptx'),
    processedAt: new Date(),
  };
  // A deposit's status is announced as any pay-in's; the zero pay-in of a login is not a payment.
  const payin = login
    ? required((await tx.update(payins).set(processing).where(eq(payins.id, created.id)).returning())[0], 'the login’s pay-in just created')
    : await changePayin(tx, created, processing);
  const id = newId('pnp');
  await tx.insert(playerIdentifications).values({
    id,
    sessionId,
    merchantId: session.merchantId,
    payinId: payin.id,
    kind: login ? 'LOGIN' : 'DEPOSIT',
    status: 'AWAITING_BANK',
  });
  const redirectUrl = await initiateBankPayment(tx, payin, request.bankId, ctx);
  return { identificationId: id, ...(login ? {} : { paymentId: payin.id }), redirectUrl };
}
