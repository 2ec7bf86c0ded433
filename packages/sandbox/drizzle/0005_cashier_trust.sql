ALTER TABLE "customers" ADD COLUMN "deposit_limits" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "cashier_method" text;