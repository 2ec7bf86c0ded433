/** Customer record (POST /public/customer answer, "not shown": decided here) and saved cards. */
import { z } from 'zod';
import { Customer } from './common';

export const CustomerRecord = Customer.extend({
  customerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'CustomerRecord', 'x-extension': true });
export type CustomerRecord = z.infer<typeof CustomerRecord>;

/** A customer's limits of one kind in one currency, per rolling day (24 h), week (7 days) and month (30 days), in major units; a period left out has none. */
const PeriodLimits = z
  .object({
    day: z.number().positive().optional(),
    week: z.number().positive().optional(),
    month: z.number().positive().optional(),
  })
  .strict();
/** One kind's limits per currency (ISO 4217). */
const LimitsByCurrency = z.record(z.string().regex(/^[A-Z]{3}$/), PeriodLimits);

/**
 * The merchant's change of a customer's financial limits (docs/design.md, section 8): per kind,
 * the limits per currency and period that replace that kind's; kinds left out stay as they are.
 * Each change follows the rules the customer's own does in the cashier: lower or new at once,
 * higher or removed after the cooling-off of the rules in force (under UKGC, then confirmed by
 * the customer in the cashier), the rules' required deposit limits and monthly ceiling enforced.
 */
export const CustomerLimitsRequest = z
  .object({
    deposit: LimitsByCurrency.optional().meta({
      description:
        'Deposit limits (gross: what the customer deposits over the period; the only kind called a deposit limit), per currency, per day, week and month, major units. `{}` asks to remove them all.',
    }),
    loss: LimitsByCurrency.optional().meta({
      description: 'Loss limits (net deposits less the increase of the balance over the period), shaped as `deposit`.',
    }),
    netDeposit: LimitsByCurrency.optional().meta({
      description: 'Net deposit limits (deposits less withdrawals paid out, PROCESSED, over the period), shaped as `deposit`.',
    }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Name at least one kind of limit: deposit, loss or netDeposit')
  .meta({
    id: 'CustomerLimitsRequest',
    'x-extension': true,
    description:
      "Replaces the customer's limits of each kind named (`deposit`, `loss`, `netDeposit`; any other key is 400), per currency and period: a period or currency left out has no limit, and a kind left out is unchanged. As when the customer sets them in the cashier: a lower or new limit applies at once; a higher one, or a removal, waits the cooling-off of the rules in force (24 h; Sweden 72 h and the period; Germany and the Netherlands 7 days) and under UKGC is then confirmed by the customer in the cashier; meanwhile it shows in the session's `responsibleGambling.pending`. 400 VALIDATION_ERROR for a deposit limit the rules require left out (Sweden: day, week and month; Germany and the Netherlands: month) or a monthly deposit limit above the ceiling (Germany: EUR 1,000). A raise the customer asked that is still waiting stays unless the new limits already give it or the period has no limit left; the merchant's own change of that currency and period replaces it.",
  });
export type CustomerLimitsRequest = z.infer<typeof CustomerLimitsRequest>;

export const SavedCard = z
  .object({
    cardId: z.string(),
    cardMask: z.string(),
    cardBrand: z.string(),
    expiryMonth: z.string().meta({ description: 'MM' }),
    expiryYear: z.string().meta({ description: 'YYYY' }),
    cardHolderName: z.string().optional().meta({
      description:
        'The name on the card as it was given when the card was saved: a payout page shows it beside the last four, so a card someone else saved on the customer’s pay-in is told apart.',
    }),
  })
  .meta({ id: 'SavedCard', 'x-extension': true });
export type SavedCard = z.infer<typeof SavedCard>;

export const SavedCardList = z.object({ cards: z.array(SavedCard) }).meta({ id: 'SavedCardList', 'x-extension': true });
