/**
 * The sandbox's 3-D Secure 2 (EMV 3-D Secure Protocol and Core Functions 2.2, "3DS Method"
 * and "Challenge flow"): the state of a card attempt's authentication, the 3DS Method's URL and
 * data, and the report of its completion indicator (`POST /public/payin/{id}/process/3ds-method`).
 *
 * A card whose issuer has a Method (test cards 4000 0031/32/33 …) leaves processing PENDING_3DS
 * in phase METHOD, the answer carrying `threeDSMethod`; the report moves it on: frictionless
 * SUCCESS, or phase CHALLENGE with the ACS's URL. No card data is kept here.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@sandbox/db/client';
import type { PayinProcessingResponse, ThreeDSCompInd, ThreeDSMethod } from '@hosted-checkout/contract/payin';
import { SandboxApiError } from '../core/api-error';
import { changePayin, type PayinRow } from '../core/records';
import { merchantConfig, type RequestContext } from '../core/request-context';
import { endAuthentication } from './issuer-counters';
import { issuerBehaviourOf } from '../core/test-cards';
import { acsUrl } from '../core/acs-url';
import type { ThreeDsState } from '@sandbox/db/stored-shapes';

/** A 3DS challenge not answered within this time ends TIMEOUT. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * A 3DS Method not reported within this time (the page allows it 10 s) goes on as N, so a pay-in
 * never waits for a page that was closed or lost its report.
 */
export const METHOD_TTL_MS = 30 * 1000;

/** The sandbox's pages of the issuer's ACS live on the sandbox's public origin. */
const acsBase = (ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>) => ctx.sandboxUrl ?? ctx.checkoutUrl;

export { acsUrl };

/** The checkout's 3DS Method notification URL of a pay-in (threeDSMethodNotificationURL). */
const methodNotificationUrl = (ctx: Pick<RequestContext, 'checkoutUrl'>, id: string) =>
  `${ctx.checkoutUrl}/api/payments/payin/${id}/3ds-method`;

/** base64url JSON, as EMV encodes threeDSMethodData. */
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The `threeDSMethod` of a processing answer for a pay-in in phase METHOD. */
function methodRequest(
  ctx: Pick<RequestContext, 'checkoutUrl' | 'sandboxUrl'>,
  row: Pick<PayinRow, 'id'>,
  state: ThreeDsState,
): ThreeDSMethod {
  return {
    url: `${acsBase(ctx)}/sandbox/3ds/${row.id}/method`,
    data: encode({ threeDSServerTransID: state.serverTransId, threeDSMethodNotificationURL: methodNotificationUrl(ctx, row.id) }),
  };
}

/** A new attempt's state: the Method first, then `afterMethod`. */
export function startMethod(afterMethod: 'success' | 'challenge', methodAnswers: boolean): ThreeDsState {
  return { phase: 'METHOD', serverTransId: randomUUID(), afterMethod, methodAnswers };
}

/** The state of a challenge straight away (no Method). */
export const startChallenge = (): ThreeDsState => ({ phase: 'CHALLENGE', serverTransId: randomUUID() });

/** The pay-in's 3DS state, or null. */
export const threeDsOf = (row: Pick<PayinRow, 'threeDs'>): ThreeDsState | null => row.threeDs;

/** Whether the pay-in waits for its 3DS Method (not for a challenge). */
export const waitsForMethod = (row: Pick<PayinRow, 'status' | 'threeDs'>): boolean =>
  row.status === 'PENDING_3DS' && threeDsOf(row)?.phase === 'METHOD';

/**
 * Applies the Method's completion indicator to a locked pay-in in phase METHOD (else 409
 * INVALID_STATE): a frictionless card ends SUCCESS, a challenge card moves to phase CHALLENGE
 * (the ACS's URL is the answer's redirectUrl), unless a verified network token stands for it
 * (../core/sca-decision.ts, `payToken`). The indicator is recorded (`threeDSCompInd`).
 */
export async function reportMethod(tx: Db, row: PayinRow, indicator: ThreeDSCompInd): Promise<PayinRow> {
  const state = threeDsOf(row);
  if (!waitsForMethod(row) || !state) throw new SandboxApiError('INVALID_STATE', 'The pay-in is not waiting for its 3DS Method');
  const done: ThreeDsState = { ...state, methodCompletion: indicator };
  // A verified network token (Click to Pay) is let through where the card would be challenged, unless its issuer challenges tokens too.
  const stored = row.threeDsResult;
  const tokenPasses =
    stored !== null &&
    'pending' in stored &&
    stored.pending.payToken === true &&
    issuerBehaviourOf(row.card?.mask ?? '') !== 'challenges-tokens';
  // The challenge has its own time from now; its timeout outcome is the one set at processing.
  if (state.afterMethod === 'challenge' && !tokenPasses)
    return changePayin(tx, row, { threeDs: { ...done, phase: 'CHALLENGE' }, pendingUntil: new Date(Date.now() + CHALLENGE_TTL_MS) });
  const threeDsResult = await endAuthentication(tx, row, { passed: true, frictionless: true }, await merchantConfig(tx, row.merchantId));
  return changePayin(tx, row, {
    status: 'SUCCESS',
    statusReason: null,
    pendingUntil: null,
    pendingOutcome: null,
    threeDs: done,
    threeDsResult,
  });
}

/** What a PENDING_3DS pay-in's processing answer adds: the Method to run, or the challenge's URL. */
export function nextStep(row: PayinRow, ctx: RequestContext): Pick<PayinProcessingResponse, 'redirectUrl' | 'threeDSMethod'> {
  if (row.status !== 'PENDING_3DS') return {};
  const state = threeDsOf(row);
  if (state?.phase === 'METHOD') return { threeDSMethod: methodRequest(ctx, row, state) };
  return { redirectUrl: acsUrl(ctx, row.id) };
}
