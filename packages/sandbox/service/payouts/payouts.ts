/**
 * Payout operations of the sandbox (reference, "Payout"; docs/design.md, E3 to E5):
 * CREATED → WAITING_FOR_CONFIRMATION (details given) → PENDING (confirm, or at once with
 * payoutAutoConfirm) → PROCESSED | FAILED | TIMEOUT; reject from CREATED or
 * WAITING_FOR_CONFIRMATION → REJECTED (the table in transitions.ts). Anything else is 409
 * INVALID_STATE.
 * Destination cards: 4000 0000 0000 0119 ends FAILED (PSP_ISSUES), 4000 0000 0000 0101 TIMEOUT;
 * others PROCESSED, PAYOUT_PROCESSING_MS after confirmation.
 */
import { issuePayoutLaunch } from '../core/page-holders';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payouts } from '@sandbox/db/schema';
import type {
  PayoutCreateRequest,
  PayoutCreateResponse,
  PayoutCardRequest,
  PayoutDirectLinkRequest,
  PayoutProcessingResponse,
  PayoutTransaction,
} from '@hosted-checkout/contract/payout';
import type { PayoutStatus } from '@hosted-checkout/contract/enums';
import { SandboxApiError, notFound } from '../core/api-error';
import { canAccess, requireMerchant, type Principal } from '../core/auth';
import { upsertCustomer } from '../core/customers';
import { checkedMinor } from '../core/merchant-config';
import { directLinkMethod, validateMethodFields } from '../core/methods';
import { changePayout, settleDue, toPayoutTransaction, type PayoutRow } from '../core/records';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { analyseCard, assertValidCard, loadSavedCard, touchSavedCard } from '../core/saved-cards';
import { routingColumns, selectProcessor } from '../core/selection';
import { outcomeForMask } from '../core/test-cards';
import { payoutActions } from '../core/transitions';
import { newId } from '../core/store';
import { assertCashierMethod } from '../merchant/cashier-rules';
import { customerCards } from '../merchant/catalog';
import type { PendingOutcome, StoredCard } from '@sandbox/db/stored-shapes';
import { BANK_METHOD_ID } from '../bank/bank-payments';
import { recordCreditTransfer, sendCreditTransfer } from '../bank/credit-transfers';
import { payoutBankDestination } from '../bank/payout-accounts';
import { assertCardDestination, withdrawalCardFilter } from './card-closed-loop';
import { assertApmDestination } from './apm-closed-loop';

/** Time from PENDING to the final status of a confirmed payout. */
const PAYOUT_PROCESSING_MS = 2_000;

interface PayoutInput extends Omit<PayoutCreateRequest, 'customer'> {
  customerId: string;
  sessionId?: string;
}

/** Creates a payout for a merchant (POST /public/payout, and a withdrawal in a cashier session). Throws 400, 409. */
export async function createPayoutFor(tx: Db, merchantId: string, input: PayoutInput, ctx: RequestContext): Promise<PayoutRow> {
  const config = await merchantConfig(tx, merchantId, ctx);
  const valueMinor = checkedMinor(config, input.value, input.currency, 'value');
  const selection = selectProcessor(config, {
    currency: input.currency,
    amountMinor: valueMinor,
    kycVerified: input.kycVerified,
    routerId: input.routerId,
    directRouteId: input.directRouteId,
  });
  const [existing] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.merchantId, merchantId), eq(payouts.orderId, input.orderId)))
    .limit(1);
  if (existing) throw new SandboxApiError('DUPLICATE_ORDER_ID', `orderId ${input.orderId} is already used by another payout`);
  const [row] = await tx
    .insert(payouts)
    .values({
      id: newId('po'),
      merchantId,
      customerId: input.customerId,
      orderId: input.orderId,
      valueMinor: selection.amountMinor,
      currency: selection.currency,
      initialValueMinor: valueMinor,
      initialCurrency: input.currency,
      ...routingColumns(selection, input),
    })
    .returning();
  if (!row) throw new Error('payout insert returned nothing');
  return row;
}

/** POST /public/payout: `iframeUrls` carry a one-time launch secret. */
export async function createPayout(
  tx: Db,
  principal: Principal,
  request: PayoutCreateRequest,
  ctx: RequestContext,
): Promise<PayoutCreateResponse> {
  const merchantId = requireMerchant(principal);
  await merchantConfig(tx, merchantId, ctx);
  const { customer, ...rest } = request;
  const customerId = await upsertCustomer(tx, merchantId, customer);
  const row = await createPayoutFor(tx, merchantId, { ...rest, customerId }, ctx);
  // The destination pages open once by their launch secret: the payout id alone opens nothing.
  return { payoutId: row.id, status: row.status, iframeUrls: (await issuePayoutLaunch(tx, row.id, ctx)).iframeUrls };
}

/** Applies a due timed outcome to a locked row. */
const settle = (tx: Db, row: PayoutRow, now?: Date) => settleDue(row, (r, set) => changePayout(tx, r, set), now);

/** Loads a payout the principal may see, locked, with due outcomes applied. Throws 404. */
export async function loadPayoutForUpdate(tx: Db, principal: Principal, id: string): Promise<PayoutRow> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Payout');
  return settle(tx, row);
}

/** Applies every due timed outcome (the worker). */
export async function settleDuePayouts(tx: Db, now = new Date()): Promise<number> {
  const rows = await tx
    .select()
    .from(payouts)
    .where(and(isNotNull(payouts.pendingUntil), lte(payouts.pendingUntil, now)))
    .limit(50)
    .for('update', { skipLocked: true });
  for (const row of rows) await settle(tx, row, now);
  return rows.length;
}

/**
 * GET /public/payout/{payoutId}, without a row lock (as getPayin: a due outcome is settled only when
 * the row is free), with the customer's saved cards it may be paid to (`savedCards`, docs/design.md, E7;
 * the closed loop of card-closed-loop.ts: deposit cards whose share takes the payout's value).
 */
export async function getPayout(tx: Db, principal: Principal, id: string): Promise<PayoutTransaction> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Payout');
  return payoutAnswer(tx, row);
}

/** GET /public/payout/{payoutId}'s answer from its row, read by the caller (the methods' read too): its cards, a due outcome settled. */
export async function payoutAnswer(tx: Db, row: PayoutRow): Promise<PayoutTransaction> {
  const id = row.id;
  // Only the cards the payout may go to, its value within their share (the closed loop, card-closed-loop.ts).
  const { ratesToEur } = await merchantConfig(tx, row.merchantId);
  const savedCards = await customerCards(tx, row.customerId, await withdrawalCardFilter(tx, row, ratesToEur));
  if (!row.pendingUntil || row.pendingUntil > new Date()) return { ...toPayoutTransaction(row), savedCards };
  const [locked] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update', { skipLocked: true }).limit(1);
  return { ...toPayoutTransaction(locked ? await settle(tx, locked) : row), savedCards };
}

const invalidState = (row: PayoutRow, action: string) =>
  new SandboxApiError('INVALID_STATE', `A payout in status ${row.status} cannot be ${action}`);

/** The outcome of sending a payout once it is PENDING: by its destination card, else PROCESSED. */
function processingOutcome(row: PayoutRow): PendingOutcome<PayoutStatus> {
  const card = row.card;
  const outcome = card ? outcomeForMask(card.mask) : { scenario: 'success' as const };
  if (outcome.scenario === 'failed') return { status: 'FAILED', detailedStatus: outcome.reason };
  if (outcome.scenario === 'pending' && outcome.then === 'TIMEOUT') return { status: 'TIMEOUT', detailedStatus: 'TRANSACTION_TIMEOUT' };
  return { status: 'PROCESSED' };
}

/**
 * PENDING with the processing outcome due in PAYOUT_PROCESSING_MS; a withdrawal by bank has no timed
 * outcome: its credit transfer is sent (afterPending) and the beneficiary bank's answer settles it.
 */
function startProcessing(row: PayoutRow) {
  if (row.methodId === BANK_METHOD_ID) return { status: 'PENDING' as const, pendingUntil: null, pendingOutcome: null };
  return { status: 'PENDING' as const, pendingUntil: new Date(Date.now() + PAYOUT_PROCESSING_MS), pendingOutcome: processingOutcome(row) };
}

/** A payout just gone PENDING: a withdrawal by bank sends its credit transfer (packages/sandbox/service/bank/credit-transfers.ts). */
async function afterPending(tx: Db, updated: PayoutRow): Promise<void> {
  if (updated.status === 'PENDING' && updated.methodId === BANK_METHOD_ID) await sendCreditTransfer(tx, updated);
}

/** After the destination is given: waits for the merchant, or goes on at once with payoutAutoConfirm. */
async function detailsGiven(
  tx: Db,
  row: PayoutRow,
  set: Partial<typeof payouts.$inferInsert>,
  ctx?: RequestContext,
): Promise<PayoutProcessingResponse> {
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const withDetails = { ...row, ...set } as PayoutRow;
  // Its time to give a destination ends with it (cashier/withdrawal-expiry.ts): it waits for the merchant now.
  const next = config.settings.payoutAutoConfirm
    ? startProcessing(withDetails)
    : { status: 'WAITING_FOR_CONFIRMATION' as const, pendingUntil: null, pendingOutcome: null };
  const updated = await changePayout(tx, row, { ...set, ...next });
  await afterPending(tx, updated);
  return { payoutId: updated.id, status: updated.status };
}

/**
 * Gives a cashier withdrawal by bank its destination (packages/sandbox/service/cashier/bank-destinations.ts, its
 * credit transfer recorded first): WAITING_FOR_CONFIRMATION, or PENDING and sent at once with
 * payoutAutoConfirm. 409 unless the payout is CREATED.
 */
export async function giveBankDestination(tx: Db, row: PayoutRow, masked: string, ctx?: RequestContext): Promise<PayoutProcessingResponse> {
  assertAwaitingDestination(row);
  return detailsGiven(
    tx,
    row,
    { methodId: BANK_METHOD_ID, additionalData: { methodId: BANK_METHOD_ID, account: masked }, transactionType: 'BANK' },
    ctx,
  );
}

/** 409 unless the payout may be given its destination (CREATED: the edge to WAITING_FOR_CONFIRMATION). */
function assertAwaitingDestination(row: PayoutRow): void {
  if (!payoutActions(row.status).giveDestination) throw invalidState(row, 'given a destination');
}

/**
 * POST /public/payout/{payoutId}/process/card: a new destination card (no CVV) or a saved one,
 * in the closed loop (card-closed-loop.ts): a cashier withdrawal only to a card the customer
 * deposited with, up to that card's share (what it paid in, less refunds and what it already
 * received); a merchant's payout too once the customer has paid by card. Else 403 CLOSED_LOOP
 * (above the share: stating the most that card may receive).
 */
export async function processPayoutCard(
  tx: Db,
  principal: Principal,
  id: string,
  request: PayoutCardRequest,
  ctx?: RequestContext,
): Promise<PayoutProcessingResponse> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  assertAwaitingDestination(row);
  assertCashierMethod(row.cashierMethod, 'card');
  let card: StoredCard;
  if ('cardData' in request) {
    const analysed = await analyseCard(tx, request.cardData, { requireCvv: false });
    assertValidCard(analysed);
    card = analysed.stored;
  } else {
    card = await loadSavedCard(tx, row.customerId, request.savedCardData.cardId);
  }
  // Closed loop (card-closed-loop.ts): a card the customer deposited with, within its share, else 403 CLOSED_LOOP.
  await assertCardDestination(tx, row, card.hash, (await merchantConfig(tx, row.merchantId, ctx)).ratesToEur);
  if ('savedCardData' in request) await touchSavedCard(tx, request.savedCardData.cardId);
  return detailsGiven(tx, row, { card, transactionType: 'CARD' }, ctx);
}

/**
 * POST /public/payout/{payoutId}/process/direct-link: the destination account by the APM's fields;
 * `bank`: a deposit account's `ref` (bank/payout-accounts.ts). Another APM in the closed loop
 * (apm-closed-loop.ts): a cashier withdrawal only to an account the customer paid in from by that
 * method, up to its share; a merchant's payout too once the customer has paid in by it. Else 403
 * CLOSED_LOOP (above the share: stating the most that account may receive), naming no account.
 */
export async function processPayoutDirectLink(
  tx: Db,
  principal: Principal,
  id: string,
  request: PayoutDirectLinkRequest,
  ctx?: RequestContext,
): Promise<PayoutProcessingResponse> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  assertAwaitingDestination(row);
  assertCashierMethod(row.cashierMethod, 'apm');
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const method = directLinkMethod(
    config,
    { eligiblePspIds: row.eligiblePspIds, currency: row.currency, directRouteId: row.directRouteId },
    request.additionalData,
  );
  if (method.id === BANK_METHOD_ID) {
    // Back to an account the customer deposited from (bank/payout-accounts.ts): its instant credit transfer recorded first.
    const destination = await payoutBankDestination(tx, row, request.additionalData);
    await recordCreditTransfer(tx, row, destination);
    return giveBankDestination(tx, row, destination.account.masked, ctx);
  }
  const fields = validateMethodFields(method, request.additionalData);
  // Closed loop (apm-closed-loop.ts): in a session, only an account the customer deposited from by this method, within its share.
  const key = await assertApmDestination(tx, row, method, fields, config.ratesToEur);
  return detailsGiven(
    tx,
    row,
    { methodId: method.id, additionalData: { methodId: method.id, ...fields }, sourceKey: key, transactionType: method.type },
    ctx,
  );
}

/** PUT /public/payout/{payoutId}/confirm: WAITING_FOR_CONFIRMATION → PENDING. */
export async function confirmPayout(tx: Db, principal: Principal, id: string): Promise<void> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  if (!payoutActions(row.status).confirm) throw invalidState(row, 'confirmed');
  await afterPending(tx, await changePayout(tx, row, startProcessing(row)));
}

/** PUT /public/payout/{payoutId}/reject: CREATED or WAITING_FOR_CONFIRMATION → REJECTED. */
export async function rejectPayout(tx: Db, principal: Principal, id: string): Promise<void> {
  const row = await loadPayoutForUpdate(tx, principal, id);
  if (!payoutActions(row.status).reject) throw invalidState(row, 'rejected');
  // A withdrawal's time to give a destination ends with it (cashier/withdrawal-expiry.ts).
  await changePayout(tx, row, { status: 'REJECTED', pendingUntil: null, pendingOutcome: null });
}
