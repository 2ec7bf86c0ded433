/**
 * Closed-loop withdrawals by bank: a customer who deposited by bank is paid back to an account they
 * paid from (as gambling regulators and Trustly expect: money leaves by the way it came). From the
 * customer's bank deposits (the sandbox bank's payments, bank-payments.ts, each with the debtor
 * account the bank reported, schema-bank.ts) this decides which accounts a withdrawal may go to,
 * masked for display, and whether another account may be given (a merchant's setting), which then
 * needs a payee name check (name-check.ts) before the customer confirms. Only an account whose
 * holder, as the bank verified it, is the customer (their name matches, name-match.ts) counts: a
 * stranger who pays a customer's pay-in from their own account does not become a destination.
 * Pure: no database.
 */
import type { StoredCreditorAccount, StoredDebtorAccount } from '@sandbox/db/schema-bank';
import { checkedIban, isValidUkAccount } from './account-identifiers';
import type { PayeeAccount } from './name-check';
import { matchNames } from './name-match';

/** A bank deposit as the wiring reads it: a bank payment row and its pay-in's status. */
export interface BankDeposit {
  /** The bank payment's id (`bp_…`): the opaque reference of its account on the page. */
  id: string;
  bankId: string;
  /** ISO 20022 status of the bank payment (ACSC: settled). */
  status: string;
  /** The pay-in's status: a settled bank payment whose pay-in was declined after (an exclusion, a limit) proves nothing paid. */
  payinStatus: string;
  debtorAccount: StoredDebtorAccount | null;
  /** Whether the account's holder (as the bank verified it) is the customer: `holderIsCustomer` of the customer's name. */
  holderIsCustomer: boolean;
  createdAt: Date;
}

/**
 * Whether an account `holder` (the name the bank verified) is the customer `customerName` (the
 * merchant's customer record: first and last name): the payee check's matching of a personal
 * account (name-match.ts), a match or a close match (titles, accents, transliteration, swapped
 * names, initials, a small typo); anything else is someone else.
 */
export function holderIsCustomer(holder: string, customerName: string): boolean {
  return matchNames(customerName, holder, 'PERSONAL') !== 'NO_MATCH';
}

/** A deposit account a withdrawal may go to, as the cashier shows it: never the identifier in full. */
export interface DepositAccountChoice {
  /** The latest deposit's bank payment id from this account: what the page posts back. */
  ref: string;
  bankId: string;
  scheme: StoredDebtorAccount['scheme'];
  masked: string;
  holder: string;
  lastDepositAt: Date;
}

/** Where a bank withdrawal may go: the deposit accounts (latest first), and whether another account may be given. */
export interface WithdrawalDestinations {
  accounts: DepositAccountChoice[];
  /** The merchant allows an account the customer did not deposit from; it needs a name check first. */
  otherAccountAllowed: boolean;
  /** Whether the cashier offers a bank withdrawal at all: a deposit account, or another account allowed. */
  offered: boolean;
}

/** The pay-in statuses of a deposit that was paid (refunds after do not undo who owns the account or the card). */
export const PAID_PAYIN_STATUSES = ['SUCCESS', 'REFUND_PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'] as const;
const PAID = new Set<string>(PAID_PAYIN_STATUSES);

/**
 * Whether a deposit proves the customer holds its debtor account: settled at the bank (ACSC), paid,
 * and from an account held in the customer's name (a third party's payment proves nothing).
 */
const isPaidDeposit = (d: BankDeposit): d is BankDeposit & { debtorAccount: StoredDebtorAccount } =>
  d.status === 'ACSC' && PAID.has(d.payinStatus) && !!d.debtorAccount && d.holderIsCustomer;

/**
 * The accounts a customer's bank withdrawal may go to: one per distinct account (by IBAN) held in
 * the customer's name that the customer paid a deposit from, latest deposit first, each under its
 * mask with the latest deposit's id as `ref`; deposits not settled and paid (pending, rejected,
 * declined after) or paid from someone else's account count for nothing. `otherAccountAllowed`: the merchant's setting, passed through.
 */
export function withdrawalDestinations(deposits: readonly BankDeposit[], otherAccountAllowed: boolean): WithdrawalDestinations {
  const latest = new Map<string, BankDeposit & { debtorAccount: StoredDebtorAccount }>();
  for (const d of deposits) {
    if (!isPaidDeposit(d)) continue;
    const seen = latest.get(d.debtorAccount.iban);
    if (!seen || seen.createdAt < d.createdAt) latest.set(d.debtorAccount.iban, d);
  }
  const accounts = [...latest.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((d) => ({
      ref: d.id,
      bankId: d.bankId,
      scheme: d.debtorAccount.scheme,
      masked: d.debtorAccount.masked,
      holder: d.debtorAccount.holder,
      lastDepositAt: d.createdAt,
    }));
  return { accounts, otherAccountAllowed, offered: accounts.length > 0 || otherAccountAllowed };
}

/** What the customer chose: a deposit account by its `ref`, or another account they typed. */
export type WithdrawalChoice = { ref: string } | { account: PayeeAccount };

/**
 * The decision on a withdrawal's destination:
 * - `DEPOSIT_ACCOUNT`: an account in the customer's name the customer deposited from (chosen by `ref`, any of its paid deposits' ids,
 *   or typed in full and the same: an IBAN, or a UK sort code and account number), in full for the payout; no name check.
 *   A third party's account that paid a deposit is not one (its `ref` is unknown; typed, it is another account).
 * - `NAME_CHECK_REQUIRED`: another account, which the merchant allows: run `checkPayeeName` and
 *   show its answer before the customer confirms.
 * - refused: `UNKNOWN_REF` (not one of this customer's deposit accounts), `INVALID_ACCOUNT` (the
 *   identifier checks fail), `CLOSED_LOOP` (another account, and the merchant does not allow it).
 */
export type DestinationDecision =
  | { allowed: true; kind: 'DEPOSIT_ACCOUNT'; account: StoredDebtorAccount; bankId: string }
  | { allowed: true; kind: 'NAME_CHECK_REQUIRED'; account: PayeeAccount }
  | { allowed: false; reason: 'UNKNOWN_REF' | 'INVALID_ACCOUNT' | 'CLOSED_LOOP' };

/** The same account as a deposit's, typed in any format: the IBAN, or a UK sort code and account number. */
function sameAccount(typed: PayeeAccount, held: StoredDebtorAccount): boolean {
  if ('iban' in typed) return checkedIban(typed.iban) === held.iban;
  const sortCode = typed.sortCode.replace(/[\s-]/g, '');
  return !!held.sortCode && sortCode === held.sortCode && typed.accountNumber.replace(/\s/g, '') === held.accountNumber;
}

/**
 * Decides where a withdrawal chosen as `choice` may go, from the customer's bank `deposits` and
 * the merchant's `otherAccountAllowed` (the decisions above). A typed account is checked first
 * (`checkedIban`, `isValidUkAccount`), so an invalid one is refused whatever the setting.
 */
export function decideDestination(
  deposits: readonly BankDeposit[],
  otherAccountAllowed: boolean,
  choice: WithdrawalChoice,
): DestinationDecision {
  const paid = deposits.filter(isPaidDeposit);
  if ('ref' in choice) {
    // Any paid deposit's id names its account (a deposit made since the page was shown changes the latest `ref`).
    const deposit = paid.find((d) => d.id === choice.ref);
    if (!deposit) return { allowed: false, reason: 'UNKNOWN_REF' };
    return { allowed: true, kind: 'DEPOSIT_ACCOUNT', account: deposit.debtorAccount, bankId: deposit.bankId };
  }
  const typed = choice.account;
  const valid = 'iban' in typed ? !!checkedIban(typed.iban) : isValidUkAccount(typed.sortCode, typed.accountNumber);
  if (!valid) return { allowed: false, reason: 'INVALID_ACCOUNT' };
  const same = paid.filter((d) => sameAccount(typed, d.debtorAccount)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (same) return { allowed: true, kind: 'DEPOSIT_ACCOUNT', account: same.debtorAccount, bankId: same.bankId };
  if (!otherAccountAllowed) return { allowed: false, reason: 'CLOSED_LOOP' };
  return { allowed: true, kind: 'NAME_CHECK_REQUIRED', account: typed };
}

/** A deposit's debtor account as the account a credit transfer pays. */
export const creditorOf = (account: StoredDebtorAccount): StoredCreditorAccount => ({
  scheme: account.scheme,
  iban: account.iban,
  ...(account.sortCode && account.accountNumber ? { sortCode: account.sortCode, accountNumber: account.accountNumber } : {}),
  masked: account.masked,
});
