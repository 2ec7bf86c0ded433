CREATE TABLE "bank_choices" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"bank_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payin_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"bank_id" text NOT NULL,
	"status" text NOT NULL,
	"reason_code" text,
	"step" text NOT NULL,
	"flow" text DEFAULT 'REDIRECT' NOT NULL,
	"browser_token_hash" text NOT NULL,
	"app_nonce" text,
	"app_token_hash" text,
	"app_token_expires_at" timestamp with time zone,
	"username" text,
	"debtor_account" jsonb,
	"identity" jsonb,
	"sca" jsonb,
	"settle_at" timestamp with time zone,
	"settle_to" jsonb,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bank_payments_payin" ON "bank_payments" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "bank_payments_app_token" ON "bank_payments" USING btree ("app_token_hash");--> statement-breakpoint
CREATE INDEX "bank_payments_settle" ON "bank_payments" USING btree ("settle_at");--> statement-breakpoint
-- The seeded merchants of a sandbox created before Pay by Bank gain its PSP (the seed's config, lib/sandbox/core/merchant-config.ts) at the end of their routers; a merchant whose every PSP needs KYC gets one that does too.
UPDATE "merchants" SET "config" = jsonb_set(
  jsonb_set(
    "config",
    '{psps}',
    ("config"->'psps') || jsonb_build_array(jsonb_build_object(
      'id', 'psp-bank', 'name', 'Open banking', 'methods', jsonb_build_array('bank'), 'currencies', jsonb_build_array('EUR', 'GBP'),
      'requiresKyc', NOT (("config"->'psps') @> '[{"requiresKyc": false}]'::jsonb)
    ))
  ),
  '{routers}',
  (SELECT coalesce(jsonb_agg(jsonb_set(r, '{pspIds}', (r->'pspIds') || '["psp-bank"]'::jsonb)), '[]'::jsonb) FROM jsonb_array_elements("config"->'routers') AS r)
)
WHERE "id" IN ('merchant-demo', 'merchant-other', 'merchant-night', 'merchant-wallets', 'merchant-casino', 'merchant-regulated')
  AND NOT (("config"->'psps') @> '[{"id": "psp-bank"}]'::jsonb);
