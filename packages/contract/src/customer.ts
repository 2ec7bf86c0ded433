/** Customer record (POST /public/customer answer, "not shown": decided here) and saved cards. */
import { z } from 'zod';
import { Customer } from './common';

export const CustomerRecord = Customer.extend({
  customerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'CustomerRecord', 'x-extension': true });
export type CustomerRecord = z.infer<typeof CustomerRecord>;

/** A customer's deposit limits, per currency, per rolling day (24 h), week (7 days) and month (30 days), in major units. */
const PeriodLimits = z.object({
  day: z.number().positive().optional(),
  week: z.number().positive().optional(),
  month: z.number().positive().optional(),
});
export const CustomerLimitsRequest = z.object({ deposit: z.record(z.string().regex(/^[A-Z]{3}$/), PeriodLimits) }).meta({
  id: 'CustomerLimitsRequest',
  'x-extension': true,
  description:
    'Replaces the customer\'s deposit limits at once; `{ "deposit": {} }` removes them. A raise the customer asked for that is still waiting stays unless the new limit already reaches it or the period has no limit left.',
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
