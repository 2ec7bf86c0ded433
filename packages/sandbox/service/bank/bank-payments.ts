/**
 * The sandbox bank's payments (an ASPSP's payment initiation, as the Berlin Group's NextGenPSD2
 * and UK Open Banking run it): a Pay by Bank pay-in starts one (RCVD) and sends the customer to
 * the bank's pages with a one-time token; each status the bank reaches is written with the
 * pay-in's through the one mapping (bank-status.ts), so through changePayin (transitions, the
 * merchant's webhook, the exclusion and limit checks at SUCCESS). The customer's steps are
 * bank-flow.ts's; the worker settles the timed outcomes here.
 */
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankPayments, payins } from '@sandbox/db/schema';
import { logger } from '@hosted-checkout/runtime/log';
import { changePayin, type PayinRow } from '../core/records';
import type { RequestContext } from '../core/request-context';
import { invalid } from '../core/api-error';
import { newId } from '../core/store';
import { rememberBank } from './bank-choices';
import { bankById } from './bank-directory';
import { isFinalBankStatus, payinStatusOf, type BankReason, type BankStatus, type LaterOutcome } from './bank-status';
import { awaitPlayerDecision } from './player-identification';
import { APP_TOKEN, appTokenOf, BROWSER_TOKEN, newBrowserToken, sameHash, tokenHash } from './bank-tokens';

export type BankPaymentRow = typeof bankPayments.$inferSelect;

/** The method id of Pay by Bank (packages/sandbox/service/core/merchant-config.ts, METHODS). */
export const BANK_METHOD_ID = 'bank';

/** An app token works this long after the QR code is shown. */
export const APP_TOKEN_TTL_MS = 5 * 60_000;

/** The bank's page of a pay-in for the browser holding `token`. */
export const bankPageUrl = (ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>, payinId: string, token: string): string =>
  `${ctx.sandboxUrl ?? ctx.checkoutUrl}/sandbox/bank/payin/${encodeURIComponent(payinId)}?t=${token}`;

/** The bank app's page for `token` (what the QR code holds). */
export const bankAppUrl = (ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>, token: string): string =>
  `${ctx.sandboxUrl ?? ctx.checkoutUrl}/sandbox/bank/app/${token}`;

/** Where the customer goes when the bank is done: the checkout's status page of the pay-in (a Pay N Play login's: player-identification.ts, bankReturnUrl). */
export const afterBankUrl = (ctx: Pick<RequestContext, 'checkoutUrl'>, payinId: string): string =>
  `${ctx.checkoutUrl}/payments/payin/${encodeURIComponent(payinId)}/status`;

/**
 * Starts the bank payment of a pay-in just gone PENDING by Pay by Bank at `bankId` (400 for an
 * unknown bank): RCVD, at the login step, the customer's choice of bank remembered. Answers the
 * bank page's address with the browser's one-time token (the direct-link answer's redirectUrl).
 */
export async function initiateBankPayment(
  tx: Db,
  payin: PayinRow,
  bankId: string,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
): Promise<string> {
  const bank = bankById(bankId);
  if (!bank) throw invalid('additionalData.bankId: not a bank of the sandbox');
  const token = newBrowserToken();
  await tx.insert(bankPayments).values({
    id: newId('bp'),
    payinId: payin.id,
    merchantId: payin.merchantId,
    customerId: payin.customerId,
    bankId: bank.id,
    status: 'RCVD',
    step: 'LOGIN',
    browserTokenHash: tokenHash(token),
  });
  await rememberBank(tx, payin.customerId, bank.id);
  return bankPageUrl(ctx, payin.id, token);
}

/** Who acts on a bank payment: the browser that was sent to the bank (its token), or the bank's app (its token). */
export type BankActor = { as: 'browser'; payinId: string; token: string } | { as: 'app'; token: string };

/** A bank payment and its pay-in, both locked (the pay-in first), with a due timed outcome applied. */
export interface LockedBankPayment {
  bank: BankPaymentRow;
  payin: PayinRow;
  /** The pay-in still waits for this bank payment: PENDING by Pay by Bank, and this is its latest. */
  open: boolean;
}

/**
 * Loads the bank payment `actor`'s token opens, locked with its pay-in; null for a token that
 * opens none (malformed, of another payment, replaced by a later step, an app token expired or
 * used as a browser's). Never throws for a bad token.
 */
export async function loadBankPayment(tx: Db, actor: BankActor, now = new Date()): Promise<LockedBankPayment | null> {
  const pattern = actor.as === 'browser' ? BROWSER_TOKEN : APP_TOKEN;
  if (!pattern.test(actor.token)) return null;
  const hash = tokenHash(actor.token);
  let payinId: string;
  if (actor.as === 'browser') payinId = actor.payinId;
  else {
    const [found] = await tx
      .select({ payinId: bankPayments.payinId })
      .from(bankPayments)
      .where(eq(bankPayments.appTokenHash, hash))
      .limit(1);
    if (!found) return null;
    payinId = found.payinId;
  }
  // The pay-in first, then its bank payments: the order every writer of both keeps.
  const [payin] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update').limit(1);
  if (!payin) return null;
  const rows = await tx
    .select()
    .from(bankPayments)
    .where(eq(bankPayments.payinId, payinId))
    .orderBy(desc(bankPayments.createdAt))
    .for('update');
  const row = rows.find((r) => (actor.as === 'browser' ? sameHash(r.browserTokenHash, hash) : sameHash(r.appTokenHash, hash)));
  if (!row) return null;
  if (actor.as === 'app') {
    if (!row.appNonce || !row.appTokenExpiresAt || row.appTokenExpiresAt <= now) return null;
    if (!sameHash(await appTokenOf(tx, row.id, row.appNonce), actor.token)) return null;
  }
  const settled = await settleBankPayment(tx, row, payin, now);
  const open = settled.payin.status === 'PENDING' && settled.payin.methodId === BANK_METHOD_ID && rows[0]?.id === row.id;
  return { ...settled, open };
}

/**
 * Writes a bank status (and its reason; `later`: the outcome ACSP comes to, and when) and moves
 * the pay-in as the mapping says, when it is still PENDING: SUCCESS (or DECLINED by changePayin
 * for a customer excluded or over a limit since), DECLINED or TIMEOUT with the mapped
 * statusReason. Answers both rows as written.
 */
export async function applyBankStatus(
  tx: Db,
  locked: { bank: BankPaymentRow; payin: PayinRow },
  status: BankStatus,
  reason?: BankReason,
  later?: LaterOutcome,
  now = new Date(),
): Promise<{ bank: BankPaymentRow; payin: PayinRow }> {
  const [bank] = await tx
    .update(bankPayments)
    .set({
      status,
      reasonCode: reason ?? null,
      settleAt: later ? new Date(now.getTime() + later.afterMs) : null,
      settleTo: later ? { status: later.status, ...(later.reason ? { reason: later.reason } : {}) } : null,
      ...(isFinalBankStatus(status) ? { step: 'DONE', appNonce: null, appTokenExpiresAt: null } : {}),
      updatedAt: now,
    })
    .where(eq(bankPayments.id, locked.bank.id))
    .returning();
  if (!bank) throw new Error('bank payment vanished during update');
  let payin = locked.payin;
  const mapped = payinStatusOf(status, reason);
  // A Pay N Play login's payment awaits the merchant's decision on the player, not paid (docs/design.md, E26).
  const awaiting = payin.status === 'PENDING' && (await awaitPlayerDecision(tx, { bank, payin }, status, reason, now));
  if (!awaiting && payin.status === 'PENDING' && payin.methodId === BANK_METHOD_ID && mapped.status !== 'PENDING') {
    payin = await changePayin(tx, payin, {
      status: mapped.status,
      statusReason: mapped.detailedStatus
        ? { reason: mapped.reason ?? mapped.detailedStatus, detailedStatus: mapped.detailedStatus, status: mapped.status }
        : null,
      pendingUntil: null,
      pendingOutcome: null,
    });
  }
  logger.info(
    { paymentId: payin.id, bankPaymentId: bank.id, bankStatus: status, reasonCode: reason, account: bank.debtorAccount?.masked },
    'sandbox bank: payment status',
  );
  return { bank, payin };
}

/** Applies a locked bank payment's timed outcome when it is due at `now`; answers both rows. */
async function settleBankPayment(
  tx: Db,
  bank: BankPaymentRow,
  payin: PayinRow,
  now: Date,
): Promise<{ bank: BankPaymentRow; payin: PayinRow }> {
  if (!bank.settleAt || bank.settleAt > now || !bank.settleTo) return { bank, payin };
  return applyBankStatus(tx, { bank, payin }, bank.settleTo.status, bank.settleTo.reason as BankReason | undefined, undefined, now);
}

/**
 * The worker's pass (packages/sandbox/service/worker.ts): settles every bank payment whose timed outcome is
 * due (ACSP → ACSC or RJCT). Locks each pay-in first (SKIP LOCKED: one held by a customer's
 * step, or by another instance, is settled by the next pass). Answers how many were settled.
 */
export async function settleDueBankPayments(tx: Db, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: bankPayments.id, payinId: bankPayments.payinId })
    .from(bankPayments)
    .where(and(isNotNull(bankPayments.settleAt), lte(bankPayments.settleAt, now)))
    .limit(50);
  let settled = 0;
  for (const { id, payinId } of due) {
    const [payin] = await tx.select().from(payins).where(eq(payins.id, payinId)).for('update', { skipLocked: true }).limit(1);
    if (!payin) continue;
    const [bank] = await tx.select().from(bankPayments).where(eq(bankPayments.id, id)).for('update').limit(1);
    if (!bank?.settleAt || bank.settleAt > now) continue;
    await settleBankPayment(tx, bank, payin, now);
    settled += 1;
  }
  return settled;
}
