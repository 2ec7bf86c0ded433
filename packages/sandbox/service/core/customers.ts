/**
 * The sandbox's customers: one record per merchant and externalUserId, created or updated by
 * every operation that carries a Customer (pay-in, payout, cashier session, legacy h2h).
 */
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import type { Customer } from '@hosted-checkout/contract/common';
import { newId } from './store';

/** Creates or updates the merchant's customer by externalUserId; returns its id. */
export async function upsertCustomer(tx: Db, merchantId: string, customer: Customer): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values({ id: newId('cus'), merchantId, externalUserId: customer.externalUserId, data: customer })
    .onConflictDoUpdate({
      target: [customers.merchantId, customers.externalUserId],
      set: { data: customer, updatedAt: new Date() },
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('customer upsert returned nothing');
  return row.id;
}
