/**
 * The legacy host-to-host card transaction (reference, "Host-to-host card transaction"):
 * POST /transaction/h2h/create with raw card data answers `{ id, status, orderId }` at once; the
 * webhook to `hookUrl` follows (Pending3DS or final), and after 3DS the final one; the client is
 * sent to `callback` or `callbackFail` after the ACS. The pay-in is created as every pay-in is
 * (createPayinFor, with the h2h data); the card is kept only as the sandbox keeps every card
 * (brand, mask, expiry, holder, keyed hash). A card whose funding the merchant or the rules of
 * the customer's licence refuse (docs/design.md, section 8, "funding on credit") is 400 before
 * anything is written.
 */
import type { z } from 'zod';
import type { Db } from '@sandbox/db/client';
import type { H2hCreateRequest, H2hCreateResponse } from '@hosted-checkout/contract/h2h';
import { outboundPolicy } from '@sandbox/config';
import { checkOutboundUrl } from '@hosted-checkout/runtime/net/outbound';
import { invalid } from '../core/api-error';
import { requireMerchant, type Principal } from '../core/auth';
import { upsertCustomer } from '../core/customers';
import { checkedMinor } from '../core/merchant-config';
import { enqueueH2hWebhook, h2hStatus } from '../core/h2h-webhook';
import { createPayinFor } from './payin-create';
import { chargeCard } from './card-charge';
import { changePayin, type PayinRow } from '../core/records';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { analyseCard, assertValidCard, saveCard } from '../core/saved-cards';
import { outcomeForCard } from '../core/test-cards';
import { assertFundingAccepted, policyFor } from '../responsible-gambling/funding-rules';
import { fundingTypeOf } from './bin-table';
import type { H2hData, StoredCard } from '@sandbox/db/stored-shapes';

export async function createH2hTransaction(
  tx: Db,
  principal: Principal,
  request: H2hCreateRequest,
  ctx: RequestContext,
): Promise<z.infer<typeof H2hCreateResponse>> {
  const merchantId = requireMerchant(principal);
  const config = await merchantConfig(tx, merchantId, ctx);
  const refused = await checkOutboundUrl(request.hookUrl, outboundPolicy());
  if (refused) throw invalid(`hookUrl: ${refused}`);
  const { cardData: data, billing: b } = request;
  const card = await analyseCard(
    tx,
    {
      cardNumber: data.cardNumber,
      cardHolderName: data.cardHolderName,
      expiryMonth: data.cardExpiryDate,
      expiryYear: data.cardExpiryDate2,
      cvv: data.cardCvv,
    },
    { requireCvv: true },
  );
  assertValidCard(card);
  // The funding the merchant or the rules of the customer's licence refuse (Sweden's credit ban), before any record or charge.
  assertFundingAccepted(policyFor(config, { country: b.country, region: b.state }), fundingTypeOf(card.digits));

  const customerId = await upsertCustomer(tx, merchantId, {
    externalUserId: b.externalUserId,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phoneNumber: b.phone,
    dateOfBirth: b.dateOfBirth,
    billing: { address: b.address1, city: b.city, state: b.state, countryCode: b.country, postalCode: b.postalCode },
  });
  const h2h: H2hData = {
    hookUrl: request.hookUrl,
    callback: request.callback,
    callbackFail: request.callbackFail,
    lang: request.lang,
    cardToken: request.cardToken,
    previousPaymentCount: request.previousPaymentCount,
    billing: b,
  };
  const row = await createPayinFor(
    tx,
    merchantId,
    {
      orderId: request.orderId,
      amountMinor: checkedMinor(config, request.amount, request.currency, 'amount'),
      currency: request.currency,
      kycVerified: request.kycVerified ?? false,
      previousTransactionCount: request.previousPaymentCount ?? 0,
      returnUrls: { success: request.callback, failure: request.callbackFail },
      customerId,
      h2h,
    },
    ctx,
  );

  if (request.saveCard) card.stored.cardId = await saveCard(tx, merchantId, customerId, card.stored);
  const browser = { ...data.browser, javascriptEnabled: true };
  const charged =
    row.status === 'CREATED'
      ? await chargeCard(tx, row, card.stored, outcomeForCard(card.digits), browser, ctx)
      : await failedAtCreate(tx, row, card.stored);
  return { id: charged.id, status: h2hStatus(charged.status) ?? 'Pending', orderId: charged.orderId };
}

/** A pay-in created FAILED (no processor): keeps the card and sends its one, final webhook. */
async function failedAtCreate(tx: Db, row: PayinRow, card: StoredCard): Promise<PayinRow> {
  const updated = await changePayin(tx, row, { card });
  await enqueueH2hWebhook(tx, updated);
  return updated;
}
