-- The merchant's own reference of a cashier session, sent back in the events of its payments (data.cashier).
ALTER TABLE "cashier_sessions" ADD COLUMN "merchant_reference" text;