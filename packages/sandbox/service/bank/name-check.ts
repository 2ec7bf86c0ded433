/**
 * The payee name check the sandbox bank answers before a credit transfer to an account: the EPC's
 * Verification of Payee for an IBAN outside the UK (the VOP scheme rulebook; required for euro
 * credit transfers and instant credit transfers by Regulation (EU) 2024/886, article 5c, from
 * 9 October 2025), and Pay.UK's Confirmation of Payee for a UK account (a sort code and account
 * number, or a GB IBAN, which holds them). The names are compared by name-match.ts; the accounts
 * and their holders are bank-accounts.ts's. Outcomes and sources: docs/design.md, section 9
 * ("Payee name check").
 */
import { checkedIban, isValidUkAccount } from './account-identifiers';
import { accountAtBankByIban, ukAccountAtBank, isBankSortCode, type AccountType, type AccountAtBank } from './bank-accounts';
import { matchNames } from './name-match';

/** The account a payer names: an IBAN (any format), or a UK sort code ("08-99-99" or "089999") and 8-digit account number. */
export type PayeeAccount = { iban: string } | { sortCode: string; accountNumber: string };

export interface NameCheckRequest {
  /** The payee's name as the payer typed it (at most 140 characters are read). */
  name: string;
  account: PayeeAccount;
  /** What the payer said the account is (Confirmation of Payee asks; Verification of Payee does not use it). */
  accountType?: AccountType;
}

/**
 * Verification of Payee's answer (the EPC's codes): MTCH match, CMTC close match with the name the
 * bank holds, NMTC no match, NOAP the check is not possible (here: an account the bank does not hold).
 */
export type VopResult =
  | { scheme: 'VOP'; code: 'MTCH' }
  | { scheme: 'VOP'; code: 'CMTC'; nameHeld: string }
  | { scheme: 'VOP'; code: 'NMTC' }
  | { scheme: 'VOP'; code: 'NOAP' };

/**
 * Confirmation of Payee's answer, with Pay.UK's reason code where the standard gives one: a match
 * (no code); a close match, MBAM, with the name held; no match, ANNM; the account type other than
 * the payer said, with a matching name (BANM: business, PANM: personal) or a close one (BAMM, PAMM,
 * with the name held); unavailable: AC01 no such account at a sort code the bank answers for, SCNS
 * a sort code it does not answer for.
 */
export type CopResult =
  | { scheme: 'COP'; outcome: 'MATCH' }
  | { scheme: 'COP'; outcome: 'CLOSE_MATCH'; reasonCode: 'MBAM'; nameHeld: string }
  | { scheme: 'COP'; outcome: 'NO_MATCH'; reasonCode: 'ANNM' }
  | { scheme: 'COP'; outcome: 'ACCOUNT_TYPE_MISMATCH'; reasonCode: 'BANM' | 'PANM'; accountType: AccountType }
  | { scheme: 'COP'; outcome: 'ACCOUNT_TYPE_MISMATCH'; reasonCode: 'BAMM' | 'PAMM'; accountType: AccountType; nameHeld: string }
  | { scheme: 'COP'; outcome: 'UNAVAILABLE'; reasonCode: 'AC01' | 'SCNS' };

export type NameCheckResult = VopResult | CopResult;

/** The check's answer, or the refusal of an identifier the identifier checks fail (account-identifiers.ts). */
export type NameCheckAnswer = { ok: true; result: NameCheckResult } | { ok: false; error: 'INVALID_IBAN' | 'INVALID_UK_ACCOUNT' };

/** Verification of Payee for an IBAN outside the UK: NOAP when the bank does not hold it. */
function verifyPayee(name: string, account: AccountAtBank | undefined): VopResult {
  if (!account) return { scheme: 'VOP', code: 'NOAP' };
  const verdict = matchNames(name, account.holder, account.type);
  if (verdict === 'MATCH') return { scheme: 'VOP', code: 'MTCH' };
  if (verdict === 'CLOSE') return { scheme: 'VOP', code: 'CMTC', nameHeld: account.holder };
  return { scheme: 'VOP', code: 'NMTC' };
}

/** Confirmation of Payee for a UK sort code and account number (digits only, already checked). */
function confirmPayee(name: string, sortCode: string, accountNumber: string, said: AccountType | undefined): CopResult {
  const account = ukAccountAtBank(sortCode, accountNumber);
  if (!account) return { scheme: 'COP', outcome: 'UNAVAILABLE', reasonCode: isBankSortCode(sortCode) ? 'AC01' : 'SCNS' };
  const verdict = matchNames(name, account.holder, account.type);
  if (verdict === 'NO_MATCH') return { scheme: 'COP', outcome: 'NO_MATCH', reasonCode: 'ANNM' };
  if (said && said !== account.type) {
    const business = account.type === 'BUSINESS';
    return verdict === 'MATCH'
      ? { scheme: 'COP', outcome: 'ACCOUNT_TYPE_MISMATCH', reasonCode: business ? 'BANM' : 'PANM', accountType: account.type }
      : {
          scheme: 'COP',
          outcome: 'ACCOUNT_TYPE_MISMATCH',
          reasonCode: business ? 'BAMM' : 'PAMM',
          accountType: account.type,
          nameHeld: account.holder,
        };
  }
  return verdict === 'MATCH'
    ? { scheme: 'COP', outcome: 'MATCH' }
    : { scheme: 'COP', outcome: 'CLOSE_MATCH', reasonCode: 'MBAM', nameHeld: account.holder };
}

/**
 * The payee name check of `request` (shapes above): an IBAN is checked by `checkedIban` (invalid:
 * `INVALID_IBAN`); a GB IBAN, or a sort code and account number (which must pass Vocalink's modulus
 * checks, else `INVALID_UK_ACCOUNT`), goes to Confirmation of Payee, any other IBAN to
 * Verification of Payee. The name the bank holds is answered only for a close match, as both
 * schemes do (Regulation (EU) 2024/886, article 5c(1)(b)).
 */
export function checkPayeeName(request: NameCheckRequest): NameCheckAnswer {
  const { name, account, accountType } = request;
  if ('iban' in account) {
    const iban = checkedIban(account.iban);
    if (!iban) return { ok: false, error: 'INVALID_IBAN' };
    // A GB IBAN: the bank code (4 letters), the sort code (6 digits), the account number (8 digits).
    if (iban.startsWith('GB')) return { ok: true, result: confirmPayee(name, iban.slice(8, 14), iban.slice(14, 22), accountType) };
    return { ok: true, result: verifyPayee(name, accountAtBankByIban(iban)) };
  }
  const sortCode = account.sortCode.replace(/[\s-]/g, '');
  const accountNumber = account.accountNumber.replace(/\s/g, '');
  if (!isValidUkAccount(sortCode, accountNumber)) return { ok: false, error: 'INVALID_UK_ACCOUNT' };
  return { ok: true, result: confirmPayee(name, sortCode, accountNumber, accountType) };
}
