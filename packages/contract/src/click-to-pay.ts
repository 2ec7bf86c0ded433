/**
 * Click to Pay (EMVCo Secure Remote Commerce) in the card page: the shapes the checkout, the
 * service and the sandbox's SRC system exchange (docs/design.md, E28; an extension of this
 * project). The checkout is the SRC Initiator and draws its own card list; the SRC system keeps
 * the consumer's profiles and cards and answers a sealed payload (a network token and its
 * cryptogram) that only the service opens.
 *
 * Sources: EMVCo Secure Remote Commerce Specification (SRC Initiator, SRC System, DCF,
 * srcCorrelationId, srcDigitalCardId); the Click to Pay CX Guidelines (the one-time code, the card
 * list, "Not you?", consent to link a card); Visa TAVV and Mastercard DSRP cryptograms.
 */
import { z } from 'zod';
import { Browser } from './common';

/** The card brands Click to Pay may be offered for. */
export const ClickToPayBrand = z.enum(['VISA', 'MASTERCARD']).meta({ id: 'ClickToPayBrand', 'x-extension': true });
export type ClickToPayBrand = z.infer<typeof ClickToPayBrand>;

/** Checkout settings (E12): the brands Click to Pay is offered for; absent, it is not offered. */
export const ClickToPaySettings = z
  .object({ brands: z.array(ClickToPayBrand).min(1).max(2) })
  .meta({ id: 'ClickToPaySettings', 'x-extension': true });
export type ClickToPaySettings = z.infer<typeof ClickToPaySettings>;

/** A consumer identity as the customer types it ("Switch ID"): an email or a phone number (E.164). */
export const ConsumerIdentity = z
  .object({ type: z.enum(['EMAIL', 'MOBILE_PHONE_NUMBER']), value: z.string().trim().min(3).max(254) })
  .strict()
  .meta({ id: 'ConsumerIdentity', 'x-extension': true });
export type ConsumerIdentity = z.infer<typeof ConsumerIdentity>;

/** An identity as the SRC system shows it back: masked (`a•••@example.com`, `+44 ••• 567`). */
export const MaskedIdentity = z
  .object({ type: z.enum(['EMAIL', 'MOBILE_PHONE_NUMBER']), value: z.string().max(64) })
  .meta({ id: 'MaskedIdentity', 'x-extension': true });

/** A card of the consumer's Click to Pay profile, as the card list shows it: never a card number. */
export const SrcCard = z
  .object({
    srcDigitalCardId: z.string().max(64),
    brand: ClickToPayBrand,
    panLastFour: z.string().regex(/^\d{4}$/),
    panExpirationMonth: z.string().regex(/^\d{2}$/),
    panExpirationYear: z.string().regex(/^\d{4}$/),
    descriptorName: z.string().max(64),
    artUri: z.string().max(8192).meta({ description: 'The card art, a data:image/svg+xml URI (the CSP allows data: images).' }),
    dateOfCardLastUsed: z.string().optional(),
  })
  .meta({ id: 'SrcCard', 'x-extension': true });
export type SrcCard = z.infer<typeof SrcCard>;

/**
 * `POST /public/payin/{payinId}/click-to-pay/session`: the SRC session the card page's Click to
 * Pay runs in. `srcClientToken` is a secret of that session (30 minutes) the browser sends to the
 * SRC system at `srcOrigin`; `consumerPresent` and `maskedIdentity` say whether the pay-in's
 * customer has a profile, without naming it.
 */
export const ClickToPaySession = z
  .object({
    srcCorrelationId: z.string().max(64),
    srcClientToken: z.string().max(64),
    srcOrigin: z.string().url(),
    expiresAt: z.string(),
    brands: z.array(ClickToPayBrand),
    consumerPresent: z.boolean(),
    maskedIdentity: MaskedIdentity.optional(),
  })
  .meta({ id: 'ClickToPaySession', 'x-extension': true });
export type ClickToPaySession = z.infer<typeof ClickToPaySession>;

/**
 * `POST /public/payin/{payinId}/process/click-to-pay`: pays with the card the customer chose in
 * Click to Pay. `checkoutResponse` is the SRC system's sealed payload (the network token and its
 * cryptogram, bound to this pay-in, its amount and currency; 15 minutes, one use): the browser
 * and the checkout only pass it on.
 */
export const ProcessClickToPayRequest = z
  .object({
    browser: Browser,
    clickToPay: z
      .object({
        srcCorrelationId: z.string().min(1).max(64),
        srcDigitalCardId: z.string().min(1).max(64),
        checkoutResponse: z.string().min(1).max(4096),
      })
      .strict(),
  })
  .meta({ id: 'ProcessClickToPayRequest', 'x-extension': true });
export type ProcessClickToPayRequest = z.infer<typeof ProcessClickToPayRequest>;

/** A typed card's link to Click to Pay, asked by the box the customer ticked (`ProcessCardRequest.clickToPay`). */
export const ClickToPayLinkRequest = z
  .object({
    link: z
      .object({
        textVersion: z.string().min(1).max(32),
        locale: z.string().min(2).max(35),
        srcCorrelationId: z.string().max(64).optional(),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'ClickToPayLinkRequest', 'x-extension': true });
export type ClickToPayLinkRequest = z.infer<typeof ClickToPayLinkRequest>;

/**
 * What a pay-in says of Click to Pay (`PayinTransaction.clickToPay`): the identity the link box
 * names, the card it was paid with (a network token: its last four and cryptogram type), and the
 * outcome of linking a typed card (derived at read time from the pay-in's status).
 */
export const PayinClickToPay = z
  .object({
    identity: z.object({ maskedEmail: z.string().optional(), maskedPhone: z.string().optional(), consumerPresent: z.boolean() }).optional(),
    paidWith: z
      .object({
        srcCorrelationId: z.string(),
        srcDigitalCardId: z.string(),
        tokenLastFour: z.string().regex(/^\d{4}$/),
        cryptogram: z.enum(['TAVV', 'DSRP']),
        recognisedBy: z.enum(['COOKIE', 'OTP']),
      })
      .optional(),
    link: z
      .object({
        outcome: z.enum(['PENDING', 'LINKED', 'NOT_LINKED']),
        reason: z.enum(['NOT_ELIGIBLE', 'IDENTITY_UNVERIFIED', 'NO_IDENTITY', 'NOT_AUTHORISED']).optional(),
        srcDigitalCardId: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'PayinClickToPay', 'x-extension': true });
export type PayinClickToPay = z.infer<typeof PayinClickToPay>;

/*
 * The SRC system's browser API (docs/sandbox.md, "Click to Pay"): `POST {srcOrigin}/sandbox/src/api/{op}`,
 * JSON of at most 8 KB, each with the session's `srcClientToken`, called by the card page with
 * its credentials (the recognition cookie). Unknown fields are ignored, as the SDKs' are.
 * Refusals are `{ reason, status, message, …extra }` (Mastercard's error shape).
 */

/** A bearer secret of the SRC system (srcClientToken, idToken): 43 characters of base64url when well formed. */
const SrcSecret = z.string().min(1).max(128);

/** `recognize`: is this browser remembered at this merchant (the recognition cookie)? */
export const SrcRecognizeRequest = z.object({ srcClientToken: SrcSecret }).meta({ id: 'SrcRecognizeRequest', 'x-extension': true });
export type SrcRecognizeRequest = z.infer<typeof SrcRecognizeRequest>;

/** `identity-lookup` ("Switch ID"): the identity the customer typed becomes the session's (5 per session). */
export const SrcIdentityLookupRequest = z
  .object({ srcClientToken: SrcSecret, identity: ConsumerIdentity })
  .meta({ id: 'SrcIdentityLookupRequest', 'x-extension': true });
export type SrcIdentityLookupRequest = z.infer<typeof SrcIdentityLookupRequest>;

/** `validation-initiate`: sends the one-time code to the session identity's profile (its email by default). */
export const SrcValidationInitiateRequest = z
  .object({ srcClientToken: SrcSecret, channel: z.enum(['EMAIL', 'SMS']).optional() })
  .meta({ id: 'SrcValidationInitiateRequest', 'x-extension': true });
export type SrcValidationInitiateRequest = z.infer<typeof SrcValidationInitiateRequest>;

/**
 * `validation-complete`: the code the customer typed (`validationData`); `rememberMe` ("Skip
 * verification next time") sets the recognition cookie and records the consent, in `locale`
 * (BCP 47, `en` when absent) for the text version `textVersion` (the current one when absent).
 */
export const SrcValidationCompleteRequest = z
  .object({
    srcClientToken: SrcSecret,
    validationData: z.string().min(1).max(16),
    rememberMe: z.boolean().optional(),
    locale: z
      .string()
      .max(35)
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .optional(),
    textVersion: z.string().min(1).max(32).optional(),
  })
  .meta({ id: 'SrcValidationCompleteRequest', 'x-extension': true });
export type SrcValidationCompleteRequest = z.infer<typeof SrcValidationCompleteRequest>;

/** `checkout` (the SDKs' checkoutWithCard): the sealed payload for card `srcDigitalCardId` of the validated profile. */
export const SrcCheckoutRequest = z
  .object({ srcClientToken: SrcSecret, idToken: SrcSecret, srcDigitalCardId: z.string().min(1).max(64) })
  .meta({ id: 'SrcCheckoutRequest', 'x-extension': true });
export type SrcCheckoutRequest = z.infer<typeof SrcCheckoutRequest>;

/** `sign-out` ("Not you?"): forgets this browser at this merchant and drops the session's validation. */
export const SrcSignOutRequest = z.object({ srcClientToken: SrcSecret }).meta({ id: 'SrcSignOutRequest', 'x-extension': true });
export type SrcSignOutRequest = z.infer<typeof SrcSignOutRequest>;

/** Whether the session's identity (or the typed one) has a Click to Pay profile, masked. */
export const SrcConsumerPresence = z
  .object({ consumerPresent: z.boolean(), maskedIdentity: MaskedIdentity.optional() })
  .meta({ id: 'SrcConsumerPresence', 'x-extension': true });
export type SrcConsumerPresence = z.infer<typeof SrcConsumerPresence>;

/** A validated profile (a remembered browser or a right code): its idToken (15 minutes), masked identity and cards of the offered brands. */
export const SrcValidatedProfile = z
  .object({ idToken: z.string(), maskedIdentity: MaskedIdentity, cards: z.array(SrcCard) })
  .meta({ id: 'SrcValidatedProfile', 'x-extension': true });
export type SrcValidatedProfile = z.infer<typeof SrcValidatedProfile>;

/** The answer of `recognize`. */
export const SrcRecognizeAnswer = z
  .discriminatedUnion('recognized', [
    SrcValidatedProfile.extend({ recognized: z.literal(true) }),
    SrcConsumerPresence.extend({ recognized: z.literal(false) }),
  ])
  .meta({ id: 'SrcRecognizeAnswer', 'x-extension': true });
export type SrcRecognizeAnswer = z.infer<typeof SrcRecognizeAnswer>;

/** The answer of `validation-initiate`: where the code went (masked), the channels, when a resend is offered (s), the code's length. */
export const SrcValidationInitiated = z
  .object({
    maskedValidationChannel: z.string(),
    supportedValidationChannels: z.array(z.enum(['EMAIL', 'SMS'])),
    resendAfterSeconds: z.number().int(),
    codeLength: z.number().int(),
  })
  .meta({ id: 'SrcValidationInitiated', 'x-extension': true });
export type SrcValidationInitiated = z.infer<typeof SrcValidationInitiated>;

/** The answer of `checkout`: the sealed payload for `POST /public/payin/{payinId}/process/click-to-pay`, and the card it pays with. */
export const SrcCheckoutAnswer = z
  .object({
    dcfActionCode: z.literal('COMPLETE'),
    srcCorrelationId: z.string(),
    checkoutResponse: z.string(),
    maskedCard: z.object({ panLastFour: z.string().regex(/^\d{4}$/), brand: ClickToPayBrand }),
  })
  .meta({ id: 'SrcCheckoutAnswer', 'x-extension': true });
export type SrcCheckoutAnswer = z.infer<typeof SrcCheckoutAnswer>;

/** The browser API's operations (the URL's last segment). */
export const SRC_API_OPS = ['recognize', 'identity-lookup', 'validation-initiate', 'validation-complete', 'checkout', 'sign-out'] as const;
export type SrcApiOp = (typeof SRC_API_OPS)[number];
