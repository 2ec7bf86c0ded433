CREATE TABLE "bank_credit_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"creditor_account" jsonb NOT NULL,
	"creditor_name" text NOT NULL,
	"source" text NOT NULL,
	"payee_check" jsonb,
	"status" text NOT NULL,
	"reason_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"settle_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payee_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"account" jsonb NOT NULL,
	"name" text NOT NULL,
	"result" jsonb NOT NULL,
	"payout_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credit_transfers_payout" ON "bank_credit_transfers" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "bank_credit_transfers_settle" ON "bank_credit_transfers" USING btree ("settle_at");--> statement-breakpoint
CREATE INDEX "payee_checks_session" ON "payee_checks" USING btree ("session_id");