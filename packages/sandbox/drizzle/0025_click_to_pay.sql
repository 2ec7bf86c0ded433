-- Click to Pay: the sandbox SRC system's profiles, linked cards (mask and keyed hash only), sessions, remembered browsers and consents.
CREATE TABLE "src_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"brand" text NOT NULL,
	"fpan_mask" text NOT NULL,
	"fpan_hash" text NOT NULL,
	"expiry_month" text NOT NULL,
	"expiry_year" text NOT NULL,
	"holder" text NOT NULL,
	"descriptor" text NOT NULL,
	"art" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "src_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"profile_id" text,
	"card_id" text,
	"payin_id" text,
	"merchant_id" text NOT NULL,
	"text_version" text NOT NULL,
	"locale" text NOT NULL,
	"shown_identity" text,
	"outcome" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "src_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"email_hash" text,
	"phone_hash" text,
	"masked_email" text,
	"masked_phone" text,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"otp_last_sent_at" timestamp with time zone,
	"otp_sends" integer DEFAULT 0 NOT NULL,
	"otp_window_start" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "src_profiles_email_hash_unique" UNIQUE("email_hash"),
	CONSTRAINT "src_profiles_phone_hash_unique" UNIQUE("phone_hash")
);
--> statement-breakpoint
CREATE TABLE "src_recognitions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "src_sessions" (
	"correlation_id" text PRIMARY KEY NOT NULL,
	"client_token_hash" text NOT NULL,
	"payin_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"email_hash" text,
	"phone_hash" text,
	"lookups" integer DEFAULT 0 NOT NULL,
	"validated_profile_id" text,
	"recognised_by" text,
	"id_token_hash" text,
	"id_token_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "src_sessions_client_token_hash_unique" UNIQUE("client_token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "src_cards_profile_card" ON "src_cards" USING btree ("profile_id","fpan_hash");--> statement-breakpoint
CREATE INDEX "src_consents_profile" ON "src_consents" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "src_consents_payin" ON "src_consents" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "src_sessions_payin" ON "src_sessions" USING btree ("payin_id");