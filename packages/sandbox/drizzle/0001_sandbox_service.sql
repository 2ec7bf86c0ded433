CREATE TABLE "cashier_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint,
	"return_urls" jsonb NOT NULL,
	"kyc_verified" boolean NOT NULL,
	"previous_transaction_count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"initial_value_minor" bigint NOT NULL,
	"initial_currency" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" jsonb,
	"router_id" text,
	"direct_route_id" text,
	"psp_id" text,
	"eligible_psp_ids" jsonb NOT NULL,
	"kyc_verified" boolean NOT NULL,
	"merchant_additional_data" jsonb,
	"transaction_type" text,
	"card" jsonb,
	"method_id" text,
	"additional_data" jsonb,
	"session_id" text,
	"pending_until" timestamp with time zone,
	"pending_outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_type" text NOT NULL,
	"transaction_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "method_id" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "additional_data" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "h2h" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_merchant_order" ON "payouts" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "payouts_pending" ON "payouts" USING btree ("pending_until");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "payins_pending" ON "payins" USING btree ("pending_until");