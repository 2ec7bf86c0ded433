/**
 * The bank chooser's data: the bank each customer last paid with (remembered per customer), and
 * the `bank` method's descriptor narrowed to the banks of the customer's billing country, the
 * last used first (docs/design.md, section 3, Pay by Bank).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { bankChoices, customers } from '@/lib/db/schema';
import type { PaymentMethod } from '@/lib/contract/methods';
import { DEMO_BANKS, searchBanks } from './bank-directory';

/** Remembers `bankId` as the customer's last used bank. */
export async function rememberBank(tx: Db, customerId: string, bankId: string): Promise<void> {
  await tx
    .insert(bankChoices)
    .values({ customerId, bankId })
    .onConflictDoUpdate({ target: bankChoices.customerId, set: { bankId, usedAt: sql`now()` } });
}

/** The customer's last used bank, or null. */
export async function lastUsedBank(tx: Db, customerId: string): Promise<string | null> {
  const [row] = await tx.select({ bankId: bankChoices.bankId }).from(bankChoices).where(eq(bankChoices.customerId, customerId)).limit(1);
  return row?.bankId ?? null;
}

/**
 * The pay-in's methods with the `bank` method's `bankId` options narrowed for its customer: the
 * banks of their billing country (every bank, each labelled with its country, when the sandbox
 * bank does not serve it), their last used bank first.
 */
export async function withBankOptions(tx: Db, methods: PaymentMethod[], customerId: string): Promise<PaymentMethod[]> {
  if (!methods.some((m) => m.id === 'bank')) return methods;
  const [customer] = await tx.select({ data: customers.data }).from(customers).where(eq(customers.id, customerId)).limit(1);
  const country = customer?.data.billing?.countryCode ?? null;
  const banks = searchBanks({ country, lastUsedId: await lastUsedBank(tx, customerId) });
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
