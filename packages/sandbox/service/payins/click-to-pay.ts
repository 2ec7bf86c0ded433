/**
 * Click to Pay at the sandbox's PSP (EMVCo Secure Remote Commerce; docs/design.md, E28):
 * - `POST /public/payin/{payinId}/click-to-pay/session` opens an SRC session of the sandbox's SRC
 *   system (src-system/) for a pay-in the merchant offers Click to Pay on, and says whether the
 *   pay-in's customer has a profile (masked);
 * - `POST /public/payin/{payinId}/process/click-to-pay` opens the SRC system's sealed payload (a
 *   network token and its TAVV / DSRP cryptogram, bound to the pay-in, its amount in ISO 4217
 *   minor units and currency; 15 minutes), spends it once (`c2p:<jti>` among the wallet tokens),
 *   and charges the card behind the token as process/card does: the test-card table of the FPAN,
 *   the merchant's and the rules' funding refusals, and 3-D Secure on the de-tokenised token
 *   (`payToken`: the issuer's own wish to challenge is frictionless unless it challenges tokens
 *   too). The pay-in keeps the FPAN's mask, brand and keyed hash, and `clickToPay.paidWith`; the
 *   token PAN lives in this request's memory only and is never stored, logged or put in an error.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { payins, srcSessions, walletTokens } from '@sandbox/db/schema';
import type { ClickToPaySession, ProcessClickToPayRequest } from '@hosted-checkout/contract/click-to-pay';
import type { PayinProcessingResponse } from '@hosted-checkout/contract/payin';
import type { StoredCard } from '@sandbox/db/stored-shapes';
import { isExpiryCurrent } from '@hosted-checkout/contract/card-rules';
import { SandboxApiError, invalid, notFound } from '../core/api-error';
import { canAccess, type Principal } from '../core/auth';
import { merchantConfig, type RequestContext } from '../core/request-context';
import type { PayinRow } from '../core/records';
import { outcomeForMask } from '../core/test-cards';
import { assertFundingAccepted, fundingPolicy } from '../responsible-gambling/funding-rules';
import { findCard, markCardUsed } from '../src-system/cards';
import { openCheckoutPayload } from '../src-system/payload';
import { openSession, sessionsOfPayin } from '../src-system/sessions';
import { fundingTypeOf } from './bin-table';
import { cardAnswer, chargeCard } from './card-charge';
import { customerSrcIdentity, sessionIdentity } from './click-to-pay-identity';
import { assertProcessable, limitedBySession, loadPayinToProcess } from './payin-guards';

/** SRC sessions one pay-in may open (each page load opens one). */
export const MAX_SESSIONS_PER_PAYIN = 20;

/** The brand names a pay-in records for the SRC brands (those of the BIN table). */
const BRAND_NAMES = { VISA: 'Visa', MASTERCARD: 'Mastercard' } as const;

/** The merchant's Click to Pay brands; throws 400 when the merchant does not offer Click to Pay. */
async function offeredBrands(tx: Db, row: PayinRow, ctx: RequestContext) {
  const offer = (await merchantConfig(tx, row.merchantId, ctx)).settings.clickToPay;
  if (!offer) throw invalid('the merchant does not offer Click to Pay');
  return offer.brands;
}

/** The origin the browser reaches the SRC system at: the sandbox's public origin (the checkout's by default). */
const srcOriginOf = (ctx: RequestContext): string => new URL(ctx.sandboxUrl ?? ctx.checkoutUrl).origin;

/**
 * POST /public/payin/{payinId}/click-to-pay/session. Reads the pay-in without locking it (a
 * session pays nothing). 404 for another's pay-in; 409 INVALID_STATE unless it may be processed
 * (CREATED, or DECLINED with attempts left); 400 when the merchant does not offer Click to Pay; 429
 * RATE_LIMITED past MAX_SESSIONS_PER_PAYIN.
 */
export async function startClickToPaySession(tx: Db, principal: Principal, id: string, ctx: RequestContext): Promise<ClickToPaySession> {
  const [row] = await tx.select().from(payins).where(eq(payins.id, id)).limit(1);
  if (!row || !canAccess(principal, row.merchantId)) throw notFound('Pay-in');
  assertProcessable(row);
  const brands = await offeredBrands(tx, row, ctx);
  if ((await sessionsOfPayin(tx, row.id)) >= MAX_SESSIONS_PER_PAYIN)
    throw new SandboxApiError('RATE_LIMITED', 'Too many Click to Pay sessions for this pay-in', 60);
  const identity = await customerSrcIdentity(tx, row.customerId);
  const session = await openSession(tx, {
    payinId: row.id,
    merchantId: row.merchantId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    emailHash: identity.emailHash,
    phoneHash: identity.phoneHash,
  });
  const maskedIdentity = sessionIdentity(identity);
  return {
    srcCorrelationId: session.srcCorrelationId,
    srcClientToken: session.srcClientToken,
    srcOrigin: srcOriginOf(ctx),
    expiresAt: session.expiresAt.toISOString(),
    brands,
    consumerPresent: identity.profile !== null,
    ...(maskedIdentity ? { maskedIdentity } : {}),
  };
}

/**
 * Spends payload `jti` for the pay-in: a payload pays once (the wallet tokens' table, key
 * `c2p:<jti>`; its primary key decides between two requests racing). In the processing
 * transaction: a failure later rolls the spending back. Throws 400 when it was spent before.
 */
async function spendPayload(tx: Db, jti: string, payinId: string): Promise<void> {
  const spent = await tx
    .insert(walletTokens)
    .values({ ref: `c2p:${jti}`, payinId })
    .onConflictDoNothing()
    .returning({ ref: walletTokens.ref });
  if (spent.length === 0) throw invalid('clickToPay.checkoutResponse: this payload was used already');
}

/** How the SRC session's customer was recognised; throws 400 when the session is not the payload's or no longer validated ("Not you?"). */
async function recognisedBy(tx: Db, srcCorrelationId: string, profileId: string) {
  const [session] = await tx.select().from(srcSessions).where(eq(srcSessions.correlationId, srcCorrelationId)).limit(1);
  if (!session?.recognisedBy || session.validatedProfileId !== profileId)
    throw invalid('clickToPay.srcCorrelationId: the Click to Pay session is no longer validated');
  return session.recognisedBy;
}

/**
 * POST /public/payin/{payinId}/process/click-to-pay. In order: the pay-in processable and the
 * offer (loadPayinToProcess: 404, 409, 400), the payload opened and checked (400: it does not
 * open, has expired, or is of another pay-in, merchant, amount, currency, card or session), spent
 * once (400), its card ACTIVE, of an offered brand and not expired (400), the session still validated (400),
 * the funding accepted (400), then the charge with `payToken: { verified: true }`.
 */
export async function processClickToPay(
  tx: Db,
  principal: Principal,
  id: string,
  request: ProcessClickToPayRequest,
  ctx: RequestContext,
): Promise<PayinProcessingResponse> {
  let brands: readonly string[] = [];
  const row = await loadPayinToProcess(tx, principal, id, 'card', ctx, async (loaded) => {
    brands = await offeredBrands(tx, loaded, ctx);
  });
  const { srcCorrelationId, srcDigitalCardId, checkoutResponse } = request.clickToPay;
  const payload = await openCheckoutPayload(tx, checkoutResponse, {
    payinId: row.id,
    merchantId: row.merchantId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    srcDigitalCardId,
    srcCorrelationId,
  });
  await spendPayload(tx, payload.jti, row.id);
  const card = await findCard(tx, payload.srcDigitalCardId);
  if (!card || card.status !== 'ACTIVE') throw invalid('clickToPay.srcDigitalCardId: the card is not an active Click to Pay card');
  if (!brands.includes(card.brand))
    throw invalid(`clickToPay.srcDigitalCardId: the merchant does not offer Click to Pay for ${card.brand}`);
  if (!isExpiryCurrent({ month: card.expiryMonth, year: card.expiryYear }))
    throw invalid('clickToPay.srcDigitalCardId: the card has expired');
  const by = await recognisedBy(tx, srcCorrelationId, card.profileId);
  const config = await merchantConfig(tx, row.merchantId, ctx);
  assertFundingAccepted(await fundingPolicy(tx, config, row.customerId), fundingTypeOf(card.fpanMask.replace(/\D/g, '').slice(0, 6)));
  const stored: StoredCard = {
    mask: card.fpanMask,
    brand: BRAND_NAMES[card.brand],
    hash: card.fpanHash,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    holder: card.holder,
    clickToPay: {
      paidWith: {
        srcCorrelationId,
        srcDigitalCardId: card.id,
        tokenLastFour: payload.token.paymentToken.slice(-4),
        cryptogram: card.brand === 'VISA' ? 'TAVV' : 'DSRP',
        recognisedBy: by,
      },
    },
  };
  await markCardUsed(tx, card.id);
  const charged = await limitedBySession(row, () =>
    chargeCard(tx, row, stored, outcomeForMask(stored.mask), request.browser, ctx, { payToken: { verified: true } }),
  );
  return cardAnswer(tx, charged, ctx);
}
