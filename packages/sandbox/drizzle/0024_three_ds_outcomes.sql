-- 3-D Secure outcomes: the sandbox issuer's counters per card (RTS 2018/389 Art. 16, 13), and each pay-in's request and result.
CREATE TABLE "issuer_counters" (
	"card_hash" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"eur_minor" bigint DEFAULT 0 NOT NULL,
	"trusted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "authentication" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "three_ds_result" jsonb;