CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"mask" text NOT NULL,
	"hash" text NOT NULL,
	"expiry_month" text NOT NULL,
	"expiry_year" text NOT NULL,
	"holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"external_user_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"config" jsonb NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "payins" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"initial_amount_minor" bigint NOT NULL,
	"initial_currency" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" jsonb,
	"router_id" text,
	"direct_route_id" text,
	"psp_id" text,
	"eligible_psp_ids" jsonb NOT NULL,
	"return_urls" jsonb NOT NULL,
	"kyc_verified" boolean NOT NULL,
	"previous_transaction_count" integer NOT NULL,
	"merchant_additional_data" jsonb,
	"metadata" jsonb,
	"transaction_type" text,
	"card" jsonb,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"psp_transaction_id" text,
	"pending_until" timestamp with time zone,
	"pending_outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_merchant_external" ON "customers" USING btree ("merchant_id","external_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payins_merchant_order" ON "payins" USING btree ("merchant_id","order_id");