/**
 * The accounts the sandbox bank keeps, as a payee's bank answers for them: every test user's
 * accounts at every demo bank (personal accounts, held in the name the bank verified), and a few
 * payees who only receive credit transfers (no login), among them businesses and a name with
 * diacritics, so the payee name check (name-check.ts) can play each of its outcomes. GB payees use
 * sort code and account number pairs from Vocalink's published modulus test cases, as the test
 * users do, so identifier checks pass.
 */
import { composeBankIban } from './account-identifiers';
import { DEMO_BANKS } from './bank-directory';
import { accountsAt, TEST_USERS, type AccountOutcome } from './test-users';

/** Personal or business, as UK Confirmation of Payee asks the payer to say. */
export type AccountType = 'PERSONAL' | 'BUSINESS';

/** An account the bank keeps, in full (never shown: pages show the masks of account-identifiers.ts). */
export interface AccountAtBank {
  /** The holder's name as the bank holds it (what a close match answers). */
  holder: string;
  type: AccountType;
  bankId: string;
  iban: string;
  /** GB accounts only. */
  sortCode?: string;
  accountNumber?: string;
  /** A test user's account: what its test user's name says (credit-transfers.ts reads CLOSED and TIMEOUT). */
  outcome?: AccountOutcome;
}

interface Payee {
  holder: string;
  type: AccountType;
  /** The account's ten digits in the BBAN of SE, FI, DE, NL, ES. */
  digits: string;
  sortCode: string;
  ukAccount: string;
}

/** Payees that receive only: a personal name with diacritics, and businesses with legal-form suffixes. */
export const RECEIVING_PAYEES: readonly Payee[] = [
  { holder: 'Jürgen Müller', type: 'PERSONAL', digits: '7000000016', sortCode: '134020', ukAccount: '63849203' },
  { holder: 'Sandbox Play Ltd', type: 'BUSINESS', digits: '7100000018', sortCode: '118765', ukAccount: '64371389' },
  { holder: 'Nordlicht Spiele GmbH', type: 'BUSINESS', digits: '7200000011', sortCode: '200915', ukAccount: '41011166' },
  { holder: 'Polder Games B.V.', type: 'BUSINESS', digits: '7300000013', sortCode: '938611', ukAccount: '07806039' },
];

let index: { byIban: Map<string, AccountAtBank>; byUk: Map<string, AccountAtBank>; sortCodes: Set<string> } | null = null;

/** Builds the index once: every account at every demo bank (a few hundred entries). */
function accountIndex() {
  if (index) return index;
  const byIban = new Map<string, AccountAtBank>();
  const byUk = new Map<string, AccountAtBank>();
  const sortCodes = new Set<string>();
  const add = (account: AccountAtBank) => {
    byIban.set(account.iban, account);
    if (account.sortCode && account.accountNumber) {
      // In the UK the sort code and account number name the account; every GB demo bank holds the same pairs.
      if (!byUk.has(`${account.sortCode}${account.accountNumber}`)) byUk.set(`${account.sortCode}${account.accountNumber}`, account);
      sortCodes.add(account.sortCode);
    }
  };
  for (const bank of DEMO_BANKS) {
    const uk = bank.country === 'GB';
    for (const user of TEST_USERS)
      for (const a of accountsAt(user, bank))
        add({
          holder: a.holder,
          type: 'PERSONAL',
          bankId: bank.id,
          iban: a.iban,
          sortCode: a.sortCode,
          accountNumber: a.accountNumber,
          outcome: a.outcome,
        });
    for (const p of RECEIVING_PAYEES)
      add({
        holder: p.holder,
        type: p.type,
        bankId: bank.id,
        iban: composeBankIban(bank.country, bank.code, p),
        ...(uk ? { sortCode: p.sortCode, accountNumber: p.ukAccount } : {}),
      });
  }
  index = { byIban, byUk, sortCodes };
  return index;
}

/** The account of an IBAN in electronic format (account-identifiers.ts, checkedIban), or undefined. */
export const accountAtBankByIban = (iban: string): AccountAtBank | undefined => accountIndex().byIban.get(iban);

/** The account of a UK sort code and account number (digits only), or undefined. */
export const ukAccountAtBank = (sortCode: string, accountNumber: string): AccountAtBank | undefined =>
  accountIndex().byUk.get(`${sortCode}${accountNumber}`);

/** Whether the sandbox bank answers for a UK sort code (digits only): a sort code it holds accounts at. */
export const isBankSortCode = (sortCode: string): boolean => accountIndex().sortCodes.has(sortCode);
