/**
 * Processing pay-ins (reference, "Pay-in"; E1, E2, E16; docs/design.md, sections 3 and 6): card,
 * saved-card and direct-link processing with the test cards (3DS challenge and timed outcomes
 * included), and loading a pay-in with its due timed outcome applied. What the sandbox's own
 * pages decide (ACS, APM provider, console refund) is in payin-decisions.ts. Every status
 * change goes through changePayin, so through the transitions table.
 */
import { assertDepositRules, customerRow } from '../merchant/responsible-gambling';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payins } from '@/lib/db/schema';
import type { DetailedStatus, PayinStatus } from '@/lib/contract/enums';
import type {
  PayinProcessingResponse,
  PayinTransaction,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
  SpcAssertionReport,
  ThreeDSMethodResult,
} from '@/lib/contract/payin';
import type { Browser } from '@/lib/contract/common';
import { assertRemaining, consume, recordFailure } from '@/lib/security/velocity';
import { SandboxApiError, notFound, rateLimited } from '../core/api-error';
import { canAccess, type Principal } from '../core/auth';
import { directLinkMethod, validateMethodFields } from '../core/methods';
import { REASONS, attemptsRemaining, changePayin, reasonFor, settleDue, toPayinTransaction, type PayinRow } from '../core/records';
import { assertFundingAccepted, chosenBrand } from './bin-table';
import { clientMetadata, merchantConfig, type RequestContext } from '../core/request-context';
import { analyseCard, assertSavedCardPayable, assertValidCard, loadSavedCard, saveCard, touchSavedCard } from '../core/saved-cards';
import { outcomeForCard, outcomeForMask, type CardOutcome } from '../core/test-cards';
import { payinActions } from '../core/transitions';
import { newId } from '../core/store';
import { assertCashierMethod, assertDepositLimits } from '../merchant/cashier-rules';
import { acsUrl, CHALLENGE_TTL_MS, METHOD_TTL_MS, nextStep, reportMethod, startChallenge, startMethod, waitsForMethod } from './three-ds';
import type { PendingOutcome, StoredCard, ThreeDsState } from '@/lib/db/stored-shapes';
import { logger } from '@/lib/log';
import { offerSpc, verifySpc } from './spc';

/**
 * Applies a due timed outcome to a locked row. A 3DS Method nobody reported in time (the page
 * was closed, or its report failed) goes on as not completed (N): the issuer decides without it.
 * A success due for a customer excluded or over a limit since (E23) is declined by changePayin.
 */
const settle = (tx: Db, row: PayinRow, now = new Date()) =>
  waitsForMethod(row) && row.pendingUntil && row.pendingUntil <= now
    ? reportMethod(tx, row, 'N')
    : settleDue(row, (r, set) => changePayin(tx, r, set), now);

/** Loads a pay-in the principal may see, locked for update, with due outcomes applied. Throws 404. */
export async function loadPayinForUpdate(tx: Db, principal: Principal, id: string): Promise<PayinRow> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  return settle(tx, row);
}

/** Applies every due timed outcome (the worker). Returns how many pay-ins changed. */
export async function settleDuePayins(tx: Db, now = new Date()): Promise<number> {
  const rows = await tx
    .select()
    .from(payins)
    .where(and(isNotNull(payins.pendingUntil), lte(payins.pendingUntil, now)))
    .limit(50)
    .for('update', { skipLocked: true });
  for (const row of rows) await settle(tx, row, now);
  return rows.length;
}

/**
 * GET /public/payin/{payinId}, without a row lock: polling never queues behind processing. A due
 * timed outcome is settled here only when the row is free (SKIP LOCKED); else whoever holds it,
 * or the worker, settles it. Throws 404.
 */
export async function getPayin(tx: Db, principal: Principal, id: string): Promise<PayinTransaction> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  if (!row.pendingUntil || row.pendingUntil > new Date()) return toPayinTransaction(row);
  const [locked] = await tx.select().from(payins).where(eq(payins.id, id)).for('update', { skipLocked: true }).limit(1);
  return toPayinTransaction(locked ? await settle(tx, locked) : row);
}

/** Whether a pay-in may be processed: its status (the transitions table) and its attempts left. Throws 409. */
export function assertProcessable(row: PayinRow): void {
  if (!payinActions(row.status).process) throw new SandboxApiError('INVALID_STATE', `A pay-in in status ${row.status} cannot be processed`);
  if (attemptsRemaining(row) === 0) throw new SandboxApiError('INVALID_STATE', 'The pay-in has no processing attempts left');
}

/**
 * A deposit is checked again when it is paid. Every pay-in: the customer's time-out or
 * self-exclusion (E23; 409 CUSTOMER_EXCLUDED). A cashier deposit also: the limits the rules ask
 * for before a deposit (409 LIMITS_REQUIRED), and the customer's deposit limits (E19; 400
 * LIMIT_EXCEEDED), as pay-ins created but not yet paid do not count, so several of them could
 * otherwise pass the limit together. The customer row is locked: one at a time.
 */
export async function assertDepositAllowed(tx: Db, row: PayinRow, ctx: RequestContext): Promise<void> {
  const customer = await customerRow(tx, row.customerId, true);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  assertDepositRules(config, customer, { cashier: row.sessionId !== null });
  if (row.sessionId)
    await assertDepositLimits(
      tx,
      row.customerId,
      row.initialCurrency,
      row.initialAmountMinor - (row.feeMinor ?? 0),
      config.ratesToEur,
      customer,
    );
}

/** A processing answer (E1, E2, E16): the status, where the customer goes next, attempts left and statusReason. */
function processingAnswer(
  row: PayinRow,
  next: Pick<PayinProcessingResponse, 'redirectUrl' | 'threeDSMethod' | 'spc'> = {},
): PayinProcessingResponse {
  const reason = row.statusReason;
  return {
    paymentId: row.id,
    status: row.status,
    ...next,
    attemptsRemaining: attemptsRemaining(row),
    ...(reason ? { statusReason: reason } : {}),
  };
}

/** A card processing answer: the status, and the next step (the 3DS Method, or the challenge with an SPC offer when the card has a passkey: E20). */
export async function cardAnswer(tx: Db, row: PayinRow, ctx: RequestContext): Promise<PayinProcessingResponse> {
  const step = nextStep(row, ctx);
  const spc =
    step.redirectUrl && !row.h2h ? await offerSpc(tx, row, (await merchantConfig(tx, row.merchantId, ctx)).displayName, ctx) : null;
  return processingAnswer(row, { ...step, ...(spc ? { spc } : {}) });
}

function metadataWith(row: PayinRow, browser: Browser) {
  return { ...(row.metadata ?? {}), ...clientMetadata(browser.customerIp, browser.userAgent) };
}

/** Runs a card through the sandbox's PSP: the outcome of the test-card table. */
export async function chargeCard(
  tx: Db,
  row: PayinRow,
  card: StoredCard,
  outcome: CardOutcome,
  browser: Browser,
  ctx: RequestContext,
): Promise<PayinRow> {
  const eligible = row.eligiblePspIds;
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const psp = config.psps.find((p) => eligible.includes(p.id) && p.methods.includes('card') && p.currencies.includes(row.currency));
  const now = new Date();
  let status: PayinStatus;
  let detailed: DetailedStatus | undefined;
  let pendingUntil: Date | null = null;
  let pendingOutcome: PendingOutcome<PayinStatus> | null = null;
  let threeDsUrl: string | undefined;
  let threeDs: ThreeDsState | null = null;
  // A host-to-host pay-in has no page to run the Method in: its issuer decides without it.
  if (outcome.scenario === 'method' && row.h2h) outcome = { scenario: outcome.then };
  // E23: after a soft decline the issuer wants strong customer authentication: a frictionless
  // success, or the soft-declining card, goes through the challenge instead.
  const softDecline = outcome.scenario === 'declined' && outcome.reason === 'AUTHENTICATION_REQUIRED';
  if (row.scaRequired && !row.h2h && (outcome.scenario === 'success' || softDecline)) outcome = { scenario: 'challenge' };

  if (!psp) {
    status = 'FAILED';
    detailed = 'NO_PROVIDER_AVAILABLE';
  } else if (outcome.scenario === 'success') {
    status = 'SUCCESS';
  } else if (outcome.scenario === 'challenge' || outcome.scenario === 'method') {
    status = 'PENDING_3DS';
    threeDs = outcome.scenario === 'method' ? startMethod(outcome.then, outcome.answers) : startChallenge();
    if (outcome.scenario === 'challenge') threeDsUrl = acsUrl(ctx, row.id);
    pendingUntil = new Date(now.getTime() + (outcome.scenario === 'method' ? METHOD_TTL_MS : CHALLENGE_TTL_MS));
    pendingOutcome = { status: 'TIMEOUT', detailedStatus: 'TRANSACTION_TIMEOUT', reason: REASONS.TRANSACTION_TIMEOUT };
  } else if (outcome.scenario === 'declined' || outcome.scenario === 'failed') {
    status = outcome.scenario === 'declined' ? 'DECLINED' : 'FAILED';
    detailed = outcome.reason;
  } else {
    status = 'PENDING';
    pendingUntil = new Date(now.getTime() + outcome.afterMs);
    pendingOutcome = { status: outcome.then, detailedStatus: outcome.reason };
  }
  const h2h = row.h2h ? { ...row.h2h, threeDsUrl } : null;
  if (card.cardId) await touchSavedCard(tx, card.cardId);
  return changePayin(tx, row, {
    status,
    statusReason: reasonFor(status, detailed),
    card,
    pspId: psp?.id ?? row.pspId,
    transactionType: 'CARD',
    attemptCount: row.attemptCount + 1,
    pspTransactionId: psp ? newId('psptx') : null,
    processedAt: now,
    pendingUntil,
    pendingOutcome,
    threeDs,
    metadata: metadataWith(row, browser),
    ...(h2h ? { h2h } : {}),
    ...(detailed === 'AUTHENTICATION_REQUIRED' ? { scaRequired: true } : {}),
  });
}

/**
 * A card attempt on a pay-in of a cashier session, under the session's velocity limits (card
 * attempts, and failed attempts so far): 429 RATE_LIMITED with Retry-After when one is spent. A
 * decline or failure counts against the session.
 */
export async function limitedBySession(row: PayinRow, charge: () => Promise<PayinRow>): Promise<PayinRow> {
  const key = row.sessionId ?? undefined;
  const context = { sessionId: row.sessionId, paymentId: row.id };
  await rateLimited(async () => {
    await assertRemaining([{ limit: 'cardFailuresPerSession', key }], context);
    await consume([{ limit: 'cardAttemptsPerSession', key }], context);
  });
  const charged = await charge();
  if (charged.status === 'DECLINED' || charged.status === 'FAILED') await recordFailure([{ limit: 'cardFailuresPerSession', key }]);
  return charged;
}

/**
 * POST /public/payin/{payinId}/process/card (E1). Validates the card as the checkout does
 * (400), applies the test-card table, saves the card when asked. Throws 404, 409 INVALID_STATE.
 */
export async function processCard(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessCardRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertProcessable(row);
  assertCashierMethod(row.cashierMethod, 'card');
  await assertDepositAllowed(tx, row, ctx);
  const card = await analyseCard(tx, request.cardData, { requireCvv: true });
  assertValidCard(card);
  const { settings } = await merchantConfig(tx, row.merchantId, ctx);
  assertFundingAccepted(settings.refusedFundingTypes, card.digits);
  card.stored.brand = chosenBrand(card.digits, card.stored.brand, request.cardData.preferredBrand, settings.preferredBrands);
  if (request.saveCard) card.stored.cardId = await saveCard(tx, row.merchantId, row.customerId, card.stored);
  return cardAnswer(
    tx,
    await limitedBySession(row, () => chargeCard(tx, row, card.stored, outcomeForCard(card.digits), request.browser, ctx)),
    ctx,
  );
}

/**
 * POST /public/payin/{payinId}/process/saved-card (E2: redirectUrl for 3DS). The card must be
 * the pay-in customer's (404) and not expired (400); the CVV has the brand's length (400).
 */
export async function processSavedCard(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessSavedCardRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertProcessable(row);
  assertCashierMethod(row.cashierMethod, 'card');
  await assertDepositAllowed(tx, row, ctx);
  const card = await loadSavedCard(tx, row.customerId, request.savedCardData.cardId);
  assertSavedCardPayable(card, request.savedCardData.cvv);
  assertFundingAccepted(
    (await merchantConfig(tx, row.merchantId, ctx)).settings.refusedFundingTypes,
    card.mask.replace(/\D/g, '').slice(0, 6),
  );
  return cardAnswer(tx, await limitedBySession(row, () => chargeCard(tx, row, card, outcomeForMask(card.mask), request.browser, ctx)), ctx);
}

/**
 * POST /public/payin/{payinId}/process/3ds-method (E16): the checkout ran the issuer's 3DS Method
 * (or gave up after 10 s) and reports its indicator; the answer is the next step, as a card
 * answer. 409 INVALID_STATE unless the pay-in waits for its Method; 404 for another's pay-in.
 */
export async function completeThreeDSMethod(
  tx: Db,
  principal: Principal,
  id: string,
  request: ThreeDSMethodResult,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  return cardAnswer(tx, await reportMethod(tx, row, request.threeDSCompInd), ctx);
}

/**
 * POST /public/payin/{payinId}/process/spc (E20): the checkout showed Secure Payment
 * Confirmation and reports the assertion. Verified: the challenge is passed (SUCCESS). Not
 * verified: the offer is spent and the answer is the ordinary challenge (PENDING_3DS,
 * redirectUrl). 409 INVALID_STATE without an offer out; 404 for another's pay-in.
 */
export async function completeSpc(
  tx: Db,
  principal: Principal,
  id: string,
  request: SpcAssertionReport,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const verdict = await verifySpc(tx, row, { payeeName: config.displayName, allowedOrigins: config.settings.allowedOrigins }, request, ctx);
  const [fresh] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!verdict.verified) {
    logger.warn(
      { paymentId: id, reason: verdict.reason },
      'sandbox ACS: a passkey confirmation did not verify; the ordinary challenge stands',
    );
    return processingAnswer(fresh!, nextStep(fresh!, ctx));
  }
  const passed = await changePayin(tx, fresh!, {
    status: 'SUCCESS',
    statusReason: null,
    pendingUntil: null,
    pendingOutcome: null,
    threeDs: { ...fresh!.threeDs!, passedBy: 'spc' },
  });
  return processingAnswer(passed);
}

/**
 * POST /public/payin/{payinId}/process/direct-link: the APM's fields are checked against its
 * descriptors (400); the pay-in goes PENDING and the answer's redirectUrl is the provider page.
 * X-User-Agent and X-IP-Address, when given, stand for the customer's browser.
 */
export async function processPayinDirectLink(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessDirectLinkRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertProcessable(row);
  assertCashierMethod(row.cashierMethod, 'apm');
  await assertDepositAllowed(tx, row, ctx);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const eligible = row.eligiblePspIds;
  const method = directLinkMethod(
    config,
    { eligiblePspIds: eligible, currency: row.currency, directRouteId: row.directRouteId },
    request.additionalData,
  );
  const fields = validateMethodFields(method, request.additionalData);
  const psp = config.psps.find((p) => eligible.includes(p.id) && p.methods.includes(method.id) && p.currencies.includes(row.currency));
  const browser = {
    ...request.browser,
    ...(ctx.customerUserAgent ? { userAgent: ctx.customerUserAgent } : {}),
    ...(ctx.customerIp ? { customerIp: ctx.customerIp } : {}),
  };
  const updated = await changePayin(tx, row, {
    status: 'PENDING',
    statusReason: null,
    pspId: psp?.id ?? row.pspId,
    transactionType: method.type,
    methodId: method.id,
    additionalData: { methodId: method.id, ...fields },
    attemptCount: row.attemptCount + 1,
    pspTransactionId: newId('psptx'),
    processedAt: new Date(),
    metadata: metadataWith(row, browser),
  });
  return processingAnswer(updated, { redirectUrl: `${ctx.sandboxUrl ?? ctx.checkoutUrl}/sandbox/provider/payin/${updated.id}` });
}
