/**
 * Tables of Pay N Play (docs/design.md, E26): a cashier session that starts without a customer
 * (`cashier_sessions.pay_n_play`), the identifications its bank logins make, and the players the
 * service recognises again by their bank identity. Re-exported by schema.ts. The national identity
 * number is never kept: only a keyed hash (HMAC-SHA256 with the sandbox's CARD_HASH_KEY), scoped
 * to the merchant, so two merchants' hashes of one person differ.
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The identity the bank verified of a Pay N Play login, as kept (no national id in clear). */
export interface StoredPlayerIdentity {
  givenName: string;
  familyName: string;
  /** ISO 8601 date. */
  dateOfBirth: string;
  /** ISO 3166-1 alpha-2: the bank's country. */
  country: string;
  address: { street: string; city: string; postalCode: string };
  /** Keyed hash (hex) of the national identity number and its issuing country, scoped to the merchant; absent where the bank knows none. */
  nationalIdHash?: string;
  /** ISO 3166-1 alpha-2: the country that issued the national identity number (with `nationalIdHash`). */
  nationalIdCountry?: string;
  /** The account the bank reported: its mask, and the identifier in full (sent to the merchant, never shown). */
  account: {
    scheme: 'IBAN' | 'UK.OBIE.SortCodeAccountNumber';
    masked: string;
    iban: string;
    sortCode?: string;
    accountNumber?: string;
    holder: string;
    bankId: string;
  };
}

/**
 * A bank login of a Pay N Play session: a deposit (awaiting the merchant's decision) or an
 * identification only (amount 0). Status: AWAITING_BANK (at the bank), AWAITING_DECISION
 * (identified, the merchant asked), ALLOWED, DENIED, FAILED (the bank did not complete).
 */
export const playerIdentifications = pgTable(
  'player_identifications',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    /** The pay-in of the deposit, or the zero-amount pay-in that carries an identification only through the bank. */
    payinId: text('payin_id').notNull(),
    /** DEPOSIT or LOGIN (amount 0). */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    identity: jsonb('identity').$type<StoredPlayerIdentity>(),
    /** The keyed hash a returning player is recognised by (national id and its issuing country, else name, birth date and postal code). */
    playerKey: text('player_key'),
    /** The customer recognised by `playerKey` when the identification came (a returning player). */
    knownCustomerId: text('known_customer_id'),
    /** The customer the session got on ALLOW. */
    customerId: text('customer_id'),
    /** DENY's reason (UNDERAGE, SELF_EXCLUDED, OTHER) and the merchant's words. */
    denyReason: text('deny_reason'),
    denyMessage: text('deny_message'),
    /** The sandbox merchant's automatic decision is due then (null: the merchant decides by the API). */
    autoDecideAt: timestamp('auto_decide_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_identifications_payin').on(t.payinId),
    index('player_identifications_session').on(t.sessionId),
    index('player_identifications_auto').on(t.autoDecideAt),
  ],
);

/** The players a merchant accepted, by their bank identity's keyed hash: a returning player gets their customer again. */
export const payNPlayPlayers = pgTable(
  'pay_n_play_players',
  {
    merchantId: text('merchant_id').notNull(),
    playerKey: text('player_key').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pay_n_play_players_key').on(t.merchantId, t.playerKey)],
);
