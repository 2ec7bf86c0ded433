ALTER TABLE "cashier_sessions" ADD COLUMN "binding_hash" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "binding_hash" text;