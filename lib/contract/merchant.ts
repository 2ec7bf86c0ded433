/** Extension E12: the merchant's checkout settings (docs/design.md, section 3). */
import { z } from 'zod';
import { FundingType } from './bin';
import { COLOR_SCHEMES, FONT_FAMILIES } from '@/lib/theme/theme';

export const CheckoutTheme = z
  .looseObject({
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    radius: z.number().min(0).max(32).meta({ description: 'Corner radius in CSS px.' }),
    fontFamily: z
      .enum(FONT_FAMILIES)
      .optional()
      .meta({ description: 'A font stack of the safe list (fonts on the customer\'s device, no download); default `system`.', 'x-extension': true }),
    colorScheme: z
      .enum(COLOR_SCHEMES)
      .optional()
      .meta({ description: '`light` (default), `dark`, or `auto` (the customer\'s `prefers-color-scheme`).', 'x-extension': true }),
  })
  .meta({
    id: 'CheckoutTheme',
    description: 'Colours failing WCAG 2.2 AA contrast in the chosen scheme are corrected by the pages, not applied as given.',
  });

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
      .meta({ description: 'BCP 47 tag of the language served when neither `?locale=` nor Accept-Language names one the pages have (then `en`).', 'x-extension': true }),
    presetAmounts: z.record(z.string(), z.array(z.number().positive())),
    sessionTtlSeconds: z.number().int().positive(),
    payoutAutoConfirm: z.boolean(),
    preferredBrands: z
      .array(z.string())
      .optional()
      .meta({ description: 'E17: the brand a co-badged card defaults to, first match first; the cardholder may choose the other (EU Interchange Fee Regulation, article 8).', 'x-extension': true }),
    refusedFundingTypes: z
      .array(FundingType)
      .optional()
      .meta({ description: 'E17: funding types the merchant refuses (UK gambling licences: CREDIT). The card page says so as soon as the BIN is known; processing such a card is 400.', 'x-extension': true }),
  })
  .meta({ id: 'CheckoutSettings', 'x-extension': true });
export type CheckoutSettings = z.infer<typeof CheckoutSettings>;
