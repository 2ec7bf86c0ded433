/**
 * Decisions on a pay-in taken outside the public API, by the sandbox's stand-ins (docs/design.md,
 * sections 3 and 6): the ACS page answers a 3DS challenge, the APM provider page approves or
 * declines, the console refunds; and what those pages show of the pay-in. Status changes go
 * through changePayin, so through the transitions table.
 */
import { threeDsOf, waitsForMethod } from './three-ds';
import type { Db } from '@sandbox/db/client';
import type { PayinStatus } from '@hosted-checkout/contract/enums';
import type { PayinTransaction } from '@hosted-checkout/contract/payin';
import { toMinor } from '@hosted-checkout/contract/money';
import { invalid } from '../core/api-error';
import type { Principal } from '../core/auth';
import { loadPayinForUpdate } from './payin-loading';
import { changePayin, reasonFor, toPayinTransaction, type PayinRow } from '../core/records';
import { enrolmentOptions, enrolPasskey, holdsEnrolment, openEnrolment } from './spc-enrolment';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { assertTransition } from '../core/transitions';
import type { PendingOutcome } from '@sandbox/db/stored-shapes';
import { ownAccountRuleFor, payerReport } from '../responsible-gambling/own-account-deposits';
import { customerRow } from '../responsible-gambling/limits-prompt';
import { endAuthentication } from './issuer-counters';

/** A refund settles this long after it is asked for. */
const REFUND_DELAY_MS = 2_000;

/**
 * The sandbox provider page's decision on a PENDING APM pay-in; returns the status page to go to.
 * `approve-other`: approved, paid from another person's account (the test payer of
 * own-account-deposits.ts). An approval reports the payer where a rule asks it (`payerReport`,
 * Brazil's own-account rule), kept in `additionalData.payer`.
 */
export async function decidePayinAtProvider(
  tx: Db,
  id: string,
  decision: 'approve' | 'approve-other' | 'decline' | 'pending',
  ctx: Pick<RequestContext, 'checkoutUrl'>,
): Promise<string> {
  const row = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
  if (row.status === 'PENDING' && row.methodId && decision !== 'pending') {
    // An approval of a customer excluded, or over a limit, or paid from another's account (Brazil), since is declined by changePayin.
    const status = decision === 'decline' ? 'DECLINED' : 'SUCCESS';
    const payer = status === 'SUCCESS' ? await payerReport(tx, row, decision === 'approve-other') : null;
    const additionalData = payer ? { ...row.additionalData, payer } : undefined;
    await changePayin(tx, additionalData ? { ...row, additionalData } : row, {
      status,
      statusReason: reasonFor(status, status === 'SUCCESS' ? undefined : 'GENERAL_DECLINE'),
      ...(additionalData ? { additionalData } : {}),
    });
  }
  return `${ctx.checkoutUrl}/payments/payin/${id}/status`;
}

/**
 * Passes or fails a pay-in's open challenge (locked); `movedNow`: this call moved it out of
 * PENDING_3DS. `trust`: the cardholder agreed to the ACS's prompt to trust the merchant (RTS Art. 13).
 */
async function decideChallenge(tx: Db, id: string, passed: boolean, trust = false): Promise<{ row: PayinRow; movedNow: boolean }> {
  const row = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
  // A pay-in still running its 3DS Method has no challenge to answer yet.
  if (row.status !== 'PENDING_3DS' || waitsForMethod(row)) return { row, movedNow: false };
  // A pass for a customer excluded, or over a limit, since the challenge began is declined by changePayin.
  const status: PayinStatus = passed ? 'SUCCESS' : 'DECLINED';
  const threeDsResult = await endAuthentication(tx, row, { passed, trust }, await merchantConfig(tx, row.merchantId));
  const changed = await changePayin(tx, row, {
    status,
    statusReason: status === 'SUCCESS' ? null : reasonFor(status, 'AUTHENTICATION_FAILED'),
    pendingUntil: null,
    pendingOutcome: null,
    threeDsResult,
  });
  return { row: changed, movedNow: true };
}

/**
 * The sandbox ACS answers a 3DS challenge: passed → SUCCESS, failed → DECLINED
 * (AUTHENTICATION_FAILED). A pay-in no longer waiting for 3DS is left as it is. Returns where
 * the customer goes: the status page, or for a host-to-host pay-in its callback / callbackFail.
 */
export async function completeChallenge(tx: Db, id: string, passed: boolean, ctx: Pick<RequestContext, 'checkoutUrl'>): Promise<string> {
  return afterChallengeUrl((await decideChallenge(tx, id, passed)).row, ctx);
}

/**
 * The ACS page's answer to a challenge: as `completeChallenge`, and when this very answer
 * passed it in a browser that can make a passkey (`offerPasskey`), the enrolment token for that
 * browser alone (`openEnrolment`), in the same transaction. An answer to a pay-in passed before
 * (a replay, a script with the id) gets no token.
 */
export async function answerChallengeAtAcs(
  tx: Db,
  id: string,
  passed: boolean,
  offerPasskey: boolean,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
  trust = false,
): Promise<{ next: string; enrolToken: string | null }> {
  const { row, movedNow } = await decideChallenge(tx, id, passed, trust);
  const enrolToken = passed && offerPasskey && movedNow ? await openEnrolment(tx, row, ctx) : null;
  return { next: afterChallengeUrl(row, ctx), enrolToken };
}

/** Where the ACS sends the customer after the challenge: the h2h merchant's callback, or the checkout's status page. */
const afterChallengeUrl = (row: PayinRow, ctx: Pick<RequestContext, 'checkoutUrl'>): string => {
  const h2h = row.h2h;
  if (h2h) return row.status === 'SUCCESS' ? h2h.callback : h2h.callbackFail;
  return `${ctx.checkoutUrl}/payments/payin/${row.id}/status`;
};

/**
 * The ACS's passkey offer after a passed challenge, to the browser holding the enrolment
 * `token`: the WebAuthn registration options and the card's mask, or none (no token, a wrong or
 * expired one, nothing to enrol); and where the customer goes after it.
 */
export async function passkeyEnrolment(
  tx: Db,
  id: string,
  token: string | undefined,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
) {
  const row = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
  const options = holdsEnrolment(row, token) ? await enrolmentOptions(tx, row, ctx) : null;
  return { next: afterChallengeUrl(row, ctx), options, cardMask: row.card?.mask ?? '' };
}

/** Keeps the passkey the cardholder registered (`response`: RegistrationResponseJSON) when `token` holds the enrolment; answers whether it was kept and where to go next. */
export async function registerPasskey(
  tx: Db,
  id: string,
  token: string | undefined,
  response: unknown,
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
): Promise<{ kept: boolean; next: string }> {
  const row = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
  const next = afterChallengeUrl(row, ctx);
  if (!row.threeDs?.enrolChallenge || !holdsEnrolment(row, token)) return { kept: false, next };
  return { kept: await enrolPasskey(tx, row, response as RegistrationResponseJSON, ctx), next };
}

/** What the ACS and provider pages show: merchant, amount and card mask. Throws 404. */
export async function challengeSummary(tx: Db, id: string) {
  const row = await loadPayinForUpdate(tx, { role: 'checkout' }, id);
  const config = await merchantConfig(tx, row.merchantId);
  return {
    merchantName: config.displayName,
    amountMinor: row.amountMinor,
    currency: row.currency,
    cardMask: row.card?.mask ?? null,
    methodName: row.methodId ?? null,
    status: row.status,
    /** The ACS has a challenge to show: PENDING_3DS past its 3DS Method. */
    challengeOpen: row.status === 'PENDING_3DS' && !waitsForMethod(row),
    /** False: the 3DS Method page of this test card never notifies (the checkout's 10 s limit). */
    methodAnswers: threeDsOf(row)?.methodAnswers !== false,
    /** The ACS prompts the cardholder to trust the merchant (a TRUSTED_BENEFICIARY request of a merchant not yet trusted; RTS Art. 13). */
    trustPrompt: row.threeDsResult !== null && 'pending' in row.threeDsResult && row.threeDsResult.pending.trustPrompt === true,
    /** threeDSServerTransID of the attempt under way, or null. */
    serverTransId: threeDsOf(row)?.serverTransId ?? null,
    merchantId: row.merchantId,
    /** The provider page offers "paid from another person's account": an APM pay-in under a rule of deposits from the own account (Brazil). */
    otherPayerOffered:
      row.methodId !== null && row.methodId !== 'card' && ownAccountRuleFor(config, (await customerRow(tx, row.customerId))?.data) !== null,
  };
}

/**
 * Refund of a successful pay-in (sandbox console only, docs/design.md, section 3): the pay-in
 * goes REFUND_PENDING, then REFUNDED, or PARTIALLY_REFUNDED when less than the rest is
 * refunded. `amount` in major units; omitted: all that is left. Throws 400, 404, 409.
 */
export async function refundPayin(tx: Db, principal: Principal, id: string, amount?: number): Promise<PayinTransaction> {
  const row = await loadPayinForUpdate(tx, principal, id);
  assertTransition('payin', row.status, 'REFUND_PENDING', 'refunded');
  const left = row.amountMinor - row.refundedMinor;
  const minor = amount === undefined ? left : toMinor(amount, row.currency);
  if (minor === null || minor <= 0 || minor > left) throw invalid(`amount must be positive and at most what is left to refund`);
  const refunded = row.refundedMinor + minor;
  const final = refunded === row.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const updated = await changePayin(tx, row, {
    status: 'REFUND_PENDING',
    refundedMinor: refunded,
    pendingUntil: new Date(Date.now() + REFUND_DELAY_MS),
    pendingOutcome: { status: final } satisfies PendingOutcome<PayinStatus>,
  });
  return toPayinTransaction(updated);
}
