/**
 * A customer's deposits by Pay by Bank as closed-loop.ts reads them: each bank payment of the
 * customer (bank-payments.ts) with its debtor account, its pay-in's status and whether the
 * account's holder is the customer (the name the bank verified against the customer's first and
 * last name, `holderIsCustomer`), newest first.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@sandbox/db/client';
import { bankPayments, customers, payins } from '@sandbox/db/schema';
import { holderIsCustomer, type BankDeposit } from './closed-loop';

/** At most this many bank payments are read (a customer's latest). */
const MAX_DEPOSITS = 200;

/** The bank deposits of `customerId` (a merchant's customer row id), newest first. */
export async function customerBankDeposits(tx: Db, merchantId: string, customerId: string): Promise<BankDeposit[]> {
  const [customer] = await tx
    .select({ data: customers.data })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.merchantId, merchantId)))
    .limit(1);
  const name = customer ? `${customer.data.firstName} ${customer.data.lastName}` : '';
  const rows = await tx
    .select({
      id: bankPayments.id,
      bankId: bankPayments.bankId,
      status: bankPayments.status,
      payinStatus: payins.status,
      debtorAccount: bankPayments.debtorAccount,
      createdAt: bankPayments.createdAt,
    })
    .from(bankPayments)
    .innerJoin(payins, eq(payins.id, bankPayments.payinId))
    .where(and(eq(bankPayments.customerId, customerId), eq(bankPayments.merchantId, merchantId)))
    .orderBy(desc(bankPayments.createdAt))
    .limit(MAX_DEPOSITS);
  // No customer record, no name: no account is the customer's.
  return rows.map((r) => ({ ...r, holderIsCustomer: !!customer && !!r.debtorAccount && holderIsCustomer(r.debtorAccount.holder, name) }));
}
