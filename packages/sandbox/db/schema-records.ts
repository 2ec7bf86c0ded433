/**
 * The service's records beside the payments (re-exported by schema.ts, drizzle-kit's entry):
 * webhook deliveries, stored idempotent answers, the cashier sessions' change log, SPC credentials
 * and the sandbox wallet's tokens.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryAttempt } from './stored-shapes';

/**
 * Webhook deliveries (outbox): written in the transaction of the change they report, sent by
 * the sandbox's worker, retried on non-2xx after 1, 2, 4, 8 and 16 s; every attempt logged.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    /** `h2h` (legacy transaction webhook) or `event` (public API event). */
    channel: text('kind').notNull(),
    eventType: text('event_type').notNull(),
    transactionId: text('transaction_id').notNull(),
    url: text('url').notNull(),
    /** The exact body sent and signed. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** [{ at, status?, error?, durationMs }] */
    log: jsonb('log').$type<DeliveryAttempt[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_due').on(t.nextAttemptAt)],
);

/** Idempotency keys: stored answers per (scope, key); the fingerprint is keyed and leaves the CVV out. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The session-changes long poll's feed: one row per change of a cashier session's balance or of one of its withdrawals, written
 * by triggers (packages/sandbox/drizzle/0003_session_changes.sql) in the transaction of the change, which also
 * NOTIFY `cashier_session_changes`. `txId` is the writing transaction's id (pg_current_xact_id):
 * a watcher reads the rows whose transaction is below the snapshot's xmin, so a row committed
 * late is never skipped. Kept 10 minutes (the worker prunes).
 */
export const cashierSessionChanges = pgTable(
  'cashier_session_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    txId: bigint('tx_id', { mode: 'number' }).notNull(),
    /** Whether the change is a withdrawal's (created or its status moved), not the balance alone. */
    withdrawals: boolean('withdrawals').notNull().default(true),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cashier_session_changes_tx').on(t.txId), index('cashier_session_changes_at').on(t.at)],
);

/**
 * Passkeys (for Secure Payment Confirmation) the sandbox's ACS enrolled for a card (WebAuthn with the `payment` extension),
 * found by the card's keyed hash: the issuer's own record, whichever merchant the card pays.
 * The public key is COSE (base64url); `counter` is the authenticator's signature counter.
 */
export const spcCredentials = pgTable(
  'spc_credentials',
  {
    /** The credential id (base64url). */
    id: text('id').primaryKey(),
    cardHash: text('card_hash').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The relying party: the ACS's host. */
    rpId: text('rp_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One passkey per card at an ACS: two enrolments at once keep the first.
  (t) => [uniqueIndex('spc_credentials_card').on(t.cardHash, t.rpId)],
);

/**
 * Wallet tokens spent: a token pays once, on one pay-in. Keyed by the wallet and the token's
 * own reference (Google Pay's messageId, Apple Pay's transactionId, the sandbox wallet's nonce),
 * never by the token: the primary key makes two pay-ins racing with one token end with one.
 */
export const walletTokens = pgTable('wallet_tokens', {
  ref: text('ref').primaryKey(),
  payinId: text('payin_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

// The sandbox bank's tables (Pay by Bank).
