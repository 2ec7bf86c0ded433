/**
 * The messages the hosted pages post to the merchant's page (types only): `{ source: "checkout",
 * version: 1, type, ... }`, sent to the parent's origin only when it is one of the merchant's
 * allowed origins, never to `*`. The payment pages add `transactionType` and `paymentId`, the
 * cashier and the widget `sessionId`. The embed script (`/embed/v{release}.js` of the checkout)
 * handles `resize` and `redirect` itself and hands the others to `onMessage`.
 */

/** What every message carries. */
export interface CheckoutMessageBase {
  source: 'checkout';
  /** The version of the message protocol. */
  version: 1;
  transactionType?: 'payin' | 'payout';
  /** A payment page's pay-in or payout id. */
  paymentId?: string;
  /** The cashier's or the widget's cashier session id. */
  sessionId?: string;
}

/** The timings a framed page reports of itself (`timing`), when the checkout settings say `frameTimings: true`. */
export type CheckoutTimingMetric = 'ready' | 'ttfb' | 'fcp' | 'lcp' | 'inp' | 'cls' | 'threeds_method' | 'threeds_challenge';

/** The fields of each message type, beside `CheckoutMessageBase`. */
export interface CheckoutMessageFields {
  /** The page is interactive. */
  ready: Record<never, never>;
  /** The page's height in CSS px (the embed script sizes its iframe with it). */
  resize: { height: number };
  /** The customer submitted the payment form. */
  submitted: Record<never, never>;
  /** The transaction's status (the status page), e.g. `SUCCESS`, `DECLINED`. */
  status: { status: string };
  /** Navigate the top window to `url` (the merchant's return URL); the embed script does it. */
  redirect: { url: string };
  /**
   * `CARD_DECLINED` for any decline (never its reason, which would make the page a card-testing
   * oracle), `RATE_LIMITED` when a velocity limit refused the attempt.
   */
  error: { errorKey: 'CARD_DECLINED' | 'RATE_LIMITED' | (string & {}) };
  /**
   * The widget's live balance, in major units of `currency` (ISO 4217): `balance` (null when the
   * merchant gave none), `available` (what a withdrawal may take now: balance minus reserved),
   * `reserved` (held by withdrawals not yet final).
   */
  balance: { balance: number | null; available?: number | null; reserved?: number; currency: string };
  /** The card page shows the issuer's 3-D Secure challenge inside itself: the EMV challenge window, `01` to `05`. */
  challenge: { windowSize: string };
  /** A timing the page measured of itself: `value` in milliseconds (`cls` has no unit). */
  timing: { metric: CheckoutTimingMetric; value: number };
}

/** The message types of protocol version 1. */
export type CheckoutMessageType = keyof CheckoutMessageFields;

/** One message of the hosted pages, a union on `type` (switch on it; a later release may add types). */
export type CheckoutMessage = {
  [T in CheckoutMessageType]: CheckoutMessageBase & { type: T } & CheckoutMessageFields[T];
}[CheckoutMessageType];
