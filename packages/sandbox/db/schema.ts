/**
 * Tables of the embedded sandbox of the payments service (drizzle, PostgreSQL dialect).
 * Amounts are integers in ISO 4217 minor units. No column holds a PAN or a CVV: a card is
 * kept as brand, mask (first 6, last 4), expiry, holder and a keyed SHA-256 hash
 * (docs/design.md, section 4).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYIN_STATUSES, PAYOUT_STATUSES } from '@hosted-checkout/contract/enums';
import type { Customer, ReturnUrls } from '@hosted-checkout/contract/common';
import type {
  H2hData,
  PendingOutcome,
  SandboxMerchantConfig,
  StoredCard,
  StoredDepositLimits,
  StoredResponsibleGambling,
  StoredMap,
  StoredMetadata,
  StoredStatusReason,
  StoredThreeDsResult,
  ThreeDsState,
} from './stored-shapes';
import type { AuthenticationRequest } from '@hosted-checkout/contract/three-ds-outcome';

export const merchants = pgTable('merchants', {
  id: text('id').primaryKey(),
  token: text('token').notNull().unique(),
  /** Sandbox configuration: checkout settings, currencies, PSPs, routers, routes, rates. */
  config: jsonb('config').$type<SandboxMerchantConfig>().notNull(),
  webhookSecret: text('webhook_secret').notNull(),
  /** Where the public API's events go (set in the console); null: no events are sent. */
  webhookUrl: text('webhook_url'),
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
    data: jsonb('data').$type<Customer>().notNull(),
    /** Deposit limits set by the merchant, per currency, minor units: { [currency]: { day?, week?, month? } }. */
    depositLimits: jsonb('deposit_limits').$type<StoredDepositLimits>(),
    /** Raises waiting for their cooling-off, the answer before a first deposit, an exclusion, the reality-check interval. */
    gambling: jsonb('gambling').$type<StoredResponsibleGambling>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_merchant_external').on(t.merchantId, t.externalUserId)],
);

export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    mask: text('mask').notNull(),
    hash: text('hash').notNull(),
    expiryMonth: text('expiry_month').notNull(),
    expiryYear: text('expiry_year').notNull(),
    holder: text('holder').notNull(),
    /** Last payment or payout with this card; the checkout preselects the most recent. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every read of a pay-in or payout lists its customer's cards (`savedCards`): by customer, newest use first.
  (t) => [index('cards_customer_last_used').on(t.customerId, t.lastUsedAt)],
);

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
    /** Typed as the contract's enumeration only (no CHECK constraint): writes go through packages/sandbox/service/core/transitions.ts. */
    status: text('status', { enum: PAYIN_STATUSES }).notNull(),
    statusReason: jsonb('status_reason').$type<StoredStatusReason>(),
    routerId: text('router_id'),
    directRouteId: text('direct_route_id'),
    pspId: text('psp_id'),
    eligiblePspIds: jsonb('eligible_psp_ids').$type<string[]>().notNull(),
    returnUrls: jsonb('return_urls').$type<ReturnUrls>().notNull(),
    kycVerified: boolean('kyc_verified').notNull(),
    previousTransactionCount: integer('previous_transaction_count').notNull(),
    merchantAdditionalData: jsonb('merchant_additional_data').$type<StoredMap>(),
    metadata: jsonb('metadata').$type<StoredMetadata>(),
    transactionType: text('transaction_type'),
    /** Card used: { cardId?, mask, brand, hash, expiryMonth, expiryYear, holder }. */
    card: jsonb('card').$type<StoredCard>(),
    attemptCount: integer('attempt_count').notNull().default(0),
    pspTransactionId: text('psp_transaction_id'),
    /** A timed outcome of the test cards (PENDING → SUCCESS or TIMEOUT) due at this time. */
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    pendingOutcome: jsonb('pending_outcome').$type<PendingOutcome>(),
    /** 3-D Secure of the card attempt under way: { phase: METHOD | CHALLENGE, serverTransId, afterMethod, methodAnswers, methodCompletion? }. */
    threeDs: jsonb('three_ds').$type<ThreeDsState>(),
    /** Cashier session the pay-in was created in. */
    sessionId: text('session_id'),
    /** APM of a direct-link pay-in and the customer's fields for it. */
    methodId: text('method_id'),
    additionalData: jsonb('additional_data').$type<StoredMap>(),
    /** The keyed hash of the account an APM pay-in came from (packages/sandbox/service/core/apm-sources.ts): its source in the closed loop. */
    sourceKey: text('source_key'),
    /** Legacy host-to-host data: hookUrl, callback, callbackFail, lang, billing, cardToken. */
    h2h: jsonb('h2h').$type<H2hData>(),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /** The cashier fee included in amount_minor (minor units of the initial currency), when one applied. */
    feeMinor: bigint('fee_minor', { mode: 'number' }),
    /** The method the customer chose in the cashier (`card`, `apm`): processing by another is refused (its fee). */
    cashierMethod: text('cashier_method'),
    /** When the last processing attempt was made (the customer paid): deposit limits count from it. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The unpaid pay-in of the session this one retries (one retry each: unique). */
    replaces: text('replaces'),
    /** The issuer asked for strong customer authentication (a soft decline): every card attempt goes through 3-D Secure. */
    scaRequired: boolean('sca_required').notNull().default(false),
    /** What the merchant asked of 3-D Secure (AuthenticationRequest: an exemption, data only, a challenge; the channel). */
    authentication: jsonb('authentication').$type<AuthenticationRequest>(),
    /** What 3-D Secure did for the last card attempt (ThreeDsResult), or `{ pending }` while it runs (packages/sandbox/service/payins/sca-decision.ts). */
    threeDsResult: jsonb('three_ds_result').$type<StoredThreeDsResult>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payins_replaces').on(t.replaces),
    uniqueIndex('payins_merchant_order').on(t.merchantId, t.orderId),
    index('payins_pending').on(t.pendingUntil),
    // A customer's deposits of the last 30 days, summed against their deposit limits.
    index('payins_customer_processed').on(t.customerId, t.processedAt),
    // A cashier session's deposits, newest first: its answer lists them and sums those in progress.
    index('payins_session_created').on(t.sessionId, t.createdAt),
  ],
);

/**
 * The sandbox issuer's counters per card (by its keyed hash; RTS 2018/389 Art. 16 and 13): remote
 * payments without SCA since the last one, their sum in EUR minor units, and the merchants the
 * cardholder trusts.
 */
export const issuerCounters = pgTable('issuer_counters', {
  cardHash: text('card_hash').primaryKey(),
  count: integer('count').notNull().default(0),
  eurMinor: bigint('eur_minor', { mode: 'number' }).notNull().default(0),
  trusted: jsonb('trusted').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    customerId: text('customer_id').notNull(),
    orderId: text('order_id').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    initialValueMinor: bigint('initial_value_minor', { mode: 'number' }).notNull(),
    initialCurrency: text('initial_currency').notNull(),
    /** Typed as the contract's enumeration only (no CHECK constraint), like payins.status. */
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    statusReason: jsonb('status_reason').$type<StoredStatusReason>(),
    routerId: text('router_id'),
    directRouteId: text('direct_route_id'),
    pspId: text('psp_id'),
    eligiblePspIds: jsonb('eligible_psp_ids').$type<string[]>().notNull(),
    kycVerified: boolean('kyc_verified').notNull(),
    merchantAdditionalData: jsonb('merchant_additional_data').$type<StoredMap>(),
    transactionType: text('transaction_type'),
    /** Destination card { cardId?, mask, brand, hash, expiryMonth, expiryYear, holder }. */
    card: jsonb('card').$type<StoredCard>(),
    methodId: text('method_id'),
    additionalData: jsonb('additional_data').$type<StoredMap>(),
    /** The keyed hash of the account an APM payout goes to (packages/sandbox/service/core/apm-sources.ts): what it takes of that source's share. */
    sourceKey: text('source_key'),
    sessionId: text('session_id'),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    pendingOutcome: jsonb('pending_outcome').$type<PendingOutcome>(),
    /** The cashier fee (minor units of the initial currency) the customer pays on top of the value sent: the balance holds and loses value + fee. */
    feeMinor: bigint('fee_minor', { mode: 'number' }),
    /** The method the customer chose in the cashier (`card`, `apm`, an APM id), for its fee and expected time. */
    cashierMethod: text('cashier_method'),
    /** SHA-256 of the holder proof of the browser that holds the destination pages (a cashier payout is held through its session). */
    bindingHash: text('binding_hash'),
    /** SHA-256 of the one-time launch secret of its `iframeUrls`; null once spent. */
    launchHash: text('launch_hash'),
    /** When the launch secret stops opening the pages. */
    launchExpiresAt: timestamp('launch_expires_at', { withTimezone: true }),
    /** When it became PROCESSED (paid out; set by changePayout, never after): net deposits count a withdrawal from it. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * When a cashier withdrawal under a licence with a payout deadline must be paid out at the latest (SPA/MF: its
     * request plus 120 minutes; service/cashier/payout-deadline.ts); null for the others.
     */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    /** The last deadline event sent for it, each once: `approaching`, then `passed`; null before the first. */
    payoutDueNotice: text('payout_due_notice', { enum: ['approaching', 'passed'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_merchant_order').on(t.merchantId, t.orderId),
    index('payouts_pending').on(t.pendingUntil),
    // A customer's withdrawals paid out in a window, summed into their net deposits (service/responsible-gambling/net-deposits.ts).
    index('payouts_customer_processed').on(t.customerId, t.processedAt),
    // A cashier session's withdrawals, newest first: its answer lists them and sums what they hold.
    index('payouts_session_created').on(t.sessionId, t.createdAt),
    // Withdrawals not final with a payout deadline, by it: the worker's deadline events and the count past it.
    index('payouts_open_due')
      .on(t.payoutDueAt)
      .where(sql`${t.payoutDueAt} is not null and ${t.status} in ('CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING')`),
  ],
);

export const cashierSessions = pgTable('cashier_sessions', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id').notNull(),
  customerId: text('customer_id').notNull(),
  currency: text('currency').notNull(),
  /** Minor units of `currency`; null when the merchant gave none. */
  balanceMinor: bigint('balance_minor', { mode: 'number' }),
  returnUrls: jsonb('return_urls').$type<ReturnUrls>().notNull(),
  kycVerified: boolean('kyc_verified').notNull(),
  previousTransactionCount: integer('previous_transaction_count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** SHA-256 of the holder proof of the browser that holds the cashier page (the last to spend its launch secret). */
  bindingHash: text('binding_hash'),
  /** SHA-256 of the holder proof of the browser that holds the withdrawal widget. */
  widgetBindingHash: text('widget_binding_hash'),
  /** SHA-256 of the one-time launch secrets of the cashier's and the widget's addresses; null once spent. They end with the session. */
  launchHash: text('launch_hash'),
  widgetLaunchHash: text('widget_launch_hash'),
  /** A Pay N Play session (docs/design.md, E26): it starts with a provisional customer until the merchant allows the player its bank identified. */
  payNPlay: boolean('pay_n_play').notNull().default(false),
  /** The merchant's own reference of the session, as given at its creation: sent back in its payments' events (`data.cashier`). */
  merchantReference: text('merchant_reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from './schema-records';
export * from './schema-bank';
// Pay N Play's identifications and recognised players.
export * from './schema-pay-n-play';
