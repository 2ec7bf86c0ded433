/**
 * The legacy host-to-host card transaction (reference, "Host-to-host card transaction"):
 * POST /transaction/h2h/create with raw card data answers `{ id, status, orderId }` at once; the
 * webhook to `hookUrl` follows (Pending3DS or final), and after 3DS the final one; the client is
 * sent to `callback` or `callbackFail` after the ACS. The card is kept only as the sandbox keeps
 * every card (brand, mask, expiry, holder, keyed hash).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payins } from '@/lib/db/schema';
import type { H2hCreateRequest } from '@/lib/contract/h2h';
import { checkCardNumber } from '@/lib/card/card-rules';
import { SandboxApiError } from './api-error';
import { requireMerchant, type Principal } from './auth';
import { h2hStatus, type H2hData } from './h2h-webhook';
import { assertValidCard, chargeCard, checkedMinor, merchantConfig, saveCard, storedCard, upsertCustomer, type RequestContext } from './payins';
import { changePayin, reasonFor } from './records';
import { selectProcessor } from './selection';
import { outcomeForCard } from './test-cards';
import { newId } from './store';

export async function createH2hTransaction(tx: Db, principal: Principal, request: H2hCreateRequest, ctx: RequestContext) {
  const merchantId = requireMerchant(principal);
  const config = await merchantConfig(tx, merchantId);
  const amountMinor = checkedMinor(config, request.amount, request.currency, 'amount');
  const card = request.cardData;
  const cardData = {
    cardNumber: card.cardNumber,
    cardHolderName: card.cardHolderName,
    expiryMonth: card.cardExpiryDate,
    expiryYear: card.cardExpiryDate2,
    cvv: card.cardCvv,
  };
  assertValidCard(cardData, true);

  const [existing] = await tx
    .select({ id: payins.id })
    .from(payins)
    .where(and(eq(payins.merchantId, merchantId), eq(payins.orderId, request.orderId)))
    .limit(1);
  if (existing) throw new SandboxApiError('DUPLICATE_ORDER_ID', `orderId ${request.orderId} is already used`);

  const b = request.billing;
  const customerId = await upsertCustomer(tx, merchantId, {
    externalUserId: b.externalUserId,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phoneNumber: b.phone,
    dateOfBirth: b.dateOfBirth,
    billing: { address: b.address1, city: b.city, state: b.state, countryCode: b.country, postalCode: b.postalCode },
  });
  const kycVerified = request.kycVerified ?? false;
  const selection = selectProcessor(config, { currency: request.currency, amountMinor, kycVerified });
  const h2h: H2hData = {
    hookUrl: request.hookUrl,
    callback: request.callback,
    callbackFail: request.callbackFail,
    lang: request.lang,
    cardToken: request.cardToken,
    previousPaymentCount: request.previousPaymentCount,
    billing: b,
  };
  const [row] = await tx
    .insert(payins)
    .values({
      id: newId('h2h'),
      merchantId,
      customerId,
      orderId: request.orderId,
      amountMinor: selection.amountMinor,
      currency: selection.currency,
      initialAmountMinor: amountMinor,
      initialCurrency: request.currency,
      status: 'CREATED',
      routerId: selection.routerId,
      pspId: selection.psp?.id ?? null,
      eligiblePspIds: selection.eligible.map((p) => p.id),
      returnUrls: { success: request.callback, failure: request.callbackFail },
      kycVerified,
      previousTransactionCount: request.previousPaymentCount ?? 0,
      h2h,
    })
    .returning();
  if (!row) throw new Error('h2h insert returned nothing');

  const stored = await storedCard(tx, cardData);
  if (request.saveCard) stored.cardId = await saveCard(tx, merchantId, customerId, stored);
  const browser = { ...card.browser, javascriptEnabled: true };
  const charged = selection.psp
    ? await chargeCard(tx, row, stored, outcomeForCard(checkCardNumber(card.cardNumber).digits), browser, ctx)
    : await changePayin(tx, row, { status: 'FAILED', statusReason: reasonFor('FAILED', 'NO_PROVIDER_AVAILABLE'), card: stored });
  return { id: charged.id, status: h2hStatus(charged.status) ?? 'Pending', orderId: charged.orderId };
}
