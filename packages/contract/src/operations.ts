/**
 * The operations table: every operation of the payments service (reference, "Endpoints") and
 * of the extensions (docs/extensions.md), written once. The OpenAPI document
 * (`openapi.ts`), the checkout's typed client (`lib/payments-api/client.ts`), the sandbox's
 * router (`packages/sandbox/service/router.ts`) and the table-driven contract and credential tests all
 * derive from it; adding an operation is one entry here and its implementation in the sandbox.
 *
 * `callers` says who may call an operation: a merchant's token, the hosted pages' own
 * credential, or both. Anything else is 403 FORBIDDEN.
 */
import { z } from 'zod';
import { CheckoutSettings, MerchantSettings, MerchantSettingsUpdate } from './merchant';
import { BinLookup } from './bin';
import { Customer } from './common';
import { CustomerLimitsRequest, CustomerRecord, SavedCardList } from './customer';
import { ExclusionRequest, ResponsibleGambling, ResponsibleGamblingRequest, ReviewRequest } from './responsible-gambling/schemas';
import { PspRecord } from './methods';
import { PayinMethodList, PayoutMethodList } from './transaction-methods';
import {
  BalanceUpdateRequest,
  CashierSession,
  CashierSessionCreateRequest,
  CashierSessionCreateResponse,
  SessionPayinRequest,
  SessionPayoutRequest,
  SessionTransactionList,
  SessionReadQuery,
  SessionChangesAnswer,
  SessionChangesRequest,
  BindingRequest,
  CashierLaunchAnswer,
  PayoutLaunchAnswer,
  Locator,
} from './cashier';
import {
  PayoutCardRequest,
  PayoutCreateRequest,
  PayoutCreateResponse,
  PayoutDirectLinkRequest,
  PayoutProcessingResponse,
  PayoutTransaction,
} from './payout';
import { BANK_WITHDRAWAL_OPERATIONS } from './bank-withdrawal-operations';
import { PAY_N_PLAY_OPERATIONS } from './pay-n-play-operations';
import { H2hCreateRequest, H2hCreateResponse, H2hWebhook } from './h2h';
import {
  PayinCreateRequest,
  PayinCreateResponse,
  PayinProcessingResponse,
  PayinTransaction,
  ProcessCardRequest,
  ProcessDirectLinkRequest,
  ProcessSavedCardRequest,
  ThreeDSMethodResult,
  SpcAssertionReport,
  ProcessWalletRequest,
  ApplePaySessionRequest,
  ApplePaySession,
} from './payin';

/** Who calls: a merchant's bearer token, or the hosted pages' own credential. */
export type Caller = 'merchant' | 'checkout';
export const CALLERS: readonly Caller[] = ['merchant', 'checkout'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path template relative to {base_url}; `{name}` segments are path parameters. */
  path: string;
  summary: string;
  description?: string;
  /** JSON request body; absent: the operation takes none. */
  request?: z.ZodType;
  /** Query parameters (strings), each optional; absent: the operation takes none. A value outside the schema is 400. */
  query?: z.ZodObject;
  /** JSON answer of `status` 200; null: 204 No Content. */
  answer: z.ZodType | null;
  /** Description of the success answer in the OpenAPI document. */
  answerDescription?: string;
  /** Honours Idempotency-Key. */
  idempotent: boolean;
  /** The operation or its body is not shown by the reference: decided by the design (x-extension). */
  extension: boolean;
  /** Who may call it; anyone else is answered 403 FORBIDDEN. */
  callers: readonly Caller[];
  /** Webhooks the operation leads to, for the OpenAPI document's `callbacks`. */
  callbacks?: Record<string, Record<string, { post: { summary: string; request: z.ZodType; responses: string } }>>;
  /** Optional X-User-Agent and X-IP-Address headers (direct-link processing). */
  customerHeaders?: boolean;
  /**
   * The operation reads or moves what a customer's browser holds (the browser that spent the page's launch secret): the caller
   * sends that browser's proof in `Holder-Proof`, checked by the service before the operation
   * runs. `session`: the session of `{sessionId}`; `payout`: the payout of `{payoutId}` (a cashier
   * payout through its session); `customer`: a session of `{customerId}`. A merchant's token
   * reads without it, and moves without it only what no browser holds yet.
   */
  holder?: { scope: 'session' | 'payout' | 'customer'; access: 'read' | 'move' };
}

/** The header carrying a holder's proof. */
export const HOLDER_PROOF_HEADER = 'Holder-Proof';

const both = ['merchant', 'checkout'] as const;
const merchantOnly = ['merchant'] as const;
/** The customer's own actions through the hosted pages (a merchant has its own: reject). */
const checkoutOnly = ['checkout'] as const;

/** Every operation, by operationId, in the order of the OpenAPI document. */
export const OPERATIONS = {
  createPayin: {
    method: 'POST',
    path: '/public/payin',
    summary: 'Create a pay-in transaction',
    request: PayinCreateRequest,
    answer: PayinCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
  },
  getPayin: {
    method: 'GET',
    path: '/public/payin/{payinId}',
    summary: 'Fetch a pay-in transaction',
    answer: PayinTransaction,
    answerDescription: 'The pay-in',
    idempotent: false,
    extension: false,
    callers: both,
  },
  processCard: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/card',
    summary: 'Start card processing',
    description:
      "The body and the answer's redirectUrl (3-D Secure) are extensions of the reference, as are attemptsRemaining and statusReason in the answer.",
    request: ProcessCardRequest,
    answer: PayinProcessingResponse,
    answerDescription: 'Processing started',
    idempotent: true,
    extension: true,
    callers: both,
  },
  processSavedCard: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/saved-card',
    summary: 'Start saved-card processing',
    description: "The answer's redirectUrl (3-D Secure) is an extension of the reference, as are attemptsRemaining and statusReason.",
    request: ProcessSavedCardRequest,
    answer: PayinProcessingResponse,
    answerDescription: 'Processing started',
    idempotent: true,
    extension: false,
    callers: both,
  },
  completeThreeDSMethod: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/3ds-method',
    summary: 'Report the 3DS Method and continue authentication',
    description:
      'After a processing answer carrying threeDSMethod: the indicator Y, N or U; the answer is the next step (redirectUrl of a challenge, or the final status). 409 INVALID_STATE unless the pay-in waits for its 3DS Method.',
    request: ThreeDSMethodResult,
    answer: PayinProcessingResponse,
    answerDescription: 'Authentication continued',
    idempotent: true,
    extension: true,
    callers: both,
  },
  completeSpc: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/spc',
    summary: 'Report a Secure Payment Confirmation assertion',
    description:
      "After a processing answer carrying spc: the assertion the browser returned. Verified (payment.get, the offer's one-time challenge, the checkout's origin, the ACS as relying party, user verification, and the amount, payee and card the customer confirmed): SUCCESS. Not verified: the challenge stays PENDING_3DS with its redirectUrl (one try per offer). 409 INVALID_STATE without an offer.",
    request: SpcAssertionReport,
    answer: PayinProcessingResponse,
    answerDescription: 'Authentication continued',
    idempotent: true,
    extension: true,
    callers: both,
  },
  processWallet: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/wallet',
    summary: 'Pay with a wallet token',
    description:
      'The token a wallet returned (the sandbox wallet, Google Pay with PAYMENT_GATEWAY tokenization, Apple Pay), for a wallet the merchant offers (checkout settings `wallets`; else 400). Answers as process/card: the card behind the token goes through the same outcomes, 3-D Secure included. A token bound to another pay-in or amount, expired, or spent is 400.',
    request: ProcessWalletRequest,
    answer: PayinProcessingResponse,
    answerDescription: 'Processing started',
    idempotent: true,
    extension: true,
    callers: both,
  },
  startApplePaySession: {
    method: 'POST',
    path: '/public/payin/{payinId}/wallet/apple-pay/session',
    summary: 'Validate the merchant for Apple Pay',
    description:
      "Apple Pay's merchant validation: the service calls the validation URL with its merchant identity certificate and answers Apple's merchant session. Only Apple's gateway hosts (apple-pay-gateway, cn-apple-pay-gateway, and their -cert sandboxes, on apple.com) under /paymentservices/; 400 otherwise, or when the merchant does not offer Apple Pay; 409 for a pay-in that cannot be paid. Creates nothing: no Idempotency-Key needed.",
    request: ApplePaySessionRequest,
    answer: ApplePaySession,
    answerDescription: 'The merchant session',
    idempotent: false,
    extension: true,
    callers: both,
  },
  processPayinDirectLink: {
    method: 'POST',
    path: '/public/payin/{payinId}/process/direct-link',
    summary: 'Start direct-link pay-in processing',
    request: ProcessDirectLinkRequest,
    answer: PayinProcessingResponse,
    answerDescription: 'Processing started',
    idempotent: true,
    extension: false,
    callers: both,
    customerHeaders: true,
  },
  getPayinMethods: {
    method: 'GET',
    path: '/public/payin/{payinId}/methods',
    summary: 'Payment methods of the pay-in',
    description: 'The answer carries the pay-in itself (`payin`, as GET answers it): one read for the APM page.',
    answer: PayinMethodList,
    answerDescription: 'Methods',
    idempotent: false,
    extension: true,
    callers: both,
  },
  createPayout: {
    method: 'POST',
    path: '/public/payout',
    summary: 'Create a payout transaction',
    request: PayoutCreateRequest,
    answer: PayoutCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
  },
  getPayout: {
    method: 'GET',
    path: '/public/payout/{payoutId}',
    summary: 'Fetch a payout transaction',
    answer: PayoutTransaction,
    answerDescription: 'The payout',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'read' },
  },
  confirmPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/confirm',
    summary: 'Confirm the payout: it starts processing',
    answer: null,
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  rejectPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/reject',
    summary: 'Reject the payout: it is not sent to a PSP',
    answer: null,
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  processPayoutCard: {
    method: 'POST',
    path: '/public/payout/{payoutId}/process/card',
    summary: 'Give the destination card of a payout',
    description:
      'Closed loop: a withdrawal in a cashier session goes only to a card the customer deposited with (a paid card pay-in of the same card), and at most what that card paid in to the customer, less refunds and what it has already received (its payouts not rejected or failed); a payout outside a session, once the customer has paid by card, too. Another card, or an amount above the card’s share, is 403 CLOSED_LOOP (above the share, its message states the most the card may receive; it never names the card), and the payout still waits for its destination. A payout answer’s `savedCards` are those it may go to for its value.',
    request: PayoutCardRequest,
    answer: PayoutProcessingResponse,
    answerDescription: 'Details given',
    idempotent: true,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'move' },
  },
  processPayoutDirectLink: {
    method: 'POST',
    path: '/public/payout/{payoutId}/process/direct-link',
    summary: 'Start direct-link payout processing',
    description:
      'Closed loop: a withdrawal in a cashier session by an alternative method goes only to an account the customer paid in from by that method (bank transfer: the IBAN; e-wallet: its e-mail; Pix: the CPF; crypto: network and address), and at most what that account paid in to the customer, less refunds and what it has already received (its payouts not rejected or failed); a payout outside a session, once the customer has paid by that method, too. Pay by Bank (`bank`) goes only to an account in the customer’s own name that they deposited from. Another account, or an amount above its share, is 403 CLOSED_LOOP (above the share, its message states the most the account may receive; it never names the account), and the payout still waits for its destination.',
    request: PayoutDirectLinkRequest,
    answer: PayoutProcessingResponse,
    answerDescription: 'Details given',
    idempotent: true,
    extension: false,
    callers: both,
    customerHeaders: true,
    holder: { scope: 'payout', access: 'move' },
  },
  getPayoutMethods: {
    method: 'GET',
    path: '/public/payout/{payoutId}/methods',
    summary: 'Payment methods of the payout',
    description: 'The answer carries the payout itself (`payout`, as GET answers it): one read for the APM page.',
    answer: PayoutMethodList,
    answerDescription: 'Methods',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'payout', access: 'read' },
  },
  saveCustomer: {
    method: 'POST',
    path: '/public/customer',
    summary: 'Create or update a customer (answer: decided by this project)',
    request: Customer,
    answer: CustomerRecord,
    answerDescription: 'The customer',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
  },
  listSavedCards: {
    method: 'GET',
    path: '/public/customer/{customerId}/cards',
    summary: "The customer's saved cards",
    answer: SavedCardList,
    answerDescription: 'Cards',
    idempotent: false,
    extension: true,
    callers: both,
  },
  deleteSavedCard: {
    method: 'DELETE',
    path: '/public/customer/{customerId}/cards/{cardId}',
    summary: 'Remove a saved card',
    answer: null,
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'customer', access: 'move' },
  },
  createCashierSession: {
    method: 'POST',
    path: '/public/cashier/session',
    summary: 'Create a cashier session',
    request: CashierSessionCreateRequest,
    answer: CashierSessionCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
  },
  getCashierSession: {
    method: 'GET',
    path: '/public/cashier/session/{sessionId}',
    summary: 'Fetch a cashier session',
    query: SessionReadQuery,
    answer: CashierSession,
    answerDescription: 'The session',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'session', access: 'read' },
  },
  updateCashierBalance: {
    method: 'PUT',
    path: '/public/cashier/session/{sessionId}/balance',
    summary: 'Update the session balance',
    request: BalanceUpdateRequest,
    answer: null,
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  createSessionPayin: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/payin',
    summary: 'Create a pay-in in the session',
    request: SessionPayinRequest,
    answer: PayinCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: true,
    callers: both,
    holder: { scope: 'session', access: 'move' },
  },
  createSessionPayout: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/payout',
    summary: 'Create a payout in the session',
    request: SessionPayoutRequest,
    answer: PayoutCreateResponse,
    answerDescription: 'Created',
    idempotent: true,
    extension: true,
    callers: both,
    holder: { scope: 'session', access: 'move' },
  },
  ...BANK_WITHDRAWAL_OPERATIONS,
  ...PAY_N_PLAY_OPERATIONS,
  listSessionTransactions: {
    method: 'GET',
    path: '/public/cashier/session/{sessionId}/transactions',
    summary: "The session's pay-ins and payouts, newest first",
    answer: SessionTransactionList,
    answerDescription: 'Transactions',
    idempotent: false,
    extension: true,
    callers: both,
    holder: { scope: 'session', access: 'read' },
  },
  watchSessionChanges: {
    method: 'POST',
    path: '/public/cashier/session-changes',
    summary: 'Long poll: the watched sessions whose balance or withdrawals changed',
    request: SessionChangesRequest,
    answer: SessionChangesAnswer,
    answerDescription: 'The changed sessions and the next cursor',
    idempotent: false,
    extension: true,
    callers: both,
  },
  cancelPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/cancel',
    summary: 'The customer cancels their pending withdrawal',
    description:
      "A withdrawal made in a cashier session, from CREATED or WAITING_FOR_CONFIRMATION, when the merchant allows it (checkout settings `withdrawalCancel`) and the customer's billing country is not GB (403 otherwise); ends REJECTED with detailedStatus CUSTOMER_CANCELLED and releases its reservation. 409 INVALID_STATE from any other status.",
    answer: null,
    idempotent: false,
    extension: true,
    callers: checkoutOnly,
    holder: { scope: 'payout', access: 'move' },
  },
  bindCashierSession: {
    method: 'PUT',
    path: '/public/cashier/session/{sessionId}/binding',
    summary: 'A browser opens the cashier or the widget by its launch secret',
    description:
      'The browser that opens the address the merchant received spends its one-time launch secret (`launch=` of `checkoutUrl` or `widgetUrl`) and becomes the holder of that page: its proof is the HMAC of a secret kept in its HttpOnly cookie. 204; the browser that held that page before holds it no more. A spent, superseded, expired or unknown launch secret is 403 FORBIDDEN. The session id alone opens nothing.',
    request: BindingRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: checkoutOnly,
  },
  bindPayout: {
    method: 'PUT',
    path: '/public/payout/{payoutId}/binding',
    summary: "A browser opens a payout's destination pages by their launch secret",
    description:
      'As for a session: the launch secret of the payout’s `iframeUrls` is spent once, and that browser holds the destination pages. A payout made in a cashier session is held through its session (403 here).',
    request: BindingRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: checkoutOnly,
  },
  launchCashierSession: {
    method: 'POST',
    path: '/public/cashier/session/{sessionId}/launch',
    summary: 'Launch the cashier session again: new one-time addresses',
    description:
      'New launch secrets for the cashier and the widget (those not yet spent stop working). The browser that opens a new address becomes the holder of that page, and the one that held it before loses it: the customer’s way back from another browser, and how a merchant opens both the cashier and the widget. 409 INVALID_STATE for an expired session.',
    answer: CashierLaunchAnswer,
    answerDescription: 'The addresses',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
  launchPayout: {
    method: 'POST',
    path: '/public/payout/{payoutId}/launch',
    summary: "Launch a payout's destination pages again",
    description:
      'New `iframeUrls` with a new launch secret; the browser that opens one holds the payout’s destination pages. A payout made in a cashier session is launched with its session (409 INVALID_STATE).',
    answer: PayoutLaunchAnswer,
    answerDescription: 'The addresses',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
  locateCashierSession: {
    method: 'GET',
    path: '/public/cashier/session/{sessionId}/locator',
    summary: 'The merchant of a cashier session, for framing its pages',
    description:
      'What the hosted pages may know before the holder is known: the merchant, whose allowed origins may frame the page. Nothing of the customer or the money.',
    answer: Locator,
    answerDescription: 'The merchant',
    idempotent: false,
    extension: true,
    callers: both,
  },
  locatePayout: {
    method: 'GET',
    path: '/public/payout/{payoutId}/locator',
    summary: 'The merchant and session of a payout, for framing its pages',
    answer: Locator,
    answerDescription: 'The merchant and the session',
    idempotent: false,
    extension: true,
    callers: both,
  },
  setCustomerLimits: {
    method: 'PUT',
    path: '/public/customer/{customerId}/limits',
    summary: "Responsible gambling: the merchant sets a customer's deposit limits per day, week and month",
    request: CustomerLimitsRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  setResponsibleGambling: {
    method: 'PUT',
    path: '/public/cashier/session/{sessionId}/responsible-gambling',
    summary: 'Responsible gambling: the customer sets their own deposit limits and reality checks in the cashier',
    description:
      "A lower or new limit applies at once; a higher one, or none, after the cooling-off of the rules in force (24 h; Sweden 72 h and the period; Germany 7 days), and under UKGC once confirmed again (`confirmReady`). 400 VALIDATION_ERROR names a limit the rules require or a ceiling passed (GGL). Answers the session's `responsibleGambling`.",
    request: ResponsibleGamblingRequest,
    answer: ResponsibleGambling,
    answerDescription: 'The rules and limits now',
    idempotent: false,
    extension: true,
    callers: checkoutOnly,
    holder: { scope: 'session', access: 'move' },
  },
  setCustomerExclusion: {
    method: 'PUT',
    path: '/public/customer/{customerId}/exclusion',
    summary: 'Responsible gambling: the merchant records a time-out or self-exclusion of a customer, or lifts it',
    description: 'While it lasts, creating or paying a deposit of the customer is 409 CUSTOMER_EXCLUDED; withdrawals stay open.',
    request: ExclusionRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  setCustomerReview: {
    method: 'PUT',
    path: '/public/customer/{customerId}/review',
    summary: 'Responsible gambling: the merchant records when a customer last reviewed their limits and account history',
    description:
      'The cashier reminds a customer under the UKGC’s rules to review their limits and history 182 days after this date (RTS 12: at least every six months); dismissing the reminder in the cashier records it too. 400 VALIDATION_ERROR for a date in the future.',
    request: ReviewRequest,
    answer: null,
    idempotent: false,
    extension: true,
    callers: merchantOnly,
  },
  lookupBin: {
    method: 'GET',
    path: '/public/bin/{bin}',
    summary: 'What the service knows of a card from its first 6 to 8 digits: brands, funding type, issuer country',
    answer: BinLookup,
    answerDescription: 'The BIN',
    idempotent: false,
    extension: true,
    callers: both,
  },
  getPsp: {
    method: 'GET',
    path: '/public/psp/{merchantEnabledPspId}',
    summary: 'A PSP enabled for the merchant (fields: decided by this project)',
    answer: PspRecord,
    answerDescription: 'The PSP',
    idempotent: false,
    extension: false,
    callers: merchantOnly,
  },
  createH2hTransaction: {
    method: 'POST',
    path: '/transaction/h2h/create',
    summary: 'Legacy host-to-host card transaction; the result arrives by webhook',
    request: H2hCreateRequest,
    answer: H2hCreateResponse,
    answerDescription: 'Accepted (answer: decided by this project, docs/design.md)',
    idempotent: true,
    extension: false,
    callers: merchantOnly,
    callbacks: {
      transactionWebhook: {
        '{$request.body#/hookUrl}': {
          post: {
            summary: 'Transaction result, signed with X-Signature: sha256=<hex HMAC-SHA256 of the raw body>',
            request: H2hWebhook,
            responses: 'Any 2xx acknowledges; others are retried after 1, 2, 4, 8, 16 s',
          },
        },
      },
    },
  },
  getCheckoutSettings: {
    method: 'GET',
    path: '/public/merchant/{merchantId}/checkout-settings',
    summary: "The merchant's hosted checkout settings",
    answer: CheckoutSettings,
    answerDescription: 'Settings',
    idempotent: false,
    extension: true,
    callers: both,
  },
  putCheckoutSettings: {
    method: 'PUT',
    path: '/public/merchant/{merchantId}/checkout-settings',
    summary:
      "Sets the merchant's hosted checkout settings (the whole of them: GET, change, PUT) and, when given, its webhook URL; the pages show them within 5 s. 400 for a setting that breaks the schema, a logo that is not https or a data: image, or a webhook URL the service may not reach; 404 for another merchant.",
    request: MerchantSettingsUpdate,
    answer: MerchantSettings,
    answerDescription: 'The settings as stored',
    idempotent: true,
    extension: true,
    callers: merchantOnly,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
export type Operation<K extends OperationId> = (typeof OPERATIONS)[K];

/** `{ payinId: string }` for '/public/payin/{payinId}/methods'. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

/** The request body type of an operation (what its zod schema accepts), or undefined. */
export type RequestOf<K extends OperationId> = Operation<K> extends { request: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The parsed request body of an operation, as the sandbox receives it. */
export type ParsedRequestOf<K extends OperationId> = Operation<K> extends { request: infer S extends z.ZodType } ? z.output<S> : undefined;
/** The query parameters of an operation (what its zod schema accepts), or undefined. */
export type QueryOf<K extends OperationId> = Operation<K> extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The parsed query parameters of an operation ({} for one without). */
export type ParsedQueryOf<K extends OperationId> =
  Operation<K> extends { query: infer S extends z.ZodType } ? z.output<S> : Record<string, never>;
/** The answer of an operation (void for 204). */
export type AnswerOf<K extends OperationId> = Operation<K>['answer'] extends infer S extends z.ZodType ? z.output<S> : void;

export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** The success status of an operation: 200 with its answer, or 204. */
export const successStatus = (id: OperationId): 200 | 204 => (OPERATIONS[id].answer === null ? 204 : 200);
