import 'server-only';
/**
 * A pay-in's card attempt on its way to the payments service, shared by the card page's actions
 * (./card-payment-action.ts): the proof-of-work rule before it is sent and after a decline, the
 * attempt limits, the processing call of what pays (a new card, a saved card, a wallet's token,
 * a Click to Pay card) under the attempt's Idempotency-Key, then where its answer leads
 * (./card-outcome.ts). A 'use server' module may export its actions only: these are not actions.
 *
 * Card data: the PAN and CVV pass through the request bodies here on their way to the service;
 * they are not logged, not returned, not put in a URL (docs/design.md, "Card data").
 */
import { createHash } from 'node:crypto';
import type { Browser } from '@hosted-checkout/contract/common';
import type { ProcessClickToPayRequest } from '@hosted-checkout/contract/click-to-pay';
import type {
  PayinProcessingResponse,
  ProcessCardRequest,
  ProcessSavedCardRequest,
  ProcessWalletRequest,
} from '@hosted-checkout/contract/payin';
import type { Outcome } from '@/lib/checkout/shared/action-pipeline';
import { paymentsApi } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { challengeRequired, verifyPayload } from '@/lib/security/proof-of-work';
import { beginCardAttempt, endCardAttempt, type CardAttemptLimits } from './card-velocity';
import { afterProcessing, type CardPaymentState } from './card-outcome';
import type { Card } from './card-action-forms';

/**
 * The proof-of-work rule of a pay-in's card or wallet attempt (lib/security/proof-of-work.ts),
 * before it is sent: once the customer's address needs a check, an attempt without a solved one
 * is refused (the same key: nothing was sent); null to go on.
 */
export async function challengeRefusal(c: Card, browser: Browser, altcha: string | undefined): Promise<CardPaymentState | null> {
  if (!(await challengeRequired(browser.customerIp)) || (await verifyPayload(altcha))) return null;
  logger.warn(
    { event: 'security.challenge_required', paymentId: c.paymentId, customerIp: browser.customerIp },
    'card attempt without a solved challenge',
  );
  const formError = browser.javascriptEnabled ? 'challenge' : 'challengeNeedsJs';
  return { attemptKey: c.attemptKey, formError, challengeRequired: true, values: c.values };
}

/**
 * The proof-of-work rule after an attempt: a decline that makes the next attempt need a check
 * starts it now, and from then on a decline's reason is no longer named.
 */
export async function challengeAfterDecline(outcome: Outcome<CardPaymentState>, browser: Browser): Promise<Outcome<CardPaymentState>> {
  if ('go' in outcome || !outcome.declineReason || !(await challengeRequired(browser.customerIp))) return outcome;
  return { ...outcome, declineReason: 'CARD_DECLINED', challengeRequired: true };
}

/** A pay-in's processing request, by what pays; `by` is its Idempotency-Key's prefix. */
export type CardCharge =
  | { by: 'card'; body: ProcessCardRequest }
  | { by: 'saved-card'; body: ProcessSavedCardRequest }
  | { by: 'wallet'; body: ProcessWalletRequest }
  | { by: 'click-to-pay'; body: ProcessClickToPayRequest };

/**
 * The pay-in's processing call, counted against the card attempt limits (packages/runtime/src/security/velocity.ts:
 * throws VelocityLimited before sending when one is spent), under the attempt's Idempotency-Key
 * (`<by>:<paymentId>:<attemptKey>`); then where its answer leads (./card-outcome.ts). `inPage`:
 * the browser runs JavaScript.
 */
export async function charge(c: Card, limits: CardAttemptLimits, request: CardCharge, inPage: boolean): Promise<Outcome<CardPaymentState>> {
  await beginCardAttempt(limits);
  const result = await processPayin(c, request);
  await endCardAttempt(limits, result.status);
  return afterProcessing(c, result, inPage);
}

/** The first 16 hex digits of the SHA-256 of a sealed Click to Pay payload (it holds no card number in clear). */
const payloadDigest = (payload: string): string => createHash('sha256').update(payload).digest('hex').slice(0, 16);

/** Sends the processing request of `request.by`. */
function processPayin(c: Card, request: CardCharge): Promise<PayinProcessingResponse> {
  const key = `${request.by}:${c.paymentId}:${c.attemptKey}`;
  switch (request.by) {
    case 'card':
      return paymentsApi.processCard(c.paymentId, request.body, key);
    case 'saved-card':
      return paymentsApi.processSavedCard(c.paymentId, request.body, key);
    case 'wallet':
      return paymentsApi.processWallet(c.paymentId, request.body, key);
    case 'click-to-pay':
      // Each payload is paid once, and the panel asks the SRC system for a new one at each try: its
      // digest in the key, so a try again after a lost answer is not refused as the same key with
      // another body (a payload already paid is refused by the service, the pay-in moved on).
      return paymentsApi.processClickToPay(c.paymentId, request.body, `${key}:${payloadDigest(request.body.clickToPay.checkoutResponse)}`);
  }
}
