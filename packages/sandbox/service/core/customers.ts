/**
 * The sandbox's customers: one record per merchant and externalUserId, created or updated by
 * every operation that carries a Customer (pay-in, payout, cashier session, legacy h2h).
 */
import type { Db } from '@sandbox/db/client';
import { customers } from '@sandbox/db/schema';
import type { Customer } from '@hosted-checkout/contract/common';
import { isCpfKyc, parseCpf } from '@hosted-checkout/contract/cpf';
import { invalid } from './api-error';
import { newId } from './store';

/**
 * Refuses (400) a customer whose `kyc` names a CPF (idType CPF, idCountry BR or left out;
 * packages/contract/src/cpf.ts) that is not a valid one: malformed, a check digit wrong, one repeated digit.
 * The message never repeats the number (personal data).
 */
export function assertCustomerCpf(customer: Pick<Customer, 'kyc'>): void {
  const number = customer.kyc?.idNumber;
  if (isCpfKyc(customer.kyc) && number !== undefined && parseCpf(number) === null) {
    throw invalid(
      'customer.kyc.idNumber: not a valid CPF (11 digits, formatted 000.000.000-00 or bare, the two check digits by modulo 11)',
    );
  }
}

/** Creates or updates the merchant's customer by externalUserId; returns its id. Throws 400 for a malformed CPF (`assertCustomerCpf`). */
export async function upsertCustomer(tx: Db, merchantId: string, customer: Customer): Promise<string> {
  assertCustomerCpf(customer);
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
