CREATE TABLE "spc_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"card_hash" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"rp_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spc_credentials_card" ON "spc_credentials" USING btree ("card_hash");