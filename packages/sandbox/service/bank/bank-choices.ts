/**
 * The bank chooser's data: the bank each customer last paid with (remembered per customer), and
 * the `bank` method's descriptor narrowed to the banks of the customer's billing country, the
 * last used first (docs/design.md, section 3, Pay by Bank).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankChoices } from '@sandbox/db/schema';
import type { PaymentMethod } from '@hosted-checkout/contract/methods';
import { DEMO_BANKS, searchBanks } from './bank-directory';

/** Remembers `bankId` as the customer's last used bank. */
export async function rememberBank(tx: Db, customerId: string, bankId: string): Promise<void> {
  await tx
    .insert(bankChoices)
    .values({ customerId, bankId })
    .onConflictDoUpdate({ target: bankChoices.customerId, set: { bankId, usedAt: sql`now()` } });
}

/**
 * The pay-in's methods with the `bank` method's `bankId` options narrowed for its customer: the
 * banks of their billing `country` (every bank, each labelled with its country, when the sandbox
 * bank does not serve it), their last used bank (`lastUsedId`) first.
 */
export function withBankOptions(
  methods: PaymentMethod[],
  customer: { country: string | null; lastUsedId: string | null },
): PaymentMethod[] {
  if (!methods.some((m) => m.id === 'bank')) return methods;
  const banks = searchBanks(customer);
  const several = new Set(banks.map((b) => b.country)).size > 1;
  const options = banks.map((b) => ({ value: b.id, label: several ? `${b.name} (${b.country})` : b.name }));
  return methods.map((m) => (m.id === 'bank' ? { ...m, fields: m.fields.map((f) => (f.name === 'bankId' ? { ...f, options } : f)) } : m));
}

/** The `bank` method with every demo bank as an option (what a customer's choice is checked against); other methods as they are. */
export const withAllBanks = (method: PaymentMethod): PaymentMethod =>
  method.id === 'bank'
    ? {
        ...method,
        fields: method.fields.map((f) =>
          f.name === 'bankId' ? { ...f, options: DEMO_BANKS.map((b) => ({ value: b.id, label: b.name })) } : f,
        ),
      }
    : method;
