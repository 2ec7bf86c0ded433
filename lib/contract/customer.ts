/** Customer record (POST /public/customer answer, "not shown": decided here) and saved cards (E7). */
import { z } from 'zod';
import { Customer } from './common';

export const CustomerRecord = Customer.extend({
  customerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'CustomerRecord', 'x-extension': true });
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const SavedCard = z
  .object({
    cardId: z.string(),
    cardMask: z.string(),
    cardBrand: z.string(),
    expiryMonth: z.string().meta({ description: 'MM' }),
    expiryYear: z.string().meta({ description: 'YYYY' }),
  })
  .meta({ id: 'SavedCard', 'x-extension': true });
export type SavedCard = z.infer<typeof SavedCard>;

export const SavedCardList = z.object({ cards: z.array(SavedCard) }).meta({ id: 'SavedCardList', 'x-extension': true });
