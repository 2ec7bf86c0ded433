/**
 * The shape of the ids the payments service hands out (pay-ins, payouts, cashier sessions,
 * merchants): opaque strings of 1–128 URL-safe characters. Anything outside this shape cannot be
 * one, so a page or an action refuses it before any call.
 */
export const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
