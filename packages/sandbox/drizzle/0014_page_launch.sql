ALTER TABLE "cashier_sessions" ADD COLUMN "widget_binding_hash" text;--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD COLUMN "launch_hash" text;--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD COLUMN "widget_launch_hash" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "launch_hash" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "launch_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "cashier_sessions" SET "binding_hash" = NULL;--> statement-breakpoint
UPDATE "payouts" SET "binding_hash" = NULL;
