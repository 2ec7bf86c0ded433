/**
 * Tables of the sandbox bank (packages/sandbox/service/bank/): its payments, the customer's last used bank.
 * Re-exported by schema.ts, so drizzle-kit and the typed client see them. Amounts are never kept
 * here (the pay-in holds them); an account identifier is kept in full for the closed-loop
 * withdrawals that follow a deposit, and shown or logged only masked.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** Absent where the bank knows no national identity number. */
  nationalIdHash?: string;
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
    /** ISO 20022 transaction status: RCVD, ACTC, ACSP, ACSC, RJCT (packages/sandbox/service/bank/bank-status.ts). */
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

/**
 * An account a withdrawal by bank pays, in full (never shown: `masked` is what pages and logs see),
 * with the holder's name it is paid in (ISO 20022's creditor and creditor account).
 */
export interface StoredCreditorAccount {
  scheme: 'IBAN' | 'UK.OBIE.SortCodeAccountNumber';
  /** Electronic format; for a UK account typed as sort code and account number, absent. */
  iban?: string;
  sortCode?: string;
  accountNumber?: string;
  masked: string;
}

/** A payee name check's answer as kept (packages/sandbox/service/bank/name-check.ts's result, or a deposit account). */
export interface StoredPayeeCheck {
  scheme: 'VOP' | 'COP' | 'NONE';
  outcome: 'MATCH' | 'CLOSE_MATCH' | 'NO_MATCH' | 'NOT_POSSIBLE' | 'ACCOUNT_TYPE_MISMATCH' | 'DEPOSIT_ACCOUNT';
  code?: string;
  nameHeld?: string;
  accountType?: 'PERSONAL' | 'BUSINESS';
}

/** Payee name checks run for a cashier session's customer (docs/design.md, section 9): one withdrawal each, for ten minutes. */
export const payeeChecks = pgTable(
  'payee_checks',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    customerId: text('customer_id').notNull(),
    account: jsonb('account').$type<StoredCreditorAccount>().notNull(),
    /** The name the customer typed (at most 140 characters). */
    name: text('name').notNull(),
    result: jsonb('result').$type<StoredPayeeCheck>().notNull(),
    /** The payout that used this check (one use). */
    payoutId: text('payout_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payee_checks_session').on(t.sessionId)],
);

/**
 * The credit transfer of a withdrawal by bank (an instant credit transfer, SEPA Instant or UK Faster
 * Payments): RCVD while the payout waits for the merchant, then sent when it is PENDING; the
 * beneficiary bank's answer (ACSC, or RJCT with a reason; AB08 offline is retried) is settled by
 * the sandbox's worker at `settleAt`.
 */
export const bankCreditTransfers = pgTable(
  'bank_credit_transfers',
  {
    id: text('id').primaryKey(),
    payoutId: text('payout_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    customerId: text('customer_id').notNull(),
    creditorAccount: jsonb('creditor_account').$type<StoredCreditorAccount>().notNull(),
    creditorName: text('creditor_name').notNull(),
    /** DEPOSIT_ACCOUNT (closed loop), or NAME_CHECKED (another account, with its check). */
    source: text('source').notNull(),
    payeeCheck: jsonb('payee_check').$type<StoredPayeeCheck>(),
    /** ISO 20022 status: RCVD (not sent), ACSP (sent), ACSC, RJCT. */
    status: text('status').notNull(),
    reasonCode: text('reason_code'),
    /** Attempts sent to the beneficiary bank so far. */
    attempts: integer('attempts').notNull().default(0),
    settleAt: timestamp('settle_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_credit_transfers_payout').on(t.payoutId), index('bank_credit_transfers_settle').on(t.settleAt)],
);
