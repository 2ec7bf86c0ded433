/**
 * Charging a card at the sandbox's PSP (reference, "Pay-in"; docs/design.md, section 6): the
 * outcome of the test-card table (3DS Method or challenge and timed outcomes included), and the
 * processing answer with the customer's next step. Every status change goes through changePayin,
 * so through the transitions table.
 */
import type { Db } from '@sandbox/db/client';
import type { DetailedStatus, PayinStatus } from '@hosted-checkout/contract/enums';
import type { PayinProcessingResponse } from '@hosted-checkout/contract/payin';
import type { Browser } from '@hosted-checkout/contract/common';
import type { PendingOutcome, StoredCard, ThreeDsState } from '@sandbox/db/stored-shapes';
import { REASONS, attemptsRemaining, changePayin, reasonFor, type PayinRow } from '../core/records';
import { clientMetadata, merchantConfig, type RequestContext } from '../core/request-context';
import { touchSavedCard } from '../core/saved-cards';
import type { CardOutcome } from '../core/test-cards';
import { newId } from '../core/store';
import { acsUrl, CHALLENGE_TTL_MS, METHOD_TTL_MS, nextStep, startChallenge, startMethod } from './three-ds';
import { offerSpc } from './spc';
import { countResult, decideForAttempt, storedOf, type AttemptCredentials } from './issuer-counters';

/** A processing answer: the status, where the customer goes next (the provider page, the 3DS Method or challenge), attempts left and statusReason. */
export function processingAnswer(
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

/** A card processing answer: the status, and the next step (the 3DS Method, or the challenge with a Secure Payment Confirmation offer when the card has a passkey). */
export async function cardAnswer(tx: Db, row: PayinRow, ctx: RequestContext): Promise<PayinProcessingResponse> {
  const step = nextStep(row, ctx);
  const spc =
    step.redirectUrl && !row.h2h ? await offerSpc(tx, row, (await merchantConfig(tx, row.merchantId, ctx)).displayName, ctx) : null;
  return processingAnswer(row, { ...step, ...(spc ? { spc } : {}) });
}

/** The pay-in's metadata with the customer's browser (IP address, user agent, device type) added. */
export function metadataWith(row: PayinRow, browser: Browser) {
  return { ...(row.metadata ?? {}), ...clientMetadata(browser.customerIp, browser.userAgent) };
}

/**
 * Runs a card through the sandbox's PSP: the outcome of the test-card table.
 * `credentials`: a wallet's device cryptogram authenticated the cardholder (no 3DS), or a network
 * token with its cryptogram stood for the PAN (Click to Pay).
 */
export async function chargeCard(
  tx: Db,
  row: PayinRow,
  card: StoredCard,
  outcome: CardOutcome,
  browser: Browser,
  ctx: RequestContext,
  credentials: AttemptCredentials = {},
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
  // The directory server and the issuer decide the authentication (../core/sca-decision.ts) of a
  // card that would authorise, and of the soft-declining card once the issuer asked for SCA: an
  // ended result (frictionless, exempted, data only, attempted, out of scope), a challenge, or
  // the card's own 3DS Method. Any other card's authorisation answer stands, without a result.
  const softDecline = outcome.scenario === 'declined' && outcome.reason === 'AUTHENTICATION_REQUIRED';
  const authenticates =
    outcome.scenario === 'success' ||
    outcome.scenario === 'challenge' ||
    outcome.scenario === 'method' ||
    (softDecline && row.scaRequired && !row.h2h);
  const sca = authenticates
    ? await decideForAttempt(
        tx,
        row,
        card,
        outcome.scenario === 'challenge' || softDecline ? 'challenge' : outcome.scenario === 'method' ? 'method' : 'frictionless',
        config,
        credentials,
      )
    : null;
  if (sca?.flow === 'challenge') outcome = { scenario: 'challenge' };
  else if (sca?.flow === 'none') outcome = { scenario: 'success' };

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
  // An authentication ended now counts at the issuer once the payment goes on (authorised or pending).
  if (sca?.flow === 'none' && (status === 'SUCCESS' || status === 'PENDING')) await countResult(tx, row, card, sca.result, config);
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
    threeDsResult: sca && psp ? storedOf(sca) : null,
    metadata: metadataWith(row, browser),
    ...(h2h ? { h2h } : {}),
    ...(detailed === 'AUTHENTICATION_REQUIRED' ? { scaRequired: true } : {}),
  });
}
