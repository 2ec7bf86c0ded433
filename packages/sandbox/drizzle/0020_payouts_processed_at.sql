ALTER TABLE "payouts" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Payouts paid out before the column: their last write is the closest record of when (the transition to PROCESSED is final).
UPDATE "payouts" SET "processed_at" = "updated_at" WHERE "status" = 'PROCESSED';--> statement-breakpoint
CREATE INDEX "payouts_customer_processed" ON "payouts" USING btree ("customer_id","processed_at");
