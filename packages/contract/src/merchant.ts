/** The merchant's checkout settings (docs/design.md, E12). */
import { z } from 'zod';
import { Regulator } from './responsible-gambling/schemas';
import { FundingType } from './bin';
import { REGULATORS, WalletType } from './enums';
import { HttpUrl } from './common';
import { ClickToPaySettings } from './click-to-pay';
import { COLOR_SCHEMES, FONT_FAMILIES } from './theme/theme';

export const CheckoutTheme = z
  .looseObject({
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    radius: z.number().min(0).max(32).meta({ description: 'Corner radius in CSS px.' }),
    fontFamily: z.enum(FONT_FAMILIES).optional().meta({
      description: "A font stack of the safe list (fonts on the customer's device, no download); default `system`.",
      'x-extension': true,
    }),
    colorScheme: z
      .enum(COLOR_SCHEMES)
      .optional()
      .meta({ description: "`light` (default), `dark`, or `auto` (the customer's `prefers-color-scheme`).", 'x-extension': true }),
  })
  .meta({
    id: 'CheckoutTheme',
    description: 'Colours failing WCAG 2.2 AA contrast in the chosen scheme are corrected by the pages, not applied as given.',
  });

/** An https URL of the merchant's own pages (never javascript:, data: or plain http). */
const HttpsUrl = z
  .string()
  .max(2048)
  .regex(/^https:\/\/[^\s]+$/, 'an https URL');

/** A cashier fee: `fixedMinor` ISO 4217 minor units of `currency` plus `basisPoints` (1/100 %) of the amount. */
export const FeeRule = z
  .object({
    method: z.string().min(1).max(40).meta({ description: '`card`, or an APM id (`bank-transfer`, `ewallet`…), or `apm` for every APM.' }),
    direction: z.enum(['deposit', 'withdrawal']),
    currency: z.string().regex(/^[A-Z]{3}$/),
    fixedMinor: z.number().int().min(0).max(1e9),
    basisPoints: z.number().int().min(0).max(10_000),
  })
  .meta({ id: 'FeeRule', 'x-extension': true });
export type FeeRule = z.infer<typeof FeeRule>;

/** The merchant's bounds of one transaction in a currency, in major units. */
export const AmountLimits = z
  .object({
    depositMin: z.number().positive().optional(),
    depositMax: z.number().positive().optional(),
    withdrawalMin: z.number().positive().optional(),
    withdrawalMax: z.number().positive().optional(),
  })
  .meta({ id: 'AmountLimits', 'x-extension': true });
export type AmountLimits = z.infer<typeof AmountLimits>;

export const CheckoutSettings = z
  .object({
    displayName: z.string(),
    logoUrl: z.string().optional(),
    allowedOrigins: z.array(z.string()).meta({
      description: 'Origins allowed to frame the pages and receive their messages; `scheme://host:*` allows any port.',
    }),
    theme: CheckoutTheme,
    defaultLocale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .optional()
      .meta({
        description: 'BCP 47 tag of the language served when neither `?locale=` nor Accept-Language names one the pages have (then `en`).',
        'x-extension': true,
      }),
    presetAmounts: z.record(z.string(), z.array(z.number().positive())),
    sessionTtlSeconds: z.number().int().positive(),
    payoutAutoConfirm: z.boolean(),
    preferredBrands: z.array(z.string()).optional().meta({
      description:
        'The brand a co-badged card defaults to, first match first; the cardholder may choose the other (EU Interchange Fee Regulation, article 8).',
      'x-extension': true,
    }),
    refusedFundingTypes: z.array(FundingType).optional().meta({
      description:
        "Funding types the merchant refuses (UK gambling licences: CREDIT). The card page says so as soon as the BIN is known; processing such a card is 400. Funding the rules of a licence in force refuse (Sweden's ban on gambling on credit) is refused whatever this says, and named as the rule's refusal (the pay-in's `refusedFunding`).",
      'x-extension': true,
    }),
    creditFundedMethods: z.array(z.string().min(1).max(40)).max(50).optional().meta({
      description:
        "The APMs (ids, e.g. an invoice or buy-now-pay-later method) the merchant marks as funded by credit. Where the rules in force for a customer ban gambling on credit (Spelinspektionen, from 1 May 2026 in Stockholm; docs/design.md, section 8), they are left out of the pay-in's methods and processing one is 400.",
      'x-extension': true,
    }),
    wallets: z.array(WalletType).max(3).optional().meta({
      description: 'The wallets the card page offers, when the browser has them (default none). SANDBOX_WALLET only against a sandbox.',
      'x-extension': true,
    }),
    clickToPay: ClickToPaySettings.optional().meta({
      description:
        'Click to Pay (EMVCo SRC) in the card page, for these brands (docs/design.md, E28); absent, it is not offered. Against the sandbox, its own SRC system.',
      'x-extension': true,
    }),
    withdrawalCancel: z.boolean().optional().meta({
      description:
        'Customers may cancel a withdrawal whose destination is given (WAITING_FOR_CONFIRMATION) (default false; never for a customer whose billing country is GB, nor where the licences in force ban a reversal). One still waiting for its destination (CREATED) its customer may always drop.',
      'x-extension': true,
    }),
    withdrawalDestinationMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .optional()
      .meta({
        description:
          'Minutes a cashier withdrawal waits for its destination (the card or account not given yet) before it is released: REJECTED with detailedStatus TRANSACTION_TIMEOUT, its amount back in the available balance, `payout.status_changed` sent. 5 to 1440; default 30.',
        'x-extension': true,
      }),
    withdrawalEtaHours: z
      .record(
        z.string(),
        z
          .number()
          .positive()
          .max(24 * 90),
      )
      .optional()
      .meta({
        description: 'Expected hours from request to money received, per method (`card`, an APM id, or `apm`).',
        'x-extension': true,
      }),
    limits: z.record(z.string(), AmountLimits).optional().meta({
      description: 'Per currency, the minimum and maximum of one deposit and one withdrawal (major units).',
      'x-extension': true,
    }),
    fees: z.array(FeeRule).max(100).optional().meta({ description: 'Fees per method, direction and currency.', 'x-extension': true }),
    bankWithdrawalOtherAccounts: z.boolean().optional().meta({
      description:
        'Withdrawals by bank may go to an account the customer did not deposit from, after a payee name check (default false: closed loop, docs/design.md, E25).',
      'x-extension': true,
    }),
    kycUrl: HttpsUrl.optional().meta({
      description: "The merchant's identity verification page, shown when no PSP serves an unverified customer.",
      'x-extension': true,
    }),
    licences: z.array(Regulator).max(REGULATORS.length).optional().meta({
      description:
        'The gambling licences the merchant holds; the service enforces the rules of those that cover each customer (docs/design.md, section 8).',
      'x-extension': true,
    }),
    responsibleGamblingUrl: HttpsUrl.optional().meta({
      description: "The merchant's responsible-gambling page, linked beside the limits.",
      'x-extension': true,
    }),
    accessibilityContact: z
      .union([HttpsUrl, z.email().max(254)])
      .optional()
      .meta({
        description:
          'Where the merchant takes reports of accessibility barriers (an https page or an email address), shown in the accessibility statement at `/accessibility?merchant={merchantId}` (Directive (EU) 2019/882, Annex V).',
        'x-extension': true,
      }),
    frameTimings: z.boolean().optional().meta({
      description:
        'The framed pages post their own timings to the merchant’s page as `timing` messages (`metric`: ready, ttfb, fcp, lcp, inp, cls, threeds_method, threeds_challenge; `value` in milliseconds, cls unitless), to an allowed origin only (default false).',
      'x-extension': true,
    }),
  })
  .meta({ id: 'CheckoutSettings', 'x-extension': true });
export type CheckoutSettings = z.infer<typeof CheckoutSettings>;

/**
 * A merchant's settings as it sets them by the API (`PUT /public/merchant/{merchantId}/checkout-settings`):
 * the whole of its checkout settings (the GET's answer, changed), and where its webhooks go.
 */
export const MerchantSettingsUpdate = CheckoutSettings.extend({
  webhookUrl: HttpUrl.nullable().optional().meta({
    description:
      'Where the service sends the merchant’s events (Standard Webhooks); null: none; left out: unchanged. A private, link-local or loopback address is refused (400).',
  }),
}).meta({ id: 'MerchantSettingsUpdate', 'x-extension': true });
export type MerchantSettingsUpdate = z.infer<typeof MerchantSettingsUpdate>;

/** The answer of a settings update: the checkout settings as stored, and the webhook URL (null: none). */
export const MerchantSettings = CheckoutSettings.extend({
  webhookUrl: z.string().nullable(),
}).meta({ id: 'MerchantSettings', 'x-extension': true });
export type MerchantSettings = z.infer<typeof MerchantSettings>;

/** The answer of `POST /public/merchant/{merchantId}/webhook-secret`: the new signing secret, `whsec_` and base64 of 24 random bytes. */
export const WebhookSecret = z
  .object({
    webhookSecret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .meta({
        description:
          'Standard Webhooks keys `webhook-signature` with the base64-decoded part after `whsec_`; the legacy `X-Signature` with the whole string as text.',
      }),
  })
  .meta({ id: 'WebhookSecret', 'x-extension': true });
export type WebhookSecret = z.infer<typeof WebhookSecret>;
