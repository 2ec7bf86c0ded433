/** The payment methods a transaction may use, with the descriptors of their fields. */
import { z } from 'zod';
import { TransactionMethodType } from './enums';

const FIELD_TYPES = ['text', 'email', 'tel', 'number', 'select', 'date'] as const;

export const MethodField = z
  .object({
    name: z.string(),
    label: z.string(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    pattern: z.string().optional().meta({ description: 'ECMAScript pattern the whole value must match.' }),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(1).optional(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .meta({ id: 'MethodField', 'x-extension': true });
export type MethodField = z.infer<typeof MethodField>;

export const PaymentMethod = z
  .object({
    id: z.string().meta({
      description:
        "The method: `card`, an APM (`bank-transfer`, `ewallet`, `pix`, `crypto`), or `bank`, Pay by Bank (pay-ins only; docs/design.md, section 3): its one field `bankId` (select) offers the banks of the customer's billing country, the last used first, and direct-link processing answers the bank's page as redirectUrl.",
    }),
    type: TransactionMethodType,
    name: z.string(),
    directRouteId: z.string().optional(),
    fields: z.array(MethodField),
  })
  .meta({ id: 'PaymentMethod', 'x-extension': true });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const MethodList = z.object({ methods: z.array(PaymentMethod) }).meta({ id: 'MethodList', 'x-extension': true });
export type MethodList = z.infer<typeof MethodList>;

/** GET /public/psp/{id}: the PSP record ("not shown": decided here). */
export const PspRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    methods: z.array(z.object({ id: z.string(), type: TransactionMethodType, name: z.string() })),
    currencies: z.array(z.string()),
    requiresKyc: z.boolean(),
  })
  .meta({ id: 'PspRecord', 'x-extension': true });
export type PspRecord = z.infer<typeof PspRecord>;
