/**
 * What 3-D Secure did for a card pay-in, and what a merchant may ask of it (docs/design.md,
 * section 3, "3-D Secure outcomes"): an extension of this project to PayinCreateRequest and
 * PayinTransaction.
 *
 * Sources: Commission Delegated Regulation (EU) 2018/389 (the RTS on strong customer
 * authentication): Art. 13 trusted beneficiaries, Art. 16 low-value transactions (EUR 30; EUR 100
 * or five consecutive payments since the last SCA), Art. 18 transaction risk analysis with the
 * Annex's exemption threshold values (EUR 100 / 250 / 500 at reference fraud rates of 0.13 % /
 * 0.06 % / 0.01 % for remote card payments); EMV 3-D Secure Protocol and Core Functions 2.3.1:
 * transStatus, transStatusReason, threeDSRequestorChallengeInd 05 (TRA performed), 06 (data share
 * only), 09 (Trust List prompt). ECI by scheme: Visa 05 authenticated, 06 attempted, 07 not
 * authenticated or data only; Mastercard 02, 01, 00, and 04 for Identity Check Insights (data only),
 * 06 for an exemption.
 */
import { z } from 'zod';

/** The SCA exemptions of the RTS a pay-in may ask for: Art. 16, Art. 18, Art. 13. */
export const SCA_EXEMPTIONS = ['LOW_VALUE', 'TRA', 'TRUSTED_BENEFICIARY'] as const;
export const ScaExemption = z.enum(SCA_EXEMPTIONS).meta({ id: 'ScaExemption', 'x-extension': true });
export type ScaExemption = z.infer<typeof ScaExemption>;

/**
 * Payments outside SCA: the issuer outside the EEA and UK (one-leg), mail or telephone order.
 * Merchant-initiated payments are out of scope too, but the reference has no payment made without
 * the customer: every pay-in here is customer-initiated.
 */
export const ScaOutOfScope = z.enum(['ONE_LEG_OUT', 'MOTO']).meta({ id: 'ScaOutOfScope', 'x-extension': true });
export type ScaOutOfScope = z.infer<typeof ScaOutOfScope>;

/**
 * What a merchant asks of 3-D Secure for one pay-in: an exemption, data only (the issuer gets the
 * data, nobody is authenticated: challenge indicator 06), or a challenge (03); a payment taken by
 * mail or telephone (MOTO) is outside SCA. The service refuses one that cannot apply (400, the
 * reason in the message): LOW_VALUE above EUR 30, TRA or DATA_ONLY above the acquirer's exemption
 * threshold value.
 */
export const AuthenticationRequest = z
  .object({
    request: z.enum([...SCA_EXEMPTIONS, 'DATA_ONLY', 'CHALLENGE']).optional(),
    channel: z
      .enum(['ECOMMERCE', 'MOTO'])
      .optional()
      .meta({ description: 'Default ECOMMERCE; MOTO: keyed by the merchant’s agent, no 3-D Secure.' }),
  })
  .strict()
  .meta({
    id: 'AuthenticationRequest',
    'x-extension': true,
    description:
      'An extension of this project: what the merchant asks of 3-D Secure for this pay-in. Refused (400, the reason in the message) where it cannot apply; the issuer may still refuse an exemption, and the customer is then challenged within the same pay-in (never charged twice).',
  });
export type AuthenticationRequest = z.infer<typeof AuthenticationRequest>;

/** How 3-D Secure ended for a card pay-in. */
export const THREE_DS_OUTCOMES = [
  'AUTHENTICATED',
  'FRICTIONLESS',
  'ATTEMPTED',
  'DATA_ONLY',
  'EXEMPTED',
  'OUT_OF_SCOPE',
  'NOT_AUTHENTICATED',
] as const;
export const ThreeDsOutcome = z.enum(THREE_DS_OUTCOMES).meta({ id: 'ThreeDsOutcome', 'x-extension': true });
export type ThreeDsOutcome = z.infer<typeof ThreeDsOutcome>;

/** EMV 3DS transStatus of the final answer (ARes or RReq). */
export const TransStatus = z.enum(['Y', 'N', 'U', 'A', 'R', 'I']).meta({ id: 'TransStatus', 'x-extension': true });
export type TransStatus = z.infer<typeof TransStatus>;

export const ThreeDsResult = z
  .object({
    version: z
      .string()
      .nullable()
      .meta({ description: 'EMV 3DS messageVersion (2.3.1), or null where no 3DS message was sent (out of scope).' }),
    outcome: ThreeDsOutcome,
    transStatus: TransStatus.optional(),
    transStatusReason: z
      .string()
      .regex(/^\d{2}$/)
      .optional()
      .meta({ description: 'EMV 3DS transStatusReason (two digits), where the answer gave one.' }),
    challenged: z.boolean().meta({ description: 'The cardholder was asked to confirm (a challenge or a passkey).' }),
    exemption: ScaExemption.optional().meta({ description: 'The exemption the issuer honoured (outcome EXEMPTED).' }),
    outOfScope: ScaOutOfScope.optional(),
    requested: z
      .enum([...SCA_EXEMPTIONS, 'DATA_ONLY', 'CHALLENGE'])
      .optional()
      .meta({ description: 'What the pay-in asked (its `authentication.request`).' }),
    refusedByIssuer: z.enum(['SOFT_DECLINE', 'FREQUENCY_LIMIT', 'NOT_TRUSTED']).optional().meta({
      description:
        'The issuer refused the exemption asked and challenged the cardholder instead: a soft decline of the authorisation, its low-value counters exceeded (transStatusReason 04), or the merchant not on the cardholder’s trusted list.',
    }),
    payToken: z.literal(true).optional().meta({
      description:
        'Paid with a network token and its cryptogram (Click to Pay) in place of the card number: the issuer may let it through without a challenge where the card would be challenged.',
    }),
    eci: z
      .string()
      .regex(/^\d{2}$/)
      .nullable()
      .meta({
        description: 'Electronic Commerce Indicator of the brand (Visa 05/06/07, Mastercard 02/01/00/04/06); null outside e-commerce.',
      }),
    liabilityShift: z.boolean().meta({ description: 'Fraud liability moved to the issuer (authenticated or attempted).' }),
  })
  .meta({
    id: 'ThreeDsResult',
    'x-extension': true,
    description:
      'An extension of this project: what 3-D Secure did for the last card attempt, once it ended (absent while it runs, and for other methods).',
  });
export type ThreeDsResult = z.infer<typeof ThreeDsResult>;
