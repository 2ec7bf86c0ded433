/** Longest id the payments service hands out, in characters (a form field's or a path parameter's bound). */
export const ID_MAX_LENGTH = 128;

/** The characters of one id, unanchored: to capture an id inside a longer pattern (a path). */
export const ID_CHARS = `[A-Za-z0-9_-]{1,${ID_MAX_LENGTH}}`;

/**
 * The shape of the ids the payments service hands out (pay-ins, payouts, cashier sessions,
 * merchants): opaque strings of 1–128 URL-safe characters. Anything outside this shape cannot be
 * one, so a page or an action refuses it before any call.
 */
export const PAYMENT_ID = new RegExp(`^${ID_CHARS}$`);

/** A saved card's id (`cardId`), as the service gives it: the same shape as a payment id. */
export const CARD_ID = PAYMENT_ID;

/** A cashier session's id (`sessionId`), as the service gives it: the same shape as a payment id. */
export const SESSION_ID = PAYMENT_ID;
