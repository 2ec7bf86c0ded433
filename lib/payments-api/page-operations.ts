/**
 * `paymentsApi`: the operations the hosted pages use, by name and with their own arguments
 * (amounts in major units, as the API has them), over `callOperation`. Records that name their
 * merchant are remembered for the holder's proof (merchant-locator.ts); checkout settings and
 * BIN facts are kept a short while (lookup-caches.ts).
 */
import 'server-only';
import type { ResponsibleGamblingRequest } from '@hosted-checkout/contract/responsible-gambling/schemas';
import type { LimitRaiseRequestCreate } from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import type {
  ApplePaySessionRequest,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
  ProcessWalletRequest,
  SpcAssertionReport,
  ThreeDSMethodResult,
} from '@hosted-checkout/contract/payin';
import type { PayoutCardRequest, PayoutDirectLinkRequest } from '@hosted-checkout/contract/payout';
import type { CheckoutTransactionType } from '@hosted-checkout/contract/enums';
import type { BankAccountChoice, PayeeCheckRequest } from '@hosted-checkout/contract/bank-withdrawals';
import type { PayNPlayStartRequest } from '@hosted-checkout/contract/pay-n-play';
import type { LaunchClient, SessionRead } from '@hosted-checkout/contract/cashier';
import type { BinLookup } from '@hosted-checkout/contract/bin';
import type { ProcessClickToPayRequest } from '@hosted-checkout/contract/click-to-pay';
import { callOperation } from './call-operation';
import { cachedAnswer, caches } from './lookup-caches';
import { knownMerchant, locate, merchantOfHeld, rememberMerchant } from './merchant-locator';
import { PaymentsApiError } from './payments-api-error';

/** The operations the hosted pages use. Amounts in major units, as the API has them. */
export const paymentsApi = {
  getPayin: (payinId: string) => callOperation('getPayin', { params: { payinId } }).then(rememberMerchant('payin', payinId)),
  /** One Idempotency-Key per customer attempt. */
  processCard: (payinId: string, body: ProcessCardRequest, idempotencyKey: string) =>
    callOperation('processCard', { params: { payinId }, body, idempotencyKey }),
  processSavedCard: (payinId: string, body: ProcessSavedCardRequest, idempotencyKey: string) =>
    callOperation('processSavedCard', { params: { payinId }, body, idempotencyKey }),
  /** The 3DS Method's indicator; the answer is the next step, as a processing answer. */
  completeThreeDSMethod: (payinId: string, body: ThreeDSMethodResult, idempotencyKey: string) =>
    callOperation('completeThreeDSMethod', { params: { payinId }, body, idempotencyKey }),
  /** The Secure Payment Confirmation assertion; the answer is the next step, as a processing answer. */
  completeSpc: (payinId: string, body: SpcAssertionReport, idempotencyKey: string) =>
    callOperation('completeSpc', { params: { payinId }, body, idempotencyKey }),
  /** A wallet's token (the sandbox wallet, Google Pay, Apple Pay); answered as process/card. */
  processWallet: (payinId: string, body: ProcessWalletRequest, idempotencyKey: string) =>
    callOperation('processWallet', { params: { payinId }, body, idempotencyKey }),
  /** Apple Pay's merchant validation through the service; answers Apple's merchant session (creates nothing: no idempotency key). */
  startApplePaySession: (payinId: string, body: ApplePaySessionRequest) =>
    callOperation('startApplePaySession', { params: { payinId }, body }),
  /** A Click to Pay session of the SRC system for a pay-in (docs/design.md, E28): creates no payment, so no idempotency key. */
  startClickToPaySession: (payinId: string) => callOperation('startClickToPaySession', { params: { payinId } }),
  /** Pays with the card chosen in Click to Pay (its sealed payload passed on as is); answered as process/card. */
  processClickToPay: (payinId: string, body: ProcessClickToPayRequest, idempotencyKey: string) =>
    callOperation('processClickToPay', { params: { payinId }, body, idempotencyKey }),
  processPayinDirectLink: (payinId: string, body: ProcessDirectLinkRequest, idempotencyKey: string) =>
    callOperation('processPayinDirectLink', { params: { payinId }, body, idempotencyKey }),
  /** A pay-in's methods with the pay-in itself when the service sends it (docs/design.md, E6 extended): the APM page's one read. */
  getPayinWithMethods: (payinId: string) =>
    callOperation('getPayinMethods', { params: { payinId } }).then((answer) => {
      if (answer.payin) rememberMerchant('payin', payinId)(answer.payin);
      return answer;
    }),
  /** As getPayinWithMethods, for a payout (the holder's read). */
  getPayoutWithMethods: (payoutId: string) =>
    callOperation('getPayoutMethods', { params: { payoutId } }).then((answer) => {
      if (answer.payout) rememberMerchant('payout', payoutId)(answer.payout);
      return answer;
    }),
  listCards: (customerId: string) => callOperation('listSavedCards', { params: { customerId } }),
  /** Removes a saved card; the pages' credential needs the holder's proof of a browser holding one of the customer's sessions. */
  deleteCard: (customerId: string, cardId: string, holderProofValue: string | null) =>
    callOperation('deleteSavedCard', { params: { customerId, cardId }, holderProof: holderProofValue }),
  getPayout: (payoutId: string) => callOperation('getPayout', { params: { payoutId } }).then(rememberMerchant('payout', payoutId)),
  processPayoutCard: (payoutId: string, body: PayoutCardRequest, idempotencyKey: string) =>
    callOperation('processPayoutCard', { params: { payoutId }, body, idempotencyKey }),
  processPayoutDirectLink: (payoutId: string, body: PayoutDirectLinkRequest, idempotencyKey: string) =>
    callOperation('processPayoutDirectLink', { params: { payoutId }, body, idempotencyKey }),
  /** The session; `read.transactions: 'open'` lists only its transactions not final (a page without its history, an action). */
  getSession: (sessionId: string, read: SessionRead = {}) =>
    callOperation('getCashierSession', { params: { sessionId }, query: read }).then(rememberMerchant('session', sessionId)),
  sessionTransactions: (sessionId: string) => callOperation('listSessionTransactions', { params: { sessionId } }),
  /** `amount` in major units of the session currency; `method` chooses the cashier fee the service adds; `replaces` an unpaid pay-in of the session this one retries. */
  createSessionPayin: (sessionId: string, amount: number, idempotencyKey: string, method?: string, replaces?: string) =>
    callOperation('createSessionPayin', {
      params: { sessionId },
      body: { amount, ...(method ? { method } : {}), ...(replaces ? { replaces } : {}) },
      idempotencyKey,
    }),
  /** The customer's own deposit limits, answer before a first deposit, confirmation of raises, reality-check interval; answers the rules and limits now. */
  setResponsibleGambling: (sessionId: string, body: ResponsibleGamblingRequest) =>
    callOperation('setResponsibleGambling', { params: { sessionId }, body }),
  /** Germany: the customer's request for a higher monthly ceiling (EUR major units, the document base64); one Idempotency-Key per post. */
  requestLimitRaise: (sessionId: string, body: LimitRaiseRequestCreate, idempotencyKey: string) =>
    callOperation('requestLimitRaise', { params: { sessionId }, body, idempotencyKey }),
  /** `value` in major units of the session currency. */
  createSessionPayout: (sessionId: string, value: number, idempotencyKey: string, method?: string) =>
    callOperation('createSessionPayout', { params: { sessionId }, body: { value, ...(method ? { method } : {}) }, idempotencyKey }),
  /**
   * A withdrawal by bank (docs/design.md, E25): `value` in major units, the destination a deposit
   * account's `ref` or a payee check's id, never the identifier.
   */
  createBankWithdrawal: (sessionId: string, value: number, bankAccount: BankAccountChoice, idempotencyKey: string) =>
    callOperation('createSessionPayout', { params: { sessionId }, body: { value, method: 'bank', bankAccount }, idempotencyKey }),
  /** Where the session's withdrawals by bank may go: the deposit accounts (masked), and whether another is allowed. */
  withdrawalDestinations: (sessionId: string) => callOperation('getWithdrawalDestinations', { params: { sessionId } }),
  /** The payee name check of an account (VoP / CoP); one Idempotency-Key per check the customer asks for. */
  checkPayee: (sessionId: string, body: PayeeCheckRequest, idempotencyKey: string) =>
    callOperation('checkPayee', { params: { sessionId }, body, idempotencyKey }),
  /**
   * A Pay N Play session's bank login (docs/design.md, E26): a deposit (`amount` in major units) or
   * an identification only (0); answers the bank's page to go to.
   */
  startPayNPlay: (sessionId: string, body: PayNPlayStartRequest, idempotencyKey: string) =>
    callOperation('startPayNPlay', { params: { sessionId }, body, idempotencyKey }),
  /** The customer cancels their pending withdrawal (204). */
  cancelPayout: (payoutId: string) => callOperation('cancelPayout', { params: { payoutId } }),
  /**
   * The browser of `holderProof` spends a launch secret of the session (204) and holds that page;
   * 403 for a spent, replaced or unknown secret. `client` (its address and User-Agent) goes to the
   * merchant in `launch.spent`.
   */
  bindSession: (sessionId: string, launchToken: string, holderProofValue: string, client?: LaunchClient) =>
    callOperation('bindCashierSession', {
      params: { sessionId },
      body: { launchToken, holderProof: holderProofValue, ...(client ? { client } : {}) },
    }),
  /** As bindSession, for a payout's destination pages. */
  bindPayout: (payoutId: string, launchToken: string, holderProofValue: string, client?: LaunchClient) =>
    callOperation('bindPayout', {
      params: { payoutId },
      body: { launchToken, holderProof: holderProofValue, ...(client ? { client } : {}) },
    }),

  /**
   * The merchant id of a pay-in, payout or cashier session: remembered from any earlier fetch
   * of it, else fetched (a pay-in's GET, a session's or payout's locator). Throws PaymentsApiError.
   */
  merchantOf: async (type: CheckoutTransactionType | 'session', id: string): Promise<string> => {
    if (type !== 'payin') return merchantOfHeld(type, id);
    return knownMerchant(type, id) ?? (await paymentsApi.getPayin(id)).merchantId;
  },

  /**
   * The locator of a session or payout: its merchant, a payout's session, and with a
   * holder's proof whether that browser holds it. Throws PaymentsApiError (404).
   */
  locate,

  /** GET /public/bin/{bin}, kept BIN_TTL_MS per BIN; null for an unknown BIN (404). A failed fetch is not kept. Throws PaymentsApiError. */
  lookupBin: async (bin: string): Promise<BinLookup | null> =>
    (
      await cachedAnswer(caches().bins, bin, () =>
        callOperation('lookupBin', { params: { bin } }).then(
          (facts) => ({ facts }),
          (error: unknown) => {
            if (PaymentsApiError.is(error) && error.status === 404) return { facts: null };
            throw error;
          },
        ),
      )
    ).facts,

  /** GET checkout settings, kept SETTINGS_TTL_MS per merchant; a failed fetch is not kept. */
  getCheckoutSettings: (merchantId: string): Promise<CheckoutSettings> =>
    cachedAnswer(caches().settings, merchantId, () => callOperation('getCheckoutSettings', { params: { merchantId } })),
};
