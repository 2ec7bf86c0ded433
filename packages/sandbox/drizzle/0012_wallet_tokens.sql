CREATE TABLE "wallet_tokens" (
	"ref" text PRIMARY KEY NOT NULL,
	"payin_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
