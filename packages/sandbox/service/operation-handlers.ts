/**
 * The sandbox's implementation of each operation of the table (`packages/contract/src/operations.ts`):
 * one line per operationId, from the parsed body, the path parameters, the caller and the
 * request context to the answer the table declares. A missing or mistyped entry fails the type
 * check, so the table and the sandbox cannot drift apart.
 */
import type { Db } from '@sandbox/db/client';
import type { AnswerOf, Operation, OperationId, ParsedQueryOf, ParsedRequestOf, PathParams } from '@hosted-checkout/contract/operations';
import type { Principal } from './core/auth';
import { deleteCard, getCheckoutSettings, getPsp, listCards, payinWithMethods, payoutWithMethods, saveCustomer } from './merchant/catalog';
import { putCheckoutSettings, rollWebhookSecret } from './merchant/merchant-settings';
import { createH2hTransaction } from './payins/h2h';
import { binAnswer } from './payins/bin-table';
import { setCustomerLimits } from './responsible-gambling/merchant-limit-changes';
import { decideLimitRaiseRequest, listLimitRaiseRequests, requestLimitRaise } from './responsible-gambling/limit-raise-requests';
import { cancelPayout } from './cashier/withdrawal-cancel';
import { setCustomerExclusion, setCustomerReview, setResponsibleGambling } from './responsible-gambling/responsible-gambling';
import { merchantConfig } from './core/request-context';
import { createPayin } from './payins/payin-create';
import { processWallet, startApplePaySession } from './payins/wallets';
import { processClickToPay, startClickToPaySession } from './payins/click-to-pay';
import { completeSpc, completeThreeDSMethod, processCard, processPayinDirectLink, processSavedCard } from './payins/payin-processing';
import { getPayin, payinAnswer } from './payins/payin-loading';
import type { RequestContext } from './core/request-context';
import {
  confirmPayout,
  createPayout,
  getPayout,
  payoutAnswer,
  processPayoutCard,
  processPayoutDirectLink,
  rejectPayout,
} from './payouts/payouts';
import { watchSessionChanges } from './cashier/session-changes';
import { createSession, createSessionPayin, createSessionPayout, getSession, sessionTransactions, updateBalance } from './cashier/sessions';
import { checkPayee, getWithdrawalDestinations } from './cashier/bank-withdrawal-handlers';
import { startSessionPayNPlay } from './cashier/pay-n-play-handlers';
import { decidePlayer } from './cashier/player-decision';
import { bindPayout, bindSession, launchPayout, launchSession, launchSessionPage } from './core/page-holders';
import { locate } from './core/page-locator';

export interface HandlerArgs<K extends OperationId> {
  tx: Db;
  principal: Principal;
  body: ParsedRequestOf<K>;
  /** The query parameters, parsed by the operation's `query` schema ({} for an operation without one). */
  query: ParsedQueryOf<K>;
  params: PathParams<Operation<K>['path']>;
  ctx: RequestContext;
  /** Aborted when the caller goes away (long polls stop waiting). */
  signal: AbortSignal;
  /** The `Holder-Proof` header, already checked by the router for operations marked `holder`. */
  holderProof?: string | null;
}

type Handler<K extends OperationId> = (args: HandlerArgs<K>) => Promise<AnswerOf<K>>;

export const HANDLERS: { [K in OperationId]: Handler<K> } = {
  createPayin: ({ tx, principal, body, ctx }) => createPayin(tx, principal, body, ctx),
  getPayin: ({ tx, principal, params }) => getPayin(tx, principal, params.payinId),
  processCard: ({ tx, principal, params, body, ctx }) => processCard(tx, principal, params.payinId, body, ctx),
  processSavedCard: ({ tx, principal, params, body, ctx }) => processSavedCard(tx, principal, params.payinId, body, ctx),
  completeThreeDSMethod: ({ tx, principal, params, body, ctx }) => completeThreeDSMethod(tx, principal, params.payinId, body, ctx),
  completeSpc: ({ tx, principal, params, body, ctx }) => completeSpc(tx, principal, params.payinId, body, ctx),
  processWallet: ({ tx, principal, params, body, ctx }) => processWallet(tx, principal, params.payinId, body, ctx),
  startApplePaySession: ({ tx, principal, params, body, ctx }) => startApplePaySession(tx, principal, params.payinId, body, ctx),
  startClickToPaySession: ({ tx, principal, params, ctx }) => startClickToPaySession(tx, principal, params.payinId, ctx),
  processClickToPay: ({ tx, principal, params, body, ctx }) => processClickToPay(tx, principal, params.payinId, body, ctx),
  processPayinDirectLink: ({ tx, principal, params, body, ctx }) => processPayinDirectLink(tx, principal, params.payinId, body, ctx),
  // The pay-in (its GET's answer, which settles what is due) and its methods from one read of its row: the APM page's one read.
  getPayinMethods: ({ tx, principal, params }) => payinWithMethods(tx, principal, params.payinId, (row) => payinAnswer(tx, row)),
  createPayout: ({ tx, principal, body, ctx }) => createPayout(tx, principal, body, ctx),
  getPayout: ({ tx, principal, params }) => getPayout(tx, principal, params.payoutId),
  confirmPayout: ({ tx, principal, params }) => confirmPayout(tx, principal, params.payoutId),
  rejectPayout: ({ tx, principal, params }) => rejectPayout(tx, principal, params.payoutId),
  processPayoutCard: ({ tx, principal, params, body }) => processPayoutCard(tx, principal, params.payoutId, body),
  processPayoutDirectLink: ({ tx, principal, params, body }) => processPayoutDirectLink(tx, principal, params.payoutId, body),
  getPayoutMethods: ({ tx, principal, params }) => payoutWithMethods(tx, principal, params.payoutId, (row) => payoutAnswer(tx, row)),
  saveCustomer: ({ tx, principal, body }) => saveCustomer(tx, principal, body),
  listSavedCards: ({ tx, principal, params }) => listCards(tx, principal, params.customerId),
  deleteSavedCard: ({ tx, principal, params }) => deleteCard(tx, principal, params.customerId, params.cardId),
  createCashierSession: ({ tx, principal, body, ctx }) => createSession(tx, principal, body, ctx),
  getCashierSession: ({ tx, principal, params, query }) => getSession(tx, principal, params.sessionId, query),
  updateCashierBalance: ({ tx, principal, params, body }) => updateBalance(tx, principal, params.sessionId, body.balance),
  createSessionPayin: ({ tx, principal, params, body, ctx }) =>
    createSessionPayin(tx, principal, params.sessionId, body.amount, ctx, body.method, body.replaces),
  createSessionPayout: ({ tx, principal, params, body, ctx }) =>
    createSessionPayout(tx, principal, params.sessionId, body.value, ctx, body.method, body.bankAccount),
  getWithdrawalDestinations: ({ tx, principal, params, ctx }) => getWithdrawalDestinations(tx, principal, params.sessionId, ctx),
  checkPayee: ({ tx, principal, params, body, ctx }) => checkPayee(tx, principal, params.sessionId, body, ctx),
  startPayNPlay: ({ tx, principal, params, body, ctx }) => startSessionPayNPlay(tx, principal, params.sessionId, body, ctx),
  decidePlayer: ({ tx, principal, params, body }) => decidePlayer(tx, principal, params.sessionId, body),
  cancelPayout: ({ tx, principal, params, ctx }) =>
    cancelPayout(tx, principal, params.payoutId, (merchantId) => merchantConfig(tx, merchantId, ctx)),
  bindCashierSession: ({ tx, principal, params, body }) => bindSession(tx, principal, params.sessionId, body),
  bindPayout: ({ tx, principal, params, body }) => bindPayout(tx, principal, params.payoutId, body),
  launchCashierSession: ({ tx, principal, params, ctx }) => launchSession(tx, principal, params.sessionId, ctx),
  launchCashierPage: ({ tx, principal, params, body, ctx }) => launchSessionPage(tx, principal, params.sessionId, body.page, ctx),
  launchPayout: ({ tx, principal, params, ctx }) => launchPayout(tx, principal, params.payoutId, ctx),
  locateCashierSession: ({ tx, principal, params, query, holderProof }) =>
    locate(tx, principal, 'session', params.sessionId, holderProof, query.page),
  locatePayout: ({ tx, principal, params, holderProof }) => locate(tx, principal, 'payout', params.payoutId, holderProof),
  // 204: what became of the customer's raises not applied yet is logged (setCustomerLimits).
  setCustomerLimits: async ({ tx, principal, params, body, ctx }) =>
    void (await setCustomerLimits(tx, principal, params.customerId, body, (merchantId) => merchantConfig(tx, merchantId, ctx))),
  listSessionTransactions: ({ tx, principal, params }) => sessionTransactions(tx, principal, params.sessionId),
  watchSessionChanges: ({ tx, principal, body, signal }) => watchSessionChanges(tx, principal, body, signal),
  setResponsibleGambling: ({ tx, principal, params, body, ctx }) =>
    setResponsibleGambling(tx, principal, params.sessionId, body, (merchantId) => merchantConfig(tx, merchantId, ctx)),
  requestLimitRaise: ({ tx, principal, params, body, ctx }) =>
    requestLimitRaise(tx, principal, params.sessionId, body, (merchantId) => merchantConfig(tx, merchantId, ctx)),
  listLimitRaiseRequests: ({ tx, principal, query }) => listLimitRaiseRequests(tx, principal, query.status),
  decideLimitRaiseRequest: ({ tx, principal, params, body, ctx }) =>
    decideLimitRaiseRequest(tx, principal, params.requestId, body, (merchantId) => merchantConfig(tx, merchantId, ctx)),
  setCustomerExclusion: ({ tx, principal, params, body }) => setCustomerExclusion(tx, principal, params.customerId, body),
  setCustomerReview: ({ tx, principal, params, body }) => setCustomerReview(tx, principal, params.customerId, body),
  lookupBin: async ({ params }) => binAnswer(params.bin),
  getPsp: ({ tx, principal, params }) => getPsp(tx, principal, params.merchantEnabledPspId),
  createH2hTransaction: ({ tx, principal, body, ctx }) => createH2hTransaction(tx, principal, body, ctx),
  getCheckoutSettings: ({ tx, principal, params }) => getCheckoutSettings(tx, principal, params.merchantId),
  putCheckoutSettings: ({ tx, principal, params, body }) => putCheckoutSettings(tx, principal, params.merchantId, body),
  rollWebhookSecret: ({ tx, principal, params }) => rollWebhookSecret(tx, principal, params.merchantId),
};
