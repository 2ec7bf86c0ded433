/**
 * Pay-in operations of the sandbox (reference, "Pay-in"; design brief, sections 3 and 6):
 * create, fetch, card / saved-card / direct-link processing with the test cards, the 3DS
 * challenge, the APM provider's decision, timed outcomes and refunds. Every function takes a
 * transaction handle so the caller decides atomicity. The PAN and CVV are used for the outcome
 * and the keyed hash only, never stored.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { cards, customers, payins } from '@/lib/db/schema';
import type { DetailedStatus, PayinStatus } from '@/lib/contract/enums';
import type {
  PayinCreateRequest,
  PayinCreateResponse,
  PayinProcessingResponse,
  PayinTransaction,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
} from '@/lib/contract/payin';
import type { Browser, Customer } from '@/lib/contract/common';
import { isKnownCurrency, toMinor } from '@/lib/money';
import { checkCardNumber, isExpiryCurrent, maskPan, validateCardForm } from '@/lib/card/card-rules';
import { SandboxApiError, invalid, notFound } from './api-error';
import { canAccess, requireMerchant, type Principal } from './auth';
import type { SandboxMerchantConfig } from './merchant-config';
import { methodsFor, validateMethodFields } from './methods';
import {
  MAX_ATTEMPTS,
  REASONS,
  changePayin,
  settleDue,
  reasonFor,
  toPayinTransaction,
  type PayinRow,
  type PendingOutcome,
  type StoredCard,
} from './records';
import { selectProcessor } from './selection';
import { outcomeForCard, outcomeForMask, type CardOutcome } from './test-cards';
import { findMerchant, keyedHash, newId } from './store';

export { MAX_ATTEMPTS };
/** A 3DS challenge not answered within this time ends TIMEOUT. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** A refund settles this long after it is asked for. */
export const REFUND_DELAY_MS = 2_000;

export interface RequestContext {
  /** Public origin of the hosted pages ({checkout_url}). */
  checkoutUrl: string;
  ip?: string;
  userAgent?: string;
  /** Direct-link headers X-User-Agent and X-IP-Address: the customer's, sent by the merchant. */
  customerUserAgent?: string;
  customerIp?: string;
}

/** Device type from a User-Agent header (metadata.deviceType). */
export function deviceTypeOf(userAgent: string | undefined): 'MOBILE' | 'DESKTOP' | 'TABLET' | 'UNKNOWN' {
  if (!userAgent) return 'UNKNOWN';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'TABLET';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'MOBILE';
  return 'DESKTOP';
}

/** Creates or updates the merchant's customer by externalUserId; returns its id. */
export async function upsertCustomer(tx: Db, merchantId: string, customer: Customer): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values({ id: newId('cus'), merchantId, externalUserId: customer.externalUserId, data: customer })
    .onConflictDoUpdate({
      target: [customers.merchantId, customers.externalUserId],
      set: { data: customer, updatedAt: new Date() },
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer upsert returned nothing');
  return row.id;
}

export async function merchantConfig(tx: Db, merchantId: string): Promise<SandboxMerchantConfig> {
  const merchant = await findMerchant(tx, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant.config;
}

/** Checks an amount in major units of an enabled currency; returns minor units. Throws 400. */
export function checkedMinor(config: SandboxMerchantConfig, amount: number, currency: string, field: string): number {
  if (!isKnownCurrency(currency)) throw invalid(`currency ${currency} is not an ISO 4217 code`);
  if (!config.currencies.includes(currency)) throw invalid(`currency ${currency} is not enabled for this merchant`);
  const minor = toMinor(amount, currency);
  if (minor === null || minor <= 0) throw invalid(`${field} has more decimals than ${currency} allows`);
  return minor;
}

export interface PayinInput extends Omit<PayinCreateRequest, 'customer'> {
  customerId: string;
  sessionId?: string;
}

/** Creates a pay-in for a merchant (POST /public/payin and E9). Throws 400, 409. */
export async function createPayinFor(tx: Db, merchantId: string, input: PayinInput, ctx: RequestContext): Promise<PayinRow> {
  const config = await merchantConfig(tx, merchantId);
  const amountMinor = checkedMinor(config, input.amount, input.currency, 'amount');
  const selection = selectProcessor(config, {
    currency: input.currency,
    amountMinor,
    kycVerified: input.kycVerified,
    routerId: input.routerId,
    directRouteId: input.directRouteId,
  });
  const [existing] = await tx
    .select({ id: payins.id })
    .from(payins)
    .where(and(eq(payins.merchantId, merchantId), eq(payins.orderId, input.orderId)))
    .limit(1);
  if (existing) throw new SandboxApiError('DUPLICATE_ORDER_ID', `orderId ${input.orderId} is already used by another pay-in`);

  const noProvider = selection.psp === null;
  const [row] = await tx
    .insert(payins)
    .values({
      id: newId('pi'),
      merchantId,
      customerId: input.customerId,
      orderId: input.orderId,
      amountMinor: selection.amountMinor,
      currency: selection.currency,
      initialAmountMinor: amountMinor,
      initialCurrency: input.currency,
      status: noProvider ? 'FAILED' : 'CREATED',
      statusReason: noProvider ? reasonFor('FAILED', 'NO_PROVIDER_AVAILABLE') : null,
      routerId: selection.routerId,
      directRouteId: input.directRouteId ?? null,
      pspId: selection.psp?.id ?? null,
      eligiblePspIds: selection.eligible.map((p) => p.id),
      returnUrls: input.returnUrls,
      kycVerified: input.kycVerified,
      previousTransactionCount: input.previousTransactionCount,
      merchantAdditionalData: input.merchantAdditionalData ?? null,
      metadata: { ...(ctx.ip ? { ipAddress: ctx.ip } : {}), deviceType: deviceTypeOf(ctx.userAgent) },
      sessionId: input.sessionId ?? null,
    })
    .returning();
  if (!row) throw new Error('pay-in insert returned nothing');
  return row;
}

/** iframeUrls of a transaction (reference, IframeUrls). */
export const iframeUrls = (ctx: RequestContext, type: 'payin' | 'payout', id: string) => ({
  card: `${ctx.checkoutUrl}/payments/${type}/${id}/card`,
  apm: `${ctx.checkoutUrl}/payments/${type}/${id}/apm`,
});

/** POST /public/payin. Throws 400 (currency, amount, route), 403 (checkout token), 409 (orderId). */
export async function createPayin(tx: Db, principal: Principal, request: PayinCreateRequest, ctx: RequestContext): Promise<PayinCreateResponse> {
  const merchantId = requireMerchant(principal);
  await merchantConfig(tx, merchantId);
  const { customer, ...rest } = request;
  const customerId = await upsertCustomer(tx, merchantId, customer);
  const row = await createPayinFor(tx, merchantId, { ...rest, customerId }, ctx);
  return { paymentId: row.id, status: row.status as PayinCreateResponse['status'], iframeUrls: iframeUrls(ctx, 'payin', row.id) };
}

/** Applies a due timed outcome to a locked row. */
const settle = (tx: Db, row: PayinRow, now?: Date) => settleDue(row, (r, set) => changePayin(tx, r, set), now);

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

/** GET /public/payin/{payinId}. Throws 404. */
export async function getPayin(tx: Db, principal: Principal, id: string): Promise<PayinTransaction> {
  return toPayinTransaction(await loadPayinForUpdate(tx, principal, id));
}

/** Whether a pay-in may be processed (brief: CREATED, or DECLINED with attempts left). Throws 409. */
function assertProcessable(row: PayinRow): void {
  if (row.status === 'CREATED') return;
  if (row.status === 'DECLINED' && row.attemptCount < MAX_ATTEMPTS) return;
  throw new SandboxApiError(
    'INVALID_STATE',
    row.status === 'DECLINED' ? 'The pay-in has no processing attempts left' : `A pay-in in status ${row.status} cannot be processed`,
  );
}

function metadataWith(row: PayinRow, browser: Browser) {
  return {
    ...((row.metadata as object | null) ?? {}),
    ...(browser.customerIp ? { ipAddress: browser.customerIp } : {}),
    deviceType: deviceTypeOf(browser.userAgent),
  };
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
  const eligible = row.eligiblePspIds as string[];
  const config = await merchantConfig(tx, row.merchantId);
  const psp = config.psps.find((p) => eligible.includes(p.id) && p.methods.includes('card') && p.currencies.includes(row.currency));
  const now = new Date();
  let status: PayinStatus;
  let detailed: DetailedStatus | undefined;
  let pendingUntil: Date | null = null;
  let pendingOutcome: PendingOutcome | null = null;
  let threeDsUrl: string | undefined;

  if (!psp) {
    status = 'FAILED';
    detailed = 'NO_PROVIDER_AVAILABLE';
  } else if (outcome.kind === 'success') {
    status = 'SUCCESS';
  } else if (outcome.kind === 'challenge') {
    status = 'PENDING_3DS';
    threeDsUrl = acsUrl(ctx, row.id);
    pendingUntil = new Date(now.getTime() + CHALLENGE_TTL_MS);
    pendingOutcome = { status: 'TIMEOUT', detailedStatus: 'TRANSACTION_TIMEOUT', reason: REASONS.TRANSACTION_TIMEOUT };
  } else if (outcome.kind === 'declined' || outcome.kind === 'failed') {
    status = outcome.kind === 'declined' ? 'DECLINED' : 'FAILED';
    detailed = outcome.reason;
  } else {
    status = 'PENDING';
    pendingUntil = new Date(now.getTime() + outcome.afterMs);
    pendingOutcome = { status: outcome.then, detailedStatus: outcome.reason };
  }
  const h2h = row.h2h ? { ...(row.h2h as object), threeDsUrl } : null;
  if (card.cardId) await tx.update(cards).set({ lastUsedAt: now }).where(eq(cards.id, card.cardId));
  return changePayin(tx, row, {
    status,
    statusReason: reasonFor(status, detailed),
    card,
    pspId: psp?.id ?? row.pspId,
    transactionType: 'CARD',
    attemptCount: row.attemptCount + 1,
    pspTransactionId: psp ? newId('psptx') : null,
    pendingUntil,
    pendingOutcome,
    metadata: metadataWith(row, browser),
    ...(h2h ? { h2h } : {}),
  });
}

/** The card of a validated card-data object, as stored: brand, mask, expiry, holder, keyed hash. */
export async function storedCard(
  tx: Db,
  data: { cardNumber: string; cardHolderName: string; expiryMonth: string; expiryYear: string },
): Promise<StoredCard> {
  const pan = checkCardNumber(data.cardNumber);
  return {
    mask: maskPan(pan.digits),
    brand: pan.brand?.niceType ?? 'Unknown',
    hash: await keyedHash(tx, pan.digits),
    expiryMonth: data.expiryMonth,
    expiryYear: data.expiryYear,
    holder: data.cardHolderName.trim(),
  };
}

/** Validates card data exactly as the checkout does. Throws 400 naming the field, never the value. */
export function assertValidCard(
  data: { cardNumber: string; cardHolderName: string; expiryMonth: string; expiryYear: string; cvv?: string },
  requireCvv: boolean,
): void {
  const errors = validateCardForm(
    { cardNumber: data.cardNumber, expiry: `${data.expiryMonth}/${data.expiryYear}`, cvv: data.cvv, cardHolderName: data.cardHolderName },
    { requireCvv },
  );
  const first = Object.entries(errors)[0];
  if (first) throw invalid(`cardData.${first[0]}: ${first[1]}`);
}

/** Saves a card for the customer (once per card hash); returns its cardId. */
export async function saveCard(tx: Db, merchantId: string, customerId: string, card: StoredCard): Promise<string> {
  const [existing] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), eq(cards.hash, card.hash)))
    .limit(1);
  if (existing) {
    await tx
      .update(cards)
      .set({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, holder: card.holder, lastUsedAt: new Date() })
      .where(eq(cards.id, existing.id));
    return existing.id;
  }
  const id = newId('card');
  const { mask, brand, hash, expiryMonth, expiryYear, holder } = card;
  await tx.insert(cards).values({ id, merchantId, customerId, mask, brand, hash, expiryMonth, expiryYear, holder });
  return id;
}

/** The sandbox ACS page of a pay-in waiting for 3DS. */
export const acsUrl = (ctx: RequestContext, id: string) => `${ctx.checkoutUrl}/sandbox/3ds/${id}`;

/**
 * POST /public/payin/{payinId}/process/card (E1). Validates the card as the checkout does
 * (400), applies the test-card table, saves the card when asked. Throws 404, 409 INVALID_STATE.
 */
export async function processCard(tx: Db, principal: Principal, id: string, request: ProcessCardRequest, ctx: RequestContext): Promise<PayinProcessingResponse> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertProcessable(row);
  assertValidCard(request.cardData, true);
  const card = await storedCard(tx, request.cardData);
  if (request.saveCard) card.cardId = await saveCard(tx, row.merchantId, row.customerId, card);
  const charged = await chargeCard(tx, row, card, outcomeForCard(checkCardNumber(request.cardData.cardNumber).digits), request.browser, ctx);
  return challengeAnswer(charged, ctx);
}

function challengeAnswer(row: PayinRow, ctx: RequestContext): PayinProcessingResponse {
  if (row.status !== 'PENDING_3DS') return { paymentId: row.id, status: row.status as PayinStatus };
  return { paymentId: row.id, status: 'PENDING_3DS', redirectUrl: acsUrl(ctx, row.id) };
}

/** The CVV length of a brand's cards, by the brand name the sandbox stores. */
const cvvLengthOf = (brand: string) => (brand === 'American Express' ? 4 : 3);

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
  const [saved] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, request.savedCardData.cardId), eq(cards.customerId, row.customerId)))
    .limit(1);
  if (!saved) throw notFound('Saved card');
  if (!isExpiryCurrent({ month: saved.expiryMonth, year: saved.expiryYear })) throw invalid('savedCardData.cardId: the card has expired');
  if (request.savedCardData.cvv.length !== cvvLengthOf(saved.brand)) throw invalid('savedCardData.cvv: cvv.invalid');
  const card: StoredCard = {
    cardId: saved.id,
    mask: saved.mask,
    brand: saved.brand,
    hash: saved.hash,
    expiryMonth: saved.expiryMonth,
    expiryYear: saved.expiryYear,
    holder: saved.holder,
  };
  const charged = await chargeCard(tx, row, card, outcomeForMask(saved.mask), request.browser, ctx);
  return challengeAnswer(charged, ctx);
}

/** The APM a direct-link request is for: the route's, or `additionalData.methodId`. Throws 400. */
export function directLinkMethod(
  config: SandboxMerchantConfig,
  transaction: { eligiblePspIds: string[]; currency: string; directRouteId: string | null },
  additionalData: Record<string, unknown>,
) {
  const methods = methodsFor(config, transaction).filter((m) => m.type !== 'CARD');
  const wanted = transaction.directRouteId ? methods[0]?.id : additionalData.methodId;
  const method = methods.find((m) => m.id === wanted);
  if (!method) throw invalid('additionalData.methodId: not a method available for this transaction');
  return method;
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
  const config = await merchantConfig(tx, row.merchantId);
  const method = directLinkMethod(config, { eligiblePspIds: row.eligiblePspIds as string[], currency: row.currency, directRouteId: row.directRouteId }, request.additionalData);
  const fields = validateMethodFields(method, request.additionalData);
  const psp = config.psps.find((p) => (row.eligiblePspIds as string[]).includes(p.id) && p.methods.includes(method.id) && p.currencies.includes(row.currency));
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
    metadata: metadataWith(row, browser),
  });
  return { paymentId: updated.id, status: 'PENDING', redirectUrl: `${ctx.checkoutUrl}/sandbox/provider/payin/${updated.id}` };
}

/** The sandbox provider page's decision on a PENDING APM pay-in; returns the status page to go to. */
export async function decidePayinAtProvider(tx: Db, id: string, decision: 'approve' | 'decline' | 'pending', ctx: RequestContext): Promise<string> {
  const row = await loadPayinForUpdate(tx, { kind: 'checkout' }, id);
  if (row.status === 'PENDING' && row.methodId && decision !== 'pending') {
    const status = decision === 'approve' ? 'SUCCESS' : 'DECLINED';
    await changePayin(tx, row, { status, statusReason: reasonFor(status, decision === 'approve' ? undefined : 'GENERAL_DECLINE') });
  }
  return `${ctx.checkoutUrl}/payments/payin/${id}/status`;
}

/**
 * The sandbox ACS answers a 3DS challenge: passed → SUCCESS, failed → DECLINED
 * (AUTHENTICATION_FAILED). A pay-in no longer waiting for 3DS is left as it is. Returns where
 * the customer goes: the status page, or for a host-to-host pay-in its callback / callbackFail.
 */
export async function completeChallenge(tx: Db, id: string, passed: boolean, ctx: RequestContext): Promise<string> {
  let row = await loadPayinForUpdate(tx, { kind: 'checkout' }, id);
  if (row.status === 'PENDING_3DS') {
    const status: PayinStatus = passed ? 'SUCCESS' : 'DECLINED';
    row = await changePayin(tx, row, {
      status,
      statusReason: passed ? null : reasonFor(status, 'AUTHENTICATION_FAILED'),
      pendingUntil: null,
      pendingOutcome: null,
    });
  }
  const h2h = row.h2h as { callback: string; callbackFail: string } | null;
  if (h2h) return row.status === 'SUCCESS' ? h2h.callback : h2h.callbackFail;
  return `${ctx.checkoutUrl}/payments/payin/${id}/status`;
}

/** What the ACS and provider pages show: merchant, amount and card mask. Throws 404. */
export async function challengeSummary(tx: Db, id: string) {
  const row = await loadPayinForUpdate(tx, { kind: 'checkout' }, id);
  const config = await merchantConfig(tx, row.merchantId);
  return {
    merchantName: config.displayName,
    amountMinor: row.amountMinor,
    currency: row.currency,
    cardMask: (row.card as StoredCard | null)?.mask ?? null,
    methodName: row.methodId ?? null,
    status: row.status as PayinStatus,
    merchantId: row.merchantId,
  };
}

/**
 * Refund of a successful pay-in (sandbox console only, design brief section 3): the pay-in
 * goes REFUND_PENDING, then REFUNDED, or PARTIALLY_REFUNDED when less than the rest is
 * refunded. `amount` in major units; omitted: all that is left. Throws 400, 404, 409.
 */
export async function refundPayin(tx: Db, principal: Principal, id: string, amount?: number): Promise<PayinTransaction> {
  const row = await loadPayinForUpdate(tx, principal, id);
  if (row.status !== 'SUCCESS' && row.status !== 'PARTIALLY_REFUNDED') {
    throw new SandboxApiError('INVALID_STATE', `A pay-in in status ${row.status} cannot be refunded`);
  }
  const left = row.amountMinor - row.refundedMinor;
  const minor = amount === undefined ? left : toMinor(amount, row.currency);
  if (minor === null || minor <= 0 || minor > left) throw invalid(`amount must be positive and at most what is left to refund`);
  const refunded = row.refundedMinor + minor;
  const final = refunded === row.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const updated = await changePayin(tx, row, {
    status: 'REFUND_PENDING',
    refundedMinor: refunded,
    pendingUntil: new Date(Date.now() + REFUND_DELAY_MS),
    pendingOutcome: { status: final } satisfies PendingOutcome,
  });
  return toPayinTransaction(updated);
}

