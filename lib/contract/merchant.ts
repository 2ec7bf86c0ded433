/** Extension E12: the merchant's checkout settings (design brief, section 3). */
import { z } from 'zod';

export const CheckoutTheme = z
  .looseObject({
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    radius: z.number().min(0).max(32).meta({ description: 'Corner radius in CSS px.' }),
  })
  .meta({ id: 'CheckoutTheme' });

export const CheckoutSettings = z
  .object({
    displayName: z.string(),
    logoUrl: z.string().optional(),
    allowedOrigins: z.array(z.string()).meta({
      description: 'Origins allowed to frame the pages and receive their messages; `scheme://host:*` allows any port.',
    }),
    theme: CheckoutTheme,
    presetAmounts: z.record(z.string(), z.array(z.number().positive())),
    sessionTtlSeconds: z.number().int().positive(),
    payoutAutoConfirm: z.boolean(),
  })
  .meta({ id: 'CheckoutSettings', 'x-extension': true });
export type CheckoutSettings = z.infer<typeof CheckoutSettings>;
