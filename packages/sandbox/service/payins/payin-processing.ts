/**
 * Processing pay-ins (reference, "Pay-in"; docs/design.md, sections 3 and 6): card, saved-card
 * and direct-link processing with the test cards, and the checkout's reports of a 3DS Method and
 * of a Secure Payment Confirmation. Loading a pay-in with its due timed outcome applied is
 * payin-loading.ts's; the checks before processing, payin-guards.ts's; the card charge and the
 * answer, card-charge.ts's; what the sandbox's own pages decide (ACS, APM provider, console
 * refund), payin-decisions.ts's. Every status change goes through changePayin, so through the
 * transitions table.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins } from '@sandbox/db/schema';
import type {
  PayinProcessingResponse,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
  SpcAssertionReport,
  ThreeDSMethodResult,
} from '@hosted-checkout/contract/payin';
import { type Principal } from '../core/auth';
import { directLinkMethod, validateMethodFields } from '../core/methods';
import { changePayin, type PayinRow } from '../core/records';
import type { StoredCard } from '@sandbox/db/stored-shapes';
import type { ClickToPayBrand } from '@hosted-checkout/contract/click-to-pay';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { requestLink } from '../src-system/link';
import { SandboxApiError, notFound } from '../core/api-error';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { analyseCard, assertSavedCardPayable, assertValidCard, loadSavedCard, saveCard } from '../core/saved-cards';
import { outcomeForCard, outcomeForMask } from '../core/test-cards';
import { newId } from '../core/store';
import { logger } from '@hosted-checkout/runtime/log';
import { chosenBrand, fundingTypeOf } from './bin-table';
import { endAuthentication } from './issuer-counters';
import { assertFundingAccepted, assertMethodAccepted, fundingPolicy } from '../responsible-gambling/funding-rules';
import { cardAnswer, chargeCard, metadataWith, processingAnswer } from './card-charge';
import { limitedBySession, loadPayinToProcess } from './payin-guards';
import { loadPayinForUpdate } from './payin-loading';
import { nextStep, reportMethod } from './three-ds';
import { verifySpc } from './spc';
import { BANK_METHOD_ID, initiateBankPayment } from '../bank/bank-payments';
import { withAllBanks } from '../bank/bank-choices';
import { sourceKey } from '../core/apm-sources';
import { assertOwnAccountApm } from '../responsible-gambling/own-account-deposits';

/**
 * The customer ticked "Link this card to Click to Pay" (docs/design.md, E28): the link asked of
 * the SRC system with the card's mask and keyed hash (never its number) and the customer's email
 * and phone; the consent is recorded whatever the outcome (src-system/link.ts).
 */
async function linkTypedCard(
  tx: Db,
  row: PayinRow,
  card: StoredCard,
  link: NonNullable<ProcessCardRequest['clickToPay']>['link'],
  offeredBrands: readonly ClickToPayBrand[],
): Promise<void> {
  const customer = await customerRow(tx, row.customerId);
  await requestLink(tx, {
    payinId: row.id,
    merchantId: row.merchantId,
    textVersion: link.textVersion,
    locale: link.locale,
    offeredBrands,
    card,
    identity: { email: customer?.data.email ?? null, phone: customer?.data.phoneNumber ?? null },
    srcCorrelationId: link.srcCorrelationId ?? null,
  });
}

/**
 * POST /public/payin/{payinId}/process/card. Validates the card as the checkout does
 * (400), applies the test-card table, saves the card when asked, asks its Click to Pay link when
 * ticked. Throws 404, 409 INVALID_STATE.
 */
export async function processCard(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessCardRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinToProcess(tx, principal, id, 'card', ctx);
  const card = await analyseCard(tx, request.cardData, { requireCvv: true });
  assertValidCard(card);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const { settings } = config;
  // Before any charge: the merchant's refused funding types and the rules' (Sweden: no gambling on credit).
  assertFundingAccepted(await fundingPolicy(tx, config, row.customerId), fundingTypeOf(card.digits));
  card.stored.brand = chosenBrand(card.digits, card.stored.brand, request.cardData.preferredBrand, settings.preferredBrands);
  if (request.saveCard) card.stored.cardId = await saveCard(tx, row.merchantId, row.customerId, card.stored);
  // Asked before the charge, so the status the charge writes settles the link (src-system/status-listener.ts).
  if (request.clickToPay) await linkTypedCard(tx, row, card.stored, request.clickToPay.link, settings.clickToPay?.brands ?? []);
  return cardAnswer(
    tx,
    await limitedBySession(row, () => chargeCard(tx, row, card.stored, outcomeForCard(card.digits), request.browser, ctx)),
    ctx,
  );
}

/**
 * POST /public/payin/{payinId}/process/saved-card (redirectUrl for 3DS). The card must be
 * the pay-in customer's (404) and not expired (400); the CVV has the brand's length (400).
 */
export async function processSavedCard(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessSavedCardRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinToProcess(tx, principal, id, 'card', ctx);
  const card = await loadSavedCard(tx, row.customerId, request.savedCardData.cardId);
  assertSavedCardPayable(card, request.savedCardData.cvv);
  assertFundingAccepted(
    await fundingPolicy(tx, await merchantConfig(tx, row.merchantId, ctx), row.customerId),
    fundingTypeOf(card.mask.replace(/\D/g, '').slice(0, 6)),
  );
  return cardAnswer(tx, await limitedBySession(row, () => chargeCard(tx, row, card, outcomeForMask(card.mask), request.browser, ctx)), ctx);
}

/**
 * POST /public/payin/{payinId}/process/3ds-method: the checkout ran the issuer's 3DS Method
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
 * POST /public/payin/{payinId}/process/spc: the checkout showed Secure Payment
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
  // The pay-in as verifySpc left it (locked above, so still there).
  const [fresh] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!fresh) throw notFound('Pay-in');
  if (!verdict.verified) {
    logger.warn(
      { paymentId: id, reason: verdict.reason },
      'sandbox ACS: a passkey confirmation did not verify; the ordinary challenge stands',
    );
    return processingAnswer(fresh, nextStep(fresh, ctx));
  }
  // verifySpc answers only for a pay-in in its 3DS challenge.
  if (!fresh.threeDs) throw new SandboxApiError('INVALID_STATE', 'The pay-in has no passkey confirmation to answer');
  const passed = await changePayin(tx, fresh, {
    status: 'SUCCESS',
    statusReason: null,
    pendingUntil: null,
    pendingOutcome: null,
    threeDs: { ...fresh.threeDs, passedBy: 'spc' },
    threeDsResult: await endAuthentication(tx, fresh, { passed: true }, config),
  });
  return processingAnswer(passed);
}

/**
 * POST /public/payin/{payinId}/process/direct-link: the APM's fields are checked against its
 * descriptors (400); the pay-in goes PENDING and the answer's redirectUrl is the provider page (the
 * sandbox bank's page with a one-time token for Pay by Bank).
 * X-User-Agent and X-IP-Address, when given, stand for the customer's browser.
 */
export async function processPayinDirectLink(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessDirectLinkRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  const row = await loadPayinToProcess(tx, principal, id, 'apm', ctx);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  const eligible = row.eligiblePspIds;
  const method = directLinkMethod(
    config,
    { eligiblePspIds: eligible, currency: row.currency, directRouteId: row.directRouteId },
    request.additionalData,
  );
  // A method the merchant marks as credit-funded, where the rules in force ban gambling on credit: before the provider is asked.
  assertMethodAccepted(await fundingPolicy(tx, config, row.customerId), method.id);
  const fields = validateMethodFields(withAllBanks(method), request.additionalData);
  // Brazil: only Pix or TED, from the customer's own account (a Pix key CPF the customer's): before the provider is asked.
  await assertOwnAccountApm(tx, config, row.customerId, method.id, fields);
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
    // The account it comes from, keyed (core/apm-sources.ts): a source a withdrawal by this method may go back to.
    sourceKey: await sourceKey(tx, method.id, fields),
    attemptCount: row.attemptCount + 1,
    pspTransactionId: newId('psptx'),
    processedAt: new Date(),
    metadata: metadataWith(row, browser),
  });
  // Pay by Bank goes to the sandbox bank's pages (a payment initiated there, RCVD); other APMs to the provider page.
  const redirectUrl =
    method.id === BANK_METHOD_ID
      ? await initiateBankPayment(tx, updated, fields.bankId ?? '', ctx)
      : `${ctx.sandboxUrl ?? ctx.checkoutUrl}/sandbox/provider/payin/${updated.id}`;
  return processingAnswer(updated, { redirectUrl });
}
