-- A cashier withdrawal's payout deadline under its licence (SPA/MF: 120 minutes) and the last deadline event sent; the open ones indexed by it.
ALTER TABLE "payouts" ADD COLUMN "payout_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payout_due_notice" text;--> statement-breakpoint
CREATE INDEX "payouts_open_due" ON "payouts" USING btree ("payout_due_at") WHERE "payouts"."payout_due_at" is not null and "payouts"."status" in ('CREATED', 'WAITING_FOR_CONFIRMATION', 'PENDING');