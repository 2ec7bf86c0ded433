/**
 * The sandbox bank's test users: every demo bank (bank-directory.ts) knows them, each with one or
 * more accounts in the bank's country. The username says what happens to a payment from the
 * account chosen; any password is accepted. Each user carries the identity the bank has verified
 * (what a Pay N Play login will hand back later); GB accounts use sort code and account number
 * pairs from Vocalink's published examples, so their modulus checks pass.
 */
import { composeBankIban, maskIban, maskUkAccount } from './account-identifiers';
import type { DemoBank } from './bank-directory';

/** What the bank does with a payment from an account (bank-status.ts maps each to ISO 20022 codes). */
export type AccountOutcome = 'PAYS' | 'NOT_ALLOWED' | 'INSUFFICIENT_FUNDS' | 'REFUSED' | 'TIMEOUT' | 'PENDING_THEN_PAID' | 'CLOSED';

interface TestAccount {
  key: string;
  kind: 'current' | 'savings';
  outcome: AccountOutcome;
  /** The account's ten digits in the BBAN of SE, FI, DE, NL, ES. */
  digits: string;
  /** GB: a sort code and account number that pass Vocalink's modulus check. */
  sortCode: string;
  ukAccount: string;
}

/**
 * The identity the bank verified when the account was opened (name, birth date, address, national
 * id). A national id is a person's whatever bank they log in at: it is known with the country that
 * issued it (`nationalIdCountry`), never the bank's.
 */
export interface VerifiedIdentity {
  givenName: string;
  familyName: string;
  /** ISO 8601 date. */
  dateOfBirth: string;
  /** A made-up national identity number, kept only hashed outside this table; none where the bank knows none (a UK bank). */
  nationalId?: string;
  /** ISO 3166-1 alpha-2: the country that issued `nationalId` (present with it, absent without). */
  nationalIdCountry?: string;
  address: { street: string; city: string; postalCode: string };
}

export interface TestUser {
  username: string;
  identity: VerifiedIdentity;
  /**
   * On the self-exclusion register the sandbox merchant checks when it decides a Pay N Play
   * player automatically (as an operator asks Spelpaus or GAMSTOP): refused (docs/design.md, E26).
   */
  selfExcluded?: boolean;
  accounts: TestAccount[];
}

/** The test users' national ids are Swedish (personnummer stand-ins), whichever country's bank they log in at. */
const NATIONAL_ID_COUNTRY = 'SE';

const identity = (
  givenName: string,
  familyName: string,
  dateOfBirth: string,
  nationalId: string | undefined,
  street = '1 Sandbox Street',
): VerifiedIdentity => ({
  givenName,
  familyName,
  dateOfBirth,
  ...(nationalId ? { nationalId, nationalIdCountry: NATIONAL_ID_COUNTRY } : {}),
  address: { street, city: 'Testville', postalCode: '10001' },
});

/** 17 years old today, whatever the day the tests run (an under-18 player for Pay N Play). */
const seventeenYearsAgo = (): string => {
  const d = new Date();
  return `${d.getUTCFullYear() - 17}-01-01`;
};

/** The test users, by what happens. */
export const TEST_USERS: readonly TestUser[] = [
  {
    username: 'pays',
    identity: identity('Paula', 'Pays', '1985-04-12', 'SBX-100-0001'),
    accounts: [
      { key: 'current', kind: 'current', outcome: 'PAYS', digits: '1000000017', sortCode: '089999', ukAccount: '66374958' },
      // A savings account may not make payments: rejected AG01 (transaction forbidden).
      { key: 'savings', kind: 'savings', outcome: 'NOT_ALLOWED', digits: '1000000025', sortCode: '107999', ukAccount: '88837491' },
    ],
  },
  {
    username: 'no-funds',
    identity: identity('Nils', 'Nofunds', '1990-09-30', 'SBX-100-0002'),
    accounts: [
      { key: 'current', kind: 'current', outcome: 'INSUFFICIENT_FUNDS', digits: '2000000011', sortCode: '202959', ukAccount: '63748472' },
    ],
  },
  {
    username: 'rejects',
    identity: identity('Rita', 'Rejects', '1978-01-05', 'SBX-100-0003'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'REFUSED', digits: '3000000012', sortCode: '871427', ukAccount: '46238510' }],
  },
  {
    username: 'timeout',
    identity: identity('Tomas', 'Timeout', '1982-11-23', 'SBX-100-0004'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'TIMEOUT', digits: '4000000013', sortCode: '871427', ukAccount: '09123496' }],
  },
  {
    username: 'pending',
    identity: identity('Penny', 'Pending', '1995-06-17', 'SBX-100-0005'),
    accounts: [
      { key: 'current', kind: 'current', outcome: 'PENDING_THEN_PAID', digits: '5000000014', sortCode: '820000', ukAccount: '73688637' },
    ],
  },
  {
    username: 'closed',
    identity: identity('Clara', 'Closed', '1970-02-28', 'SBX-100-0006'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'CLOSED', digits: '6000000015', sortCode: '827999', ukAccount: '73988638' }],
  },
  // Pay N Play's players (docs/design.md, E26): pays, but is under 18 (the merchant must refuse).
  {
    username: 'minor',
    identity: identity('Milo', 'Minor', seventeenYearsAgo(), 'SBX-100-0007', '7 Junior Road'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'PAYS', digits: '8100000000', sortCode: '938600', ukAccount: '42368003' }],
  },
  // An adult on the self-exclusion register the merchant checks (Spelpaus, GAMSTOP): refused.
  {
    username: 'excluded',
    identity: identity('Esme', 'Excluded', '1988-03-09', 'SBX-100-0008', '8 Register Lane'),
    selfExcluded: true,
    accounts: [{ key: 'current', kind: 'current', outcome: 'PAYS', digits: '8200000000', sortCode: '827101', ukAccount: '28748352' }],
  },
  // An adult whose bank knows no national identity number: recognised by name, birth date and postal code.
  {
    username: 'no-id',
    identity: identity('Nora', 'Noid', '1992-12-01', undefined, '9 Unnumbered Close'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'PAYS', digits: '8300000000', sortCode: '180002', ukAccount: '00000190' }],
  },
  // Someone else who knows Paula Pays's name, birth date and postal code, at a bank that knows no national id:
  // only a probable match of `pays`, whose exclusion never becomes hers.
  {
    username: 'namesake',
    identity: identity('Paula', 'Pays', '1985-04-12', undefined, '12 Elsewhere Road'),
    accounts: [{ key: 'current', kind: 'current', outcome: 'PAYS', digits: '8400000000', sortCode: '074456', ukAccount: '12345112' }],
  },
];

/** A username as the login form may type it: case and surrounding spaces ignored. */
const typed = (username: string) => username.trim().toLowerCase().slice(0, 32);

/** The test user of a username as typed (case and surrounding spaces ignored), or undefined. `me` is not here: see `customerTestUser`. */
export const testUser = (username: string): TestUser | undefined => TEST_USERS.find((u) => u.username === typed(username));

/**
 * The test user whose accounts are held in the name of the pay-in's customer, whoever they are:
 * a deposit from its account is one in the customer's own name, so a withdrawal by bank may go
 * back to it (closed-loop.ts) for any test customer. Pays, as `pays`'s current account does.
 */
export const CUSTOMER_USERNAME = 'me';

/** Whether `username` as typed names `me`. */
export const isCustomerUsername = (username: string): boolean => typed(username) === CUSTOMER_USERNAME;

/** `me`'s one account: the same identifiers for every customer (a GB pair from Vocalink's modulus test cases). */
const CUSTOMER_ACCOUNTS: readonly TestAccount[] = [
  { key: 'current', kind: 'current', outcome: 'PAYS', digits: '8500000000', sortCode: '309070', ukAccount: '02355688' },
];

/**
 * The test user `me` for a pay-in's customer: `identity` is the customer's (first and last name
 * from the merchant's record), so its accounts are held in that name. Its accounts are not in the
 * bank's index of payees (bank-accounts.ts): their holder is whoever paid from them.
 */
export const customerTestUser = (identity: VerifiedIdentity): TestUser => ({
  username: CUSTOMER_USERNAME,
  identity,
  accounts: [...CUSTOMER_ACCOUNTS],
});

/** Every username the bank's login takes, for the login page's hint: the test users, then `me`. */
export const TEST_USERNAMES: readonly string[] = [...TEST_USERS.map((u) => u.username), CUSTOMER_USERNAME];

/** An account as the bank holds it at one demo bank: its identifiers in full, and its mask for pages and logs. */
export interface BankAccount {
  key: string;
  kind: 'current' | 'savings';
  outcome: AccountOutcome;
  holder: string;
  iban: string;
  /** GB accounts only. */
  sortCode?: string;
  accountNumber?: string;
  /** What may be shown or logged: never the identifier in full. */
  masked: string;
}

/** The accounts of `user` at `bank`, IBANs composed for the bank's country and code. */
export function accountsAt(user: TestUser, bank: DemoBank): BankAccount[] {
  return user.accounts.map((a) => {
    const iban = composeBankIban(bank.country, bank.code, a);
    const uk = bank.country === 'GB';
    return {
      key: a.key,
      kind: a.kind,
      outcome: a.outcome,
      holder: `${user.identity.givenName} ${user.identity.familyName}`,
      iban,
      ...(uk ? { sortCode: a.sortCode, accountNumber: a.ukAccount } : {}),
      masked: uk ? maskUkAccount(a.sortCode, a.ukAccount) : maskIban(iban),
    };
  });
}
