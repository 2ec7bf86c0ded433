/**
 * The shapes of the sandbox's JSON columns (packages/sandbox/db/schema.ts types each column with its shape,
 * so a row read from the database needs no cast). Defined here, below the sandbox's modules and
 * above the contract only, so the schema and the sandbox share one source without an import circle.
 * No shape holds a PAN or a CVV (docs/design.md, section 4).
 */
import type { PendingLimits } from '@hosted-checkout/contract/responsible-gambling/limit-changes';
import type { RegisterAnswer } from '@hosted-checkout/contract/responsible-gambling/national-registers';
import type { LimitRaiseRequest } from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import type { DetailedStatus, PayinStatus, PayoutStatus, Regulator, WalletType } from '@hosted-checkout/contract/enums';
import type { H2hCreateRequest } from '@hosted-checkout/contract/h2h';
import type { CheckoutSettings } from '@hosted-checkout/contract/merchant';
import type { PayinTransaction, ThreeDSCompInd } from '@hosted-checkout/contract/payin';
import type { ThreeDsResult } from '@hosted-checkout/contract/three-ds-outcome';
import type { PayinClickToPay } from '@hosted-checkout/contract/click-to-pay';

/** What a card attempt's authentication is waiting for, kept on the pay-in (`three_ds`). */
/** What the 3-D Secure under way was asked, and what the issuer refused of it. */
export type PendingResult = Pick<ThreeDsResult, 'requested' | 'refusedByIssuer' | 'payToken'> & {
  /** The ACS offers the cardholder to trust the merchant (challenge indicator 09; RTS Art. 13). */
  trustPrompt?: boolean;
};

/** `payins.three_ds_result`: the ended authentication, or what the one under way was asked and refused (packages/sandbox/service/payins/sca-decision.ts). */
export type StoredThreeDsResult = ThreeDsResult | { pending: PendingResult };

export interface ThreeDsState {
  phase: 'METHOD' | 'CHALLENGE';
  /** threeDSServerTransID of the attempt (EMV: a UUID). */
  serverTransId: string;
  /** After the Method: frictionless success, or a challenge. */
  afterMethod?: 'success' | 'challenge';
  /** False: the sandbox's Method page never notifies (the 10 s timeout test card). */
  methodAnswers?: boolean;
  methodCompletion?: ThreeDSCompInd;
  /** The one-time challenge of the Secure Payment Confirmation offer out (base64url), spent by its report. */
  spcChallenge?: string;
  /** The challenge of the passkey enrolment the ACS offered after a passed challenge. */
  enrolChallenge?: string;
  /**
   * SHA-256 (base64url) of the passkey enrolment token given to the browser that passed the
   * challenge, and until when it may enrol (ISO 8601): only that browser may add a passkey.
   */
  enrolTokenHash?: string;
  enrolUntil?: string;
  /** How the challenge was passed: answered, or by a passkey (SPC). */
  passedBy?: 'challenge' | 'spc';
}

/** A card as the sandbox keeps it: never the PAN or the CVV. */
export interface StoredCard {
  cardId?: string;
  mask: string;
  brand: string;
  hash: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string;
  /** The card came from a wallet: which, and the token's reference (one use per pay-in). */
  wallet?: { type: WalletType; ref: string };
  /** The card came from Click to Pay (a network token stood for it): what the pay-in says it was paid with. */
  clickToPay?: { paidWith: NonNullable<PayinClickToPay['paidWith']> };
}

/** A timed outcome (test cards, unanswered challenge, refund, payout processing) due at `pendingUntil`. */
export interface PendingOutcome<S extends PayinStatus | PayoutStatus = PayinStatus | PayoutStatus> {
  status: S;
  detailedStatus?: DetailedStatus;
  reason?: string;
}

/** What the sandbox keeps of an h2h request besides the pay-in itself. */
export interface H2hData {
  hookUrl: string;
  callback: string;
  callbackFail: string;
  lang: string;
  cardToken: string;
  previousPaymentCount?: number;
  /** As the request gave it (the contract's schema: one source). */
  billing: H2hCreateRequest['billing'];
  /** ACS URL while the pay-in waits for 3DS. */
  threeDsUrl?: string;
}

/** One try of a webhook delivery (`webhook_deliveries.log`). */
export interface DeliveryAttempt {
  at: string;
  status?: number;
  /** Why no HTTP answer came: refused (a forbidden address), timeout, unreachable. */
  error?: string;
  durationMs: number;
}

/** The kinds of payment method of the reference (Method.type). */
export type MethodType = 'CARD' | 'BANK' | 'WALLET' | 'CASH' | 'CRYPTO' | 'OTHER';

/** A PSP of the sandbox's merchant configuration. */
export interface SandboxPsp {
  id: string;
  name: string;
  /** Method ids: `card` or an APM id. */
  methods: string[];
  /** Currencies the PSP accepts; the first is the one conversion goes into. */
  currencies: string[];
  requiresKyc: boolean;
  /** A card acquirer's fraud rate (%, rolling 90 days, RTS 2018/389 Art. 19): the TRA threshold value it earns (Art. 18 and Annex); absent: no TRA. */
  fraudRatePercent?: number;
}

/** A sandbox merchant's configuration (`merchants.config`): checkout settings, currencies, PSPs, routers, routes, rates. */
export interface SandboxMerchantConfig {
  displayName: string;
  settings: CheckoutSettings;
  currencies: string[];
  psps: SandboxPsp[];
  routers: { id: string; pspIds: string[] }[];
  defaultRouterId: string;
  directRoutes: { id: string; pspId: string; methodId: string }[];
  /** Value of one unit of each currency in EUR. */
  ratesToEur: Record<string, number>;
  /**
   * Pay N Play (docs/design.md, E26): whether the sandbox decides identified players itself, as a
   * merchant would (adults allowed; under 18 and the self-exclusion register denied), for demos and
   * integration tests; absent: on. Off: only the merchant's player-decision call decides.
   */
  payNPlay?: { autoDecide: boolean };
}

/** A customer's deposit limits per currency, minor units (`customers.deposit_limits`). */
export type StoredDepositLimits = Record<string, Partial<Record<'day' | 'week' | 'month', number>>>;

/**
 * A customer's responsible-gambling record (`customers.gambling`): raises of their deposit
 * limits waiting for the cooling-off (per currency, minor units), when they answered the question
 * of limits before a first deposit, a time-out or self-exclusion set by the merchant, and the
 * reality-check interval they chose (minutes; 0: off).
 */
export interface StoredResponsibleGambling {
  pending?: Record<string, PendingLimits>;
  limitsAnsweredAt?: string;
  exclusion?: { kind: 'TIME_OUT' | 'SELF_EXCLUSION'; until?: string };
  realityCheckMinutes?: number;
  /** Loss and net deposit limits (the deposit limits are the row's `deposit_limits`): per kind, per currency set in, minor units. */
  otherLimits?: Partial<Record<'loss' | 'netDeposit', StoredDepositLimits>>;
  /** Their raises not applied yet, per kind, per currency asked in (as `pending`). */
  otherPending?: Partial<Record<'loss' | 'netDeposit', Record<string, PendingLimits>>>;
  /** When the customer last dismissed the six-monthly review reminder (ISO 8601); the next is due 182 days later. */
  reviewedAt?: string;
  /** The UKGC financial-check signal: whether the customer is over the threshold now (one event per crossing) and since when. */
  financialCheck?: { over: boolean; at: string };
  /**
   * The national self-exclusion registers' last answers (ROFUS, SIGAP), per licence: the answer, when
   * it was given, and the keyed hash of the id it was asked for (never the id: a new id is asked again).
   */
  registers?: Partial<Record<Regulator, RegisterAnswer & { idHash: string }>>;
  /** Germany: the customer's latest request for a higher monthly ceiling (the contract's LimitRaiseRequest, EUR major units). */
  limitRaise?: LimitRaiseRequest;
  /** The monthly ceiling the merchant approved (minor units of `currency`); it replaces the rules' ceiling (GGL: EUR 1,000). */
  approvedCeiling?: { currency: string; minor: number; requestId: string; approvedAt: string };
}

/** The reason of a final status (`status_reason`): the contract's StatusReason. */
export type StoredStatusReason = NonNullable<PayinTransaction['statusReason']>;

/** A pay-in's metadata (`metadata`): the contract's PayinMetadata. */
export type StoredMetadata = NonNullable<PayinTransaction['metadata']>;

/** Free-form maps (`additional_data`, `merchant_additional_data`). */
export type StoredMap = Record<string, unknown>;
