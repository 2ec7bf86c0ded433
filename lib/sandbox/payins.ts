/**
 * Pay-in operations of the sandbox (reference, "Pay-in"; design brief, sections 3 and 6):
 * create, fetch, card processing with the test cards, timed outcomes, and the 3DS
 * challenge. Every function takes a transaction handle so the caller decides atomicity.
 * The PAN and CVV are used for the outcome and the keyed hash only, never stored.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { cards, customers, payins } from '@/lib/db/schema';
import type { DetailedStatus, PayinStatus } from '@/lib/contract/enums';
import type {
  PayinCreateRequest,
  PayinCreateResponse,
  PayinProcessingResponse,
  PayinTransaction,
  ProcessCardRequest,
} from '@/lib/contract/payin';
import type { Customer, ReturnUrls } from '@/lib/contract/common';
import { isKnownCurrency, toMajor, toMinor } from '@/lib/money';
import { checkCardNumber, maskPan, validateCardForm } from '@/lib/card/card-rules';
import { SandboxApiError, invalid, notFound } from './api-error';
import { canAccess, requireMerchant, type Principal } from './auth';
import type { SandboxMerchantConfig } from './merchant-config';
import { selectProcessor } from './selection';
import { outcomeForCard } from './test-cards';
import { findMerchant, keyedHash, newId } from './store';

/** Processing attempts a pay-in allows; a DECLINED one may be processed again below this. */
export const MAX_ATTEMPTS = 3;
/** A 3DS challenge not answered within this time ends TIMEOUT. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface RequestContext {
  /** Public origin of the hosted pages ({checkout_url}). */
  checkoutUrl: string;
  ip?: string;
  userAgent?: string;
}

type PayinRow = typeof payins.$inferSelect;

interface StoredCard {
  cardId?: string;
  mask: string;
  brand: string;
  hash: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string;
}

interface PendingOutcome {
  status: PayinStatus;
  detailedStatus?: DetailedStatus;
  reason?: string;
}

const REASONS: Partial<Record<DetailedStatus, string>> = {
  CARD_DECLINED: 'The card was declined by the issuer',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  CARD_EXPIRED: 'The card has expired',
  CVV_INVALID: 'The security code is not valid',
  PSP_ISSUES: 'The processor could not process the payment',
  TRANSACTION_TIMEOUT: 'The payment timed out',
  AUTHENTICATION_FAILED: '3-D Secure authentication failed',
  NO_PROVIDER_AVAILABLE: 'No processor is available for this payment',
};

/** Device type from a User-Agent header (metadata.deviceType). */
export function deviceTypeOf(userAgent: string | undefined): 'MOBILE' | 'DESKTOP' | 'TABLET' | 'UNKNOWN' {
  if (!userAgent) return 'UNKNOWN';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'TABLET';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'MOBILE';
  return 'DESKTOP';
}

async function upsertCustomer(tx: Db, merchantId: string, customer: Customer): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values({ id: newId('cus'), merchantId, externalUserId: customer.externalUserId, data: customer })
    .onConflictDoUpdate({
      target: [customers.merchantId, customers.externalUserId],
      set: { data: customer, updatedAt: sql`now()` },
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer upsert returned nothing');
  return row.id;
}

async function merchantConfig(tx: Db, merchantId: string): Promise<SandboxMerchantConfig> {
  const merchant = await findMerchant(tx, merchantId);
  if (!merchant) throw notFound('Merchant');
  return merchant.config;
}

/** POST /public/payin. Throws 400 (currency, amount, route), 403 (checkout token), 409 (orderId). */
export async function createPayin(
  tx: Db,
  principal: Principal,
  request: PayinCreateRequest,
  ctx: RequestContext,
): Promise<PayinCreateResponse> {
  const merchantId = requireMerchant(principal);
  const config = await merchantConfig(tx, merchantId);
  if (!isKnownCurrency(request.currency)) throw invalid(`currency ${request.currency} is not an ISO 4217 code`);
  if (!config.currencies.includes(request.currency)) throw invalid(`currency ${request.currency} is not enabled for this merchant`);
  const amountMinor = toMinor(request.amount, request.currency);
  if (amountMinor === null || amountMinor <= 0) {
    throw invalid(`amount has more decimals than ${request.currency} allows`);
  }
  const selection = selectProcessor(config, {
    currency: request.currency,
    amountMinor,
    kycVerified: request.kycVerified,
    routerId: request.routerId,
    directRouteId: request.directRouteId,
  });

  const [existing] = await tx
    .select({ id: payins.id })
    .from(payins)
    .where(and(eq(payins.merchantId, merchantId), eq(payins.orderId, request.orderId)))
    .limit(1);
  if (existing) throw new SandboxApiError('DUPLICATE_ORDER_ID', `orderId ${request.orderId} is already used by another pay-in`);

  const customerId = await upsertCustomer(tx, merchantId, request.customer);
  const id = newId('pi');
  const noProvider = selection.psp === null;
  await tx.insert(payins).values({
    id,
    merchantId,
    customerId,
    orderId: request.orderId,
    amountMinor: selection.amountMinor,
    currency: selection.currency,
    initialAmountMinor: amountMinor,
    initialCurrency: request.currency,
    status: noProvider ? 'FAILED' : 'CREATED',
    statusReason: noProvider
      ? { reason: REASONS.NO_PROVIDER_AVAILABLE, detailedStatus: 'NO_PROVIDER_AVAILABLE', status: 'FAILED' }
      : null,
    routerId: selection.routerId,
    directRouteId: request.directRouteId ?? null,
    pspId: selection.psp?.id ?? null,
    eligiblePspIds: selection.eligible.map((p) => p.id),
    returnUrls: request.returnUrls,
    kycVerified: request.kycVerified,
    previousTransactionCount: request.previousTransactionCount,
    merchantAdditionalData: request.merchantAdditionalData ?? null,
    metadata: { ipAddress: ctx.ip, deviceType: deviceTypeOf(ctx.userAgent) },
  });
  return {
    paymentId: id,
    status: noProvider ? 'FAILED' : 'CREATED',
    iframeUrls: {
      card: `${ctx.checkoutUrl}/payments/payin/${id}/card`,
      apm: `${ctx.checkoutUrl}/payments/payin/${id}/apm`,
    },
  };
}

/** Applies a timed outcome (test cards 0077 and 0101, an unanswered challenge) once it is due. */
async function settleDue(tx: Db, row: PayinRow, now = new Date()): Promise<PayinRow> {
  if (!row.pendingUntil || row.pendingUntil > now || (row.status !== 'PENDING' && row.status !== 'PENDING_3DS')) return row;
  const outcome = row.pendingOutcome as PendingOutcome;
  const [updated] = await tx
    .update(payins)
    .set({
      status: outcome.status,
      statusReason: outcome.detailedStatus
        ? { reason: outcome.reason, detailedStatus: outcome.detailedStatus, status: outcome.status }
        : null,
      pendingUntil: null,
      pendingOutcome: null,
      updatedAt: now,
    })
    .where(eq(payins.id, row.id))
    .returning();
  return updated ?? row;
}

/** Loads a pay-in the principal may see, locked for update, with due outcomes applied. Throws 404. */
async function loadForUpdate(tx: Db, principal: Principal, id: string): Promise<PayinRow> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).for('update').limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  return settleDue(tx, row);
}

function attemptsRemaining(row: PayinRow): number {
  return row.status === 'CREATED' || row.status === 'DECLINED' ? Math.max(0, MAX_ATTEMPTS - row.attemptCount) : 0;
}

function toTransaction(row: PayinRow): PayinTransaction {
  const card = row.card as StoredCard | null;
  const reason = row.statusReason as PayinTransaction['statusReason'] | null;
  return {
    id: row.id,
    amount: toMajor(row.amountMinor, row.currency),
    merchantId: row.merchantId,
    customerId: row.customerId,
    orderId: row.orderId,
    currency: row.currency,
    status: row.status as PayinStatus,
    initialAmount: toMajor(row.initialAmountMinor, row.initialCurrency),
    initialCurrency: row.initialCurrency,
    ...(row.routerId ? { routerId: row.routerId } : {}),
    returnUrls: row.returnUrls as ReturnUrls,
    ...(card?.cardId ? { cardId: card.cardId } : {}),
    ...(card ? { cardMask: card.mask, cardBrand: card.brand, cardHash: card.hash } : {}),
    ...(row.pspId ? { merchantPspId: row.pspId } : {}),
    ...(row.pspTransactionId ? { pspTransactionId: row.pspTransactionId } : {}),
    ...(reason ? { statusReason: reason } : {}),
    previousTransactionCount: row.previousTransactionCount,
    ...(row.metadata ? { metadata: row.metadata as PayinTransaction['metadata'] } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType as PayinTransaction['transactionType'] } : {}),
    attemptsRemaining: attemptsRemaining(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /public/payin/{payinId}. Throws 404. */
export async function getPayin(tx: Db, principal: Principal, id: string): Promise<PayinTransaction> {
  return toTransaction(await loadForUpdate(tx, principal, id));
}

/** Whether a pay-in in this state may be processed (brief: CREATED, or DECLINED with attempts left). */
function assertProcessable(row: PayinRow): void {
  if (row.status === 'CREATED') return;
  if (row.status === 'DECLINED' && row.attemptCount < MAX_ATTEMPTS) return;
  throw new SandboxApiError(
    'INVALID_STATE',
    row.status === 'DECLINED' ? 'The pay-in has no processing attempts left' : `A pay-in in status ${row.status} cannot be processed`,
  );
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
  const row = await loadForUpdate(tx, principal, id);
  assertProcessable(row);

  const { cardData } = request;
  const fieldErrors = validateCardForm(
    {
      cardNumber: cardData.cardNumber,
      expiry: `${cardData.expiryMonth}/${cardData.expiryYear}`,
      cvv: cardData.cvv,
      cardHolderName: cardData.cardHolderName,
    },
    { requireCvv: true },
  );
  const firstError = Object.entries(fieldErrors)[0];
  if (firstError) throw invalid(`cardData.${firstError[0]}: ${firstError[1]}`);

  const pan = checkCardNumber(cardData.cardNumber);
  const card: StoredCard = {
    mask: maskPan(pan.digits),
    brand: pan.brand?.niceType ?? 'Unknown',
    hash: await keyedHash(tx, pan.digits),
    expiryMonth: cardData.expiryMonth,
    expiryYear: cardData.expiryYear,
    holder: cardData.cardHolderName,
  };
  if (request.saveCard) card.cardId = await saveCard(tx, row, card);

  const eligible = row.eligiblePspIds as string[];
  const config = await merchantConfig(tx, row.merchantId);
  const psp = config.psps.find((p) => eligible.includes(p.id) && p.methods.includes('card') && p.currencies.includes(row.currency));

  const now = new Date();
  const outcome = outcomeForCard(pan.digits);
  let status: PayinStatus;
  let detailed: DetailedStatus | undefined;
  let pendingUntil: Date | null = null;
  let pendingOutcome: PendingOutcome | null = null;
  let redirectUrl: string | undefined;

  if (!psp) {
    status = 'FAILED';
    detailed = 'NO_PROVIDER_AVAILABLE';
  } else if (outcome.kind === 'success') {
    status = 'SUCCESS';
  } else if (outcome.kind === 'challenge') {
    status = 'PENDING_3DS';
    redirectUrl = `${ctx.checkoutUrl}/sandbox/3ds/${row.id}`;
    pendingUntil = new Date(now.getTime() + CHALLENGE_TTL_MS);
    pendingOutcome = { status: 'TIMEOUT', detailedStatus: 'TRANSACTION_TIMEOUT', reason: REASONS.TRANSACTION_TIMEOUT };
  } else if (outcome.kind === 'declined') {
    status = 'DECLINED';
    detailed = outcome.reason;
  } else if (outcome.kind === 'failed') {
    status = 'FAILED';
    detailed = outcome.reason;
  } else {
    status = 'PENDING';
    pendingUntil = new Date(now.getTime() + outcome.afterMs);
    pendingOutcome = { status: outcome.then, detailedStatus: outcome.reason, reason: outcome.reason ? REASONS[outcome.reason] : undefined };
  }

  const metadata = {
    ...((row.metadata as object | null) ?? {}),
    ...(request.browser.customerIp ? { ipAddress: request.browser.customerIp } : {}),
    deviceType: deviceTypeOf(request.browser.userAgent),
  };
  await tx
    .update(payins)
    .set({
      status,
      statusReason: detailed ? { reason: REASONS[detailed] ?? detailed, detailedStatus: detailed, status } : null,
      card,
      pspId: psp?.id ?? row.pspId,
      transactionType: 'CARD',
      attemptCount: row.attemptCount + 1,
      pspTransactionId: psp ? newId('psptx') : null,
      pendingUntil,
      pendingOutcome,
      metadata,
      updatedAt: now,
    })
    .where(eq(payins.id, row.id));
  return { paymentId: row.id, status, ...(redirectUrl ? { redirectUrl } : {}) };
}

async function saveCard(tx: Db, row: PayinRow, card: StoredCard): Promise<string> {
  const [existing] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.customerId, row.customerId), eq(cards.hash, card.hash)))
    .limit(1);
  if (existing) {
    await tx
      .update(cards)
      .set({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, holder: card.holder })
      .where(eq(cards.id, existing.id));
    return existing.id;
  }
  const id = newId('card');
  await tx.insert(cards).values({
    id,
    merchantId: row.merchantId,
    customerId: row.customerId,
    brand: card.brand,
    mask: card.mask,
    hash: card.hash,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    holder: card.holder,
  });
  return id;
}

/**
 * The sandbox ACS answers a 3DS challenge: passed → SUCCESS, failed → DECLINED
 * (AUTHENTICATION_FAILED). A pay-in no longer waiting for 3DS is left as it is.
 * Returns the status page the ACS sends the customer back to.
 */
export async function completeChallenge(tx: Db, id: string, passed: boolean, ctx: RequestContext): Promise<string> {
  const row = await loadForUpdate(tx, { kind: 'checkout' }, id);
  if (row.status === 'PENDING_3DS') {
    const status: PayinStatus = passed ? 'SUCCESS' : 'DECLINED';
    await tx
      .update(payins)
      .set({
        status,
        statusReason: passed ? null : { reason: REASONS.AUTHENTICATION_FAILED, detailedStatus: 'AUTHENTICATION_FAILED', status },
        pendingUntil: null,
        pendingOutcome: null,
        updatedAt: new Date(),
      })
      .where(eq(payins.id, id));
  }
  return `${ctx.checkoutUrl}/payments/payin/${id}/status`;
}

/** What the ACS page shows: the pay-in's merchant, amount and card mask. Throws 404. */
export async function challengeSummary(tx: Db, id: string) {
  const row = await loadForUpdate(tx, { kind: 'checkout' }, id);
  const config = await merchantConfig(tx, row.merchantId);
  return {
    merchantName: config.displayName,
    amountMinor: row.amountMinor,
    currency: row.currency,
    cardMask: (row.card as StoredCard | null)?.mask ?? null,
    status: row.status as PayinStatus,
    merchantId: row.merchantId,
  };
}
