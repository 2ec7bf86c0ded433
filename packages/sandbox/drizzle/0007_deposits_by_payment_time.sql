DROP INDEX "payins_customer_created";--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "cashier_method" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payins_customer_processed" ON "payins" USING btree ("customer_id","processed_at");