/**
 * Tables of the sandbox bank (lib/sandbox/bank/): its payments, the customer's last used bank.
 * Re-exported by schema.ts, so drizzle-kit and the typed client see them. Amounts are never kept
 * here (the pay-in holds them); an account identifier is kept in full for the closed-loop
 * withdrawals that follow a deposit, and shown or logged only masked.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The account a bank payment was made from (the debtor account), as the bank reports it. */
export interface StoredDebtorAccount {
  /** The test user's account key at the bank. */
  key: string;
  /** `IBAN`, or UK Open Banking's `UK.OBIE.SortCodeAccountNumber` for a GB account. */
  scheme: 'IBAN' | 'UK.OBIE.SortCodeAccountNumber';
  iban: string;
  sortCode?: string;
  accountNumber?: string;
  /** What may be shown or logged. */
  masked: string;
  /** The account holder's name as the bank holds it. */
  holder: string;
}

/** The identity the bank verified of the customer who logged in; the national id only as a keyed hash. */
export interface StoredBankIdentity {
  username: string;
  givenName: string;
  familyName: string;
  dateOfBirth: string;
  country: string;
  nationalIdHash: string;
}

/** The strong customer authentication under way: its nonce (the one-time code is derived from it, the amount and the payee). */
export interface StoredBankSca {
  nonce: string;
}

export const bankPayments = pgTable(
  'bank_payments',
  {
    id: text('id').primaryKey(),
    payinId: text('payin_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    customerId: text('customer_id').notNull(),
    bankId: text('bank_id').notNull(),
    /** ISO 20022 transaction status: RCVD, ACTC, ACSP, ACSC, RJCT (lib/sandbox/bank/bank-status.ts). */
    status: text('status').notNull(),
    /** ISO 20022 status reason of a rejection (AM04, AC04, AG01, MS02, AB03). */
    reasonCode: text('reason_code'),
    /** Where the customer is: LOGIN, ACCOUNT, CONFIRM, DONE. */
    step: text('step').notNull(),
    /** REDIRECT: the customer's browser goes through the bank's pages; DECOUPLED: the bank's app does, the browser waits. */
    flow: text('flow').notNull().default('REDIRECT'),
    /** SHA-256 (hex) of the browser's current one-time token; replaced at each step. */
    browserTokenHash: text('browser_token_hash').notNull(),
    /** The app's current token is derived from this nonce (keyed hash); replaced at each step of the app. */
    appNonce: text('app_nonce'),
    /** SHA-256 (hex) of the app's current token, to find the payment by it. */
    appTokenHash: text('app_token_hash'),
    appTokenExpiresAt: timestamp('app_token_expires_at', { withTimezone: true }),
    username: text('username'),
    debtorAccount: jsonb('debtor_account').$type<StoredDebtorAccount>(),
    identity: jsonb('identity').$type<StoredBankIdentity>(),
    sca: jsonb('sca').$type<StoredBankSca>(),
    /** A timed outcome (ACSP → ACSC or RJCT) due at this time, settled by the sandbox's worker. */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    settleTo: jsonb('settle_to').$type<{ status: 'ACSC' | 'RJCT'; reason?: string }>(),
    /** Wrong passwords or codes so far (the bank refuses after five). */
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_payments_payin').on(t.payinId),
    index('bank_payments_app_token').on(t.appTokenHash),
    index('bank_payments_settle').on(t.settleAt),
  ],
);

/** The bank each customer last paid with: the bank chooser lists it first. */
export const bankChoices = pgTable('bank_choices', {
  customerId: text('customer_id').primaryKey(),
  bankId: text('bank_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
