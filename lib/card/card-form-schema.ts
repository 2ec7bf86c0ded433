/**
 * The card form's schema (zod/mini, light enough for the card page's bundle). Messages are
 * error keys of `card-rules.ts`, turned into catalogue text by the page.
 */
import * as z from 'zod/mini';
import { validateCardForm } from './card-rules';

export const cardFormSchema = (options: { requireCvv: boolean }) =>
  z
    .object({
      cardNumber: z.string(),
      expiry: z.string(),
      cvv: z.optional(z.string()),
      cardHolderName: z.string(),
      saveCard: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((value, ctx) => {
        const errors = validateCardForm(value, options);
        for (const [field, key] of Object.entries(errors)) {
          ctx.addIssue({ code: 'custom', path: [field], message: key, input: undefined });
        }
      }),
    );

export type CardFormInput = z.infer<ReturnType<typeof cardFormSchema>>;
