/**
 * A merchant's payout to the bank account its customer deposited from (docs/design.md, E25): the
 * payout's APM page offers the `bank` method only when the payout's customer has paid Pay by Bank
 * deposits from an account in the customer's name (closed-loop.ts), its one field `bankAccount` a
 * select of those accounts (masked, with the bank's and the holder's names, each named by the latest
 * deposit's bank payment id, `ref`). Closed loop only: another account goes through the
 * cashier's payee name check, which a payout's page does not offer. The account in full stays in
 * the sandbox; the page only ever holds the mask and the `ref`.
 */
import type { Db } from '@sandbox/db/client';
import type { MethodField, PaymentMethod } from '@hosted-checkout/contract/methods';
import type { StoredCreditorAccount } from '@sandbox/db/schema-bank';
import { invalid } from '../core/api-error';
import { BANK_METHOD_ID } from './bank-payments';
import { bankById } from './bank-directory';
import { creditorOf, decideDestination, withdrawalDestinations } from './closed-loop';
import { customerBankDeposits } from './customer-deposits';

/** The field a payout by bank is given: the `ref` of one of the customer's deposit accounts. */
export const PAYOUT_BANK_FIELD = 'bankAccount';

/** The method's name on a payout's page (a pay-in's is "Pay by Bank"). */
const PAYOUT_BANK_NAME = 'Bank account';

/**
 * A payout's methods with `bank` narrowed to its customer's deposit accounts in their own name
 * (newest first), or left out when the customer has none (nothing to pay back to).
 */
export async function withPayoutBankAccounts(
  tx: Db,
  methods: PaymentMethod[],
  payout: { merchantId: string; customerId: string },
): Promise<PaymentMethod[]> {
  if (!methods.some((m) => m.id === BANK_METHOD_ID)) return methods;
  const { accounts } = withdrawalDestinations(await customerBankDeposits(tx, payout.merchantId, payout.customerId), false);
  if (accounts.length === 0) return methods.filter((m) => m.id !== BANK_METHOD_ID);
  const field: MethodField = {
    name: PAYOUT_BANK_FIELD,
    label: 'Your account',
    type: 'select',
    required: true,
    options: accounts.map((a) => ({ value: a.ref, label: `${a.masked} · ${bankById(a.bankId)?.name ?? a.bankId} · ${a.holder}` })),
  };
  return methods.map((m) => (m.id === BANK_METHOD_ID ? { ...m, name: PAYOUT_BANK_NAME, fields: [field] } : m));
}

/**
 * The account a payout by bank pays, from `additionalData.bankAccount` (a deposit account's
 * `ref`): in full with the name the bank holds. Throws 400 for a missing `ref` or one that is not
 * a paid deposit of the payout's customer.
 */
export async function payoutBankDestination(
  tx: Db,
  payout: { merchantId: string; customerId: string },
  additionalData: Record<string, unknown>,
): Promise<{ account: StoredCreditorAccount; creditorName: string; source: 'DEPOSIT_ACCOUNT' }> {
  const ref = additionalData[PAYOUT_BANK_FIELD];
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 64) throw invalid(`additionalData.${PAYOUT_BANK_FIELD}: required`);
  const deposits = await customerBankDeposits(tx, payout.merchantId, payout.customerId);
  const decision = decideDestination(deposits, false, { ref });
  if (!decision.allowed || decision.kind !== 'DEPOSIT_ACCOUNT')
    throw invalid(`additionalData.${PAYOUT_BANK_FIELD}: not one of this customer's deposit accounts`);
  return { account: creditorOf(decision.account), creditorName: decision.account.holder, source: 'DEPOSIT_ACCOUNT' };
}
