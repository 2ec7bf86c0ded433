/**
 * Tables of the embedded sandbox of the payments service (drizzle, PostgreSQL dialect).
 * Amounts are integers in ISO 4217 minor units. No column holds a PAN or a CVV: a card is
 * kept as brand, mask (first 6, last 4), expiry, holder and a keyed SHA-256 hash
 * (design brief, section 4).
 */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  id: text('id').primaryKey(),
  token: text('token').notNull().unique(),
  /** Sandbox configuration: settings (E12), currencies, PSPs, routers, routes, rates. */
  config: jsonb('config').notNull(),
  webhookSecret: text('webhook_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSecrets = pgTable('sandbox_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    externalUserId: text('external_user_id').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_merchant_external').on(t.merchantId, t.externalUserId)],
);

export const cards = pgTable('cards', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id').notNull(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  mask: text('mask').notNull(),
  hash: text('hash').notNull(),
  expiryMonth: text('expiry_month').notNull(),
  expiryYear: text('expiry_year').notNull(),
  holder: text('holder').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payins = pgTable(
  'payins',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    customerId: text('customer_id').notNull(),
    orderId: text('order_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    initialAmountMinor: bigint('initial_amount_minor', { mode: 'number' }).notNull(),
    initialCurrency: text('initial_currency').notNull(),
    status: text('status').notNull(),
    statusReason: jsonb('status_reason'),
    routerId: text('router_id'),
    directRouteId: text('direct_route_id'),
    pspId: text('psp_id'),
    eligiblePspIds: jsonb('eligible_psp_ids').notNull(),
    returnUrls: jsonb('return_urls').notNull(),
    kycVerified: boolean('kyc_verified').notNull(),
    previousTransactionCount: integer('previous_transaction_count').notNull(),
    merchantAdditionalData: jsonb('merchant_additional_data'),
    metadata: jsonb('metadata'),
    transactionType: text('transaction_type'),
    /** Card used: { cardId?, mask, brand, hash, expiryMonth, expiryYear, holder }. */
    card: jsonb('card'),
    attemptCount: integer('attempt_count').notNull().default(0),
    pspTransactionId: text('psp_transaction_id'),
    /** A timed outcome of the test cards (PENDING → SUCCESS or TIMEOUT) due at this time. */
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    pendingOutcome: jsonb('pending_outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payins_merchant_order').on(t.merchantId, t.orderId)],
);

/** E13: stored answers per (scope, key); the fingerprint is keyed and leaves the CVV out. */
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
