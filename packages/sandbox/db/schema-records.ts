/**
 * The service's records beside the payments (re-exported by schema.ts, drizzle-kit's entry):
 * webhook deliveries, stored idempotent answers, the cashier sessions' change log, SPC credentials,
 * the sandbox wallet's tokens and the sandbox SRC system's records (Click to Pay).
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

// The sandbox SRC system (Click to Pay, EMVCo SRC): service/src-system/. No column holds a PAN,
// a token PAN, an email or a phone number: identities are keyed hashes and masks; secrets are SHA-256.

/** An SRC profile: the consumer's identities (keyed hashes of the lower-case email and the E.164 phone, and their masks) and OTP state. */
export const srcProfiles = pgTable('src_profiles', {
  /** `srcp_…` */
  id: text('id').primaryKey(),
  emailHash: text('email_hash').unique(),
  phoneHash: text('phone_hash').unique(),
  /** `a•••@example.com` (EMVCo masking) */
  maskedEmail: text('masked_email'),
  /** `+44 ••• 101` */
  maskedPhone: text('masked_phone'),
  /** SHA-256 of the current one-time code, bound to the profile; null when none is live. */
  otpHash: text('otp_hash'),
  otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
  otpLastSentAt: timestamp('otp_last_sent_at', { withTimezone: true }),
  /** Codes sent since `otp_window_start` (at most 3 per 30 min). */
  otpSends: integer('otp_sends').notNull().default(0),
  otpWindowStart: timestamp('otp_window_start', { withTimezone: true }),
  /** Wrong codes in a row, across sessions; the 3rd locks the profile until `locked_until`. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** SEED (the sandbox's own) or CONSENT (made when a customer linked a card). */
  origin: text('origin').$type<'SEED' | 'CONSENT'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A card linked to an SRC profile: the FPAN's mask and keyed hash (the card hash), never the PAN or a token PAN. */
export const srcCards = pgTable(
  'src_cards',
  {
    /** srcDigitalCardId: `srcdc_` and 24 hex digits. */
    id: text('id').primaryKey(),
    profileId: text('profile_id').notNull(),
    brand: text('brand').$type<'VISA' | 'MASTERCARD'>().notNull(),
    /** First 6 and last 4 of the FPAN. */
    fpanMask: text('fpan_mask').notNull(),
    /** keyedHash of the FPAN's digits: the issuer's counters, passkeys and outcomes follow it. */
    fpanHash: text('fpan_hash').notNull(),
    expiryMonth: text('expiry_month').notNull(),
    expiryYear: text('expiry_year').notNull(),
    holder: text('holder').notNull(),
    descriptor: text('descriptor').notNull(),
    /** The built-in SVG art's key (service/src-system/art.ts). */
    art: text('art').notNull(),
    status: text('status').$type<'PENDING' | 'ACTIVE' | 'SUSPENDED'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('src_cards_profile_card').on(t.profileId, t.fpanHash)],
);

/** An SRC session of one pay-in: its client token and id token (SHA-256 only), its identity (keyed hashes) and who validated it. */
export const srcSessions = pgTable(
  'src_sessions',
  {
    /** srcCorrelationId: `srcc_` and 24 hex digits. */
    correlationId: text('correlation_id').primaryKey(),
    clientTokenHash: text('client_token_hash').notNull().unique(),
    payinId: text('payin_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    emailHash: text('email_hash'),
    phoneHash: text('phone_hash'),
    /** Identities typed in this session (Switch ID), at most 5. */
    lookups: integer('lookups').notNull().default(0),
    validatedProfileId: text('validated_profile_id'),
    recognisedBy: text('recognised_by').$type<'COOKIE' | 'OTP'>(),
    idTokenHash: text('id_token_hash'),
    idTokenExpiresAt: timestamp('id_token_expires_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('src_sessions_payin').on(t.payinId)],
);

/** A remembered browser (per cookie partition): SHA-256 of the recognition cookie's value, its profile; unbound by "Not you?". */
export const srcRecognitions = pgTable('src_recognitions', {
  tokenHash: text('token_hash').primaryKey(),
  profileId: text('profile_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  unboundAt: timestamp('unbound_at', { withTimezone: true }),
});

/** Consents shown and answered: linking a card, remembering the browser; the text's version, locale and the masked identity shown. */
export const srcConsents = pgTable(
  'src_consents',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'LINK_CARD' | 'REMEMBER_ME'>().notNull(),
    profileId: text('profile_id'),
    cardId: text('card_id'),
    payinId: text('payin_id'),
    merchantId: text('merchant_id').notNull(),
    textVersion: text('text_version').notNull(),
    locale: text('locale').notNull(),
    shownIdentity: text('shown_identity'),
    /** GIVEN, or the link's outcome (PENDING, LINKED, NOT_LINKED with its reason). */
    outcome: text('outcome').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('src_consents_profile').on(t.profileId), index('src_consents_payin').on(t.payinId)],
);
