/**
 * Pay-in operations of the public API 2.0.0 (reference, "Pay-in") with their extensions
 * (docs/design.md, section 3): the card processing body and redirectUrl, the saved-card
 * redirectUrl, attemptsRemaining and statusReason in processing answers, and the
 * `attemptsRemaining` field (an extension of this project, see README: the checkout needs to know whether a declined
 * pay-in may be tried again with another card).
 */
import { z } from 'zod';
import { Browser, CurrencyCode, Customer, FreeFormMap, IframeUrls, MajorAmount, ReturnUrls } from './common';
import { SavedCard } from './customer';
import { DetailedStatus, DeviceType, PayinCreateStatus, PayinStatus, PayoutStatus, TransactionMethodType, WalletType } from './enums';
import { FundingType } from './bin';
import { Regulator } from './responsible-gambling/schemas';
import { AuthenticationRequest, ThreeDsResult } from './three-ds-outcome';
import { ClickToPayLinkRequest, PayinClickToPay } from './click-to-pay';

export const PayinCreateRequest = z
  .object({
    orderId: z.string().trim().min(1).max(128),
    amount: MajorAmount.meta({ description: 'Major units of `currency`; at most its ISO 4217 minor units.' }),
    currency: CurrencyCode,
    kycVerified: z.boolean(),
    customer: Customer,
    previousTransactionCount: z.number().int().min(0).max(2147483647),
    returnUrls: ReturnUrls,
    routerId: z.string().max(128).optional(),
    directRouteId: z.string().max(128).optional(),
    merchantAdditionalData: FreeFormMap.optional(),
    authentication: AuthenticationRequest.optional(),
  })
  .meta({ id: 'PayinCreateRequest' });
export type PayinCreateRequest = z.infer<typeof PayinCreateRequest>;

export const PayinCreateResponse = z
  .object({ paymentId: z.string(), status: PayinCreateStatus, iframeUrls: IframeUrls })
  .meta({ id: 'PayinCreateResponse' });
export type PayinCreateResponse = z.infer<typeof PayinCreateResponse>;

export const StatusReason = z
  .object({
    reason: z.string().optional(),
    detailedStatus: DetailedStatus.optional(),
    status: z.union([PayinStatus, PayoutStatus]).optional().meta({
      description:
        "The transaction's status the reason explains (a payout's too: a withdrawal the customer cancelled, CUSTOMER_CANCELLED, is REJECTED).",
    }),
  })
  .meta({ id: 'StatusReason' });

const IpInfo = z.looseObject({
  country: z.string().optional(),
  asn: z.string().optional(),
  vpn: z.boolean().optional(),
  proxy: z.boolean().optional(),
  anonymousIp: z.boolean().optional(),
});

/**
 * Transaction metadata. The reference names the members of two provider-specific groups
 * but not the groups' own keys; they are kept as open objects here (`ipReputation`,
 * `emailValidation`), and every group accepts members the service may add.
 */
export const PayinMetadata = z
  .looseObject({
    ipAddress: z.string().optional(),
    ipInfo: IpInfo.optional(),
    deviceType: DeviceType.optional(),
    ipReputation: z.looseObject({}).optional(),
    emailValidation: z.looseObject({}).optional(),
    phoneValidation: z.looseObject({}).optional(),
  })
  .meta({ id: 'PayinMetadata' });

/** EMV 3-D Secure threeDSCompInd: Y the Method completed, N it did not within 10 s (or could not run), U no Method URL. */
export const ThreeDSCompInd = z.enum(['Y', 'N', 'U']).meta({ id: 'ThreeDSCompInd' });
export type ThreeDSCompInd = z.infer<typeof ThreeDSCompInd>;

/** What the rules of a licence in force for a pay-in's customer refuse now (docs/design.md, section 8, "funding on credit"). */
export const RefusedByRules = z
  .object({
    regulator: Regulator,
    fundingTypes: z
      .array(FundingType)
      .meta({ description: 'Card funding types refused (the BIN lookup reports a charge card as CREDIT, so it is refused with them).' }),
    methods: z.array(z.string()).meta({
      description:
        "The APMs refused: those the merchant marks as credit-funded (checkout settings `creditFundedMethods`), which the pay-in's methods list leaves out.",
    }),
  })
  .meta({
    id: 'RefusedByRules',
    'x-extension': true,
    description:
      "Present when the rules of a licence in force for the pay-in's customer (by billing country) refuse some funding now, `regulator` naming whose: Spelinspektionen refuses gambling on credit from 1 May 2026 (Europe/Stockholm; spellagen 14 kap. 8 § as amended by prop. 2025/26:11). Processing a refused card, wallet card, saved card or method is 400, its message naming the rule. The merchant's own `refusedFundingTypes` are not repeated here.",
  });
export type RefusedByRules = z.infer<typeof RefusedByRules>;

export const PayinTransaction = z
  .object({
    id: z.string(),
    amount: z.number(),
    merchantId: z.string(),
    customerId: z.string(),
    orderId: z.string(),
    currency: z.string().meta({ description: 'Final currency, possibly converted.' }),
    status: PayinStatus,
    initialAmount: z.number(),
    initialCurrency: z.string(),
    routerId: z.string().optional(),
    returnUrls: ReturnUrls,
    cardId: z.string().optional(),
    cardMask: z.string().optional(),
    cardBrand: z.string().optional(),
    cardHash: z.string().optional(),
    merchantPspId: z.string().optional(),
    pspTransactionId: z.string().optional(),
    statusReason: StatusReason.optional(),
    previousTransactionCount: z.number().int().optional(),
    metadata: PayinMetadata.optional(),
    transactionType: TransactionMethodType.optional(),
    additionalData: FreeFormMap.optional(),
    pspAdditionalData: FreeFormMap.optional(),
    attemptsRemaining: z.number().int().min(0).optional().meta({
      'x-extension': true,
      description:
        'Processing attempts left (an extension of this project; processing answers carry it too): a DECLINED pay-in may be processed again while this is above 0.',
    }),
    challengeUrl: z.string().optional().meta({
      'x-extension': true,
      description:
        "A PENDING_3DS pay-in's 3DS challenge (the ACS page), for a customer who lost the page it was shown in (a reload); the processing answer's redirectUrl again.",
    }),
    threeDSCompInd: ThreeDSCompInd.optional().meta({
      'x-extension': true,
      description:
        'The 3DS Method completion indicator the checkout reported for the last card attempt (EMV 3-D Secure threeDSCompInd): Y completed, N not completed within 10 s, U not available.',
    }),
    fee: z.number().optional().meta({
      'x-extension': true,
      description: "The cashier fee included in `initialAmount` (major units of `initialCurrency`, the session's currency).",
    }),
    sessionId: z.string().optional().meta({
      'x-extension': true,
      description:
        "Decided by this project: the cashier session the pay-in was made in (E9), when it was made in one. Its `orderId` is then the service's own, not the merchant's: the pages do not show it.",
    }),
    savedCards: z.array(SavedCard).optional().meta({
      'x-extension': true,
      description:
        "The customer's saved cards at this read, masked, the most recently used first (as GET /public/customer/{customerId}/cards): a page showing the transaction needs no second read. Absent from a service without the extension: then ask the cards' list.",
    }),
    refusedFunding: RefusedByRules.optional(),
    authentication: AuthenticationRequest.optional(),
    threeDs: ThreeDsResult.optional(),
    clickToPay: PayinClickToPay.optional().meta({
      'x-extension': true,
      description:
        "Click to Pay (docs/design.md, E28): the customer's masked identity and whether it has a profile, when the merchant offers it; the card it was paid with (`paidWith`, a network token: the pay-in's cardMask and cardBrand are the card's own); the outcome of linking a typed card (`link`, derived at each read from the pay-in's status).",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PayinTransaction' });
export type PayinTransaction = z.infer<typeof PayinTransaction>;

/** The card data of `process/card`. Expiry month "MM", year "YYYY". */
export const CardData = z
  .object({
    cardNumber: z.string().regex(/^\d{12,19}$/, 'PAN of 12 to 19 digits'),
    cardHolderName: z.string().trim().min(1).max(64),
    expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'MM'),
    expiryYear: z.string().regex(/^\d{4}$/, 'YYYY'),
    cvv: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
    preferredBrand: z.string().min(1).max(40).optional().meta({
      description: "The brand the cardholder chose for a co-badged card (one of the BIN lookup's brands); the pay-in's cardBrand.",
      'x-extension': true,
    }),
  })
  .meta({ id: 'CardData', 'x-extension': true });
export type CardData = z.infer<typeof CardData>;

/** StartCardProcessingRequest: the body of `process/card`. */
export const ProcessCardRequest = z
  .object({
    browser: Browser,
    cardData: CardData,
    saveCard: z.boolean(),
    clickToPay: ClickToPayLinkRequest.optional().meta({
      'x-extension': true,
      description:
        'The customer ticked "Link this card to Click to Pay" (docs/design.md, E28): the consent\'s text version and locale, and the SRC session the customer validated in, if any. The card is linked once the pay-in is SUCCESS; the pay-in\'s `clickToPay.link` says the outcome.',
    }),
  })
  .meta({ id: 'StartCardProcessingRequest', 'x-extension': true });
export type ProcessCardRequest = z.infer<typeof ProcessCardRequest>;

export const ProcessSavedCardRequest = z
  .object({
    browser: Browser,
    savedCardData: z.object({ cardId: z.string().min(1).max(128), cvv: z.string().regex(/^\d{3,4}$/) }),
  })
  .meta({ id: 'StartSavedCardProcessingRequest' });
export type ProcessSavedCardRequest = z.infer<typeof ProcessSavedCardRequest>;

export const ProcessDirectLinkRequest = z
  .object({ browser: Browser, additionalData: FreeFormMap })
  .meta({ id: 'StartDirectLinkProcessingRequest' });
export type ProcessDirectLinkRequest = z.infer<typeof ProcessDirectLinkRequest>;

/**
 * The issuer's 3DS Method to run before authentication (EMV 3-D Secure 2.2, "3DS Method"):
 * the browser posts `threeDSMethodData` = `data` to `url` in a hidden iframe, waits at most
 * 10 s for the ACS to post to the notification URL inside `data`, then reports the indicator.
 */
export const ThreeDSMethod = z
  .object({
    url: z.string().meta({ description: "The ACS's 3DS Method URL (threeDSMethodURL)." }),
    data: z
      .string()
      .meta({ description: 'threeDSMethodData: base64url JSON { threeDSServerTransID, threeDSMethodNotificationURL }, posted as is.' }),
  })
  .meta({ id: 'ThreeDSMethod', 'x-extension': true });
export type ThreeDSMethod = z.infer<typeof ThreeDSMethod>;

/** The 3DS Method's completion indicator reported to the service, which then authenticates. */
export const ThreeDSMethodResult = z.object({ threeDSCompInd: ThreeDSCompInd }).meta({ id: 'ThreeDSMethodResult', 'x-extension': true });
export type ThreeDSMethodResult = z.infer<typeof ThreeDSMethodResult>;

/** A base64url string (WebAuthn's binary fields as JSON). */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/**
 * The issuer's offer of Secure Payment Confirmation (W3C SPC; EMV 3DS 2.3.1): the data of
 * the `secure-payment-confirmation` PaymentRequest the checkout shows before the ordinary
 * challenge, for a card with a passkey at its ACS.
 */
export const SpcOffer = z
  .object({
    credentialIds: z
      .array(Base64Url(1024))
      .min(1)
      .max(16)
      .meta({ description: "The card's passkeys at the ACS (WebAuthn credential ids, base64url)." }),
    challenge: Base64Url(128).meta({ description: 'One-time challenge (base64url), spent by the report.' }),
    rpId: z.string().max(253).meta({ description: "The relying party: the ACS's host." }),
    payeeName: z.string().max(200).meta({ description: 'The merchant the prompt names.' }),
    instrument: z
      .object({ displayName: z.string().max(100), icon: z.string().max(4096) })
      .meta({ description: 'The card the prompt names, and its icon.' }),
    total: z
      .object({ currency: z.string().length(3), value: z.string().max(32) })
      .meta({ description: 'The amount the prompt shows: ISO 4217 currency and a decimal string in major units.' }),
    timeout: z.number().int().min(1000).max(300_000).meta({ description: 'Time for the prompt, in ms.' }),
  })
  .meta({ id: 'SpcOffer', 'x-extension': true });
export type SpcOffer = z.infer<typeof SpcOffer>;

/** The SPC assertion (a PublicKeyCredential of type payment.get, JSON-encoded as WebAuthn's toJSON). */
export const SpcAssertionReport = z
  .object({
    assertion: z.object({
      id: Base64Url(1024),
      rawId: Base64Url(1024),
      type: z.literal('public-key'),
      response: z.object({
        clientDataJSON: Base64Url(8192),
        authenticatorData: Base64Url(4096),
        signature: Base64Url(1024),
        userHandle: Base64Url(1024).optional(),
      }),
    }),
  })
  .meta({ id: 'SpcAssertionReport', 'x-extension': true });
export type SpcAssertionReport = z.infer<typeof SpcAssertionReport>;

/**
 * A wallet's payment token, as the wallet returned it: the sandbox wallet's signed token;
 * Google Pay's `paymentMethodData.tokenizationData.token` (PAYMENT_GATEWAY tokenization, the
 * ECv2 JSON as a string); Apple Pay's `token.paymentData` as a JSON string (EC_v1).
 */
export const ProcessWalletRequest = z
  .object({
    browser: Browser,
    wallet: z.object({ type: WalletType, token: z.string().min(1).max(16_384) }),
  })
  .meta({ id: 'StartWalletProcessingRequest', 'x-extension': true });
export type ProcessWalletRequest = z.infer<typeof ProcessWalletRequest>;

/**
 * Decided by this project: Apple Pay's merchant validation goes through the service, which
 * holds the merchant identity certificate. `validationUrl` is the one Apple's merchantvalidation
 * event names (an apple.com host, https); `domain` the checkout's host the session is for.
 */
export const ApplePaySessionRequest = z
  .object({ validationUrl: z.string().max(2048), domain: z.string().max(253) })
  .meta({ id: 'ApplePaySessionRequest', 'x-extension': true });
export type ApplePaySessionRequest = z.infer<typeof ApplePaySessionRequest>;

/** Apple's opaque merchant session, handed to `event.complete()` as it is. */
export const ApplePaySession = z
  .object({ merchantSession: z.record(z.string(), z.unknown()) })
  .meta({ id: 'ApplePaySession', 'x-extension': true });
export type ApplePaySession = z.infer<typeof ApplePaySession>;

/** Answer of card, saved-card and direct-link processing, with attemptsRemaining and statusReason. */
export const PayinProcessingResponse = z
  .object({
    paymentId: z.string(),
    status: PayinStatus,
    redirectUrl: z.string().optional().meta({
      description:
        "3DS challenge (ACS), provider page, or the customer's bank (Pay by Bank: its page, with a one-time token for this browser) the customer goes to next.",
    }),
    spc: SpcOffer.optional().meta({
      'x-extension': true,
      description:
        'The card has a passkey at its ACS: show Secure Payment Confirmation with these data, then report the assertion to process/spc; if it is cancelled, fails or is not supported, the redirectUrl challenge stands.',
    }),
    threeDSMethod: ThreeDSMethod.optional().meta({
      'x-extension': true,
      description: 'Run the 3DS Method, then report its indicator to process/3ds-method; the pay-in stays PENDING_3DS meanwhile.',
    }),
    attemptsRemaining: z.number().int().min(0).optional().meta({
      'x-extension': true,
      description:
        'Processing attempts left after this one, as in the fetch answer: a DECLINED pay-in may be processed again while this is above 0.',
    }),
    statusReason: StatusReason.optional().meta({
      'x-extension': true,
      description: 'Why the pay-in has its status, when it has a reason: the declined, failed or timed-out outcome of this attempt.',
    }),
  })
  .meta({ id: 'PayinProcessingResponse' });
export type PayinProcessingResponse = z.infer<typeof PayinProcessingResponse>;
