CREATE TABLE "pay_n_play_players" (
	"merchant_id" text NOT NULL,
	"player_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_identifications" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"payin_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"identity" jsonb,
	"player_key" text,
	"known_customer_id" text,
	"customer_id" text,
	"deny_reason" text,
	"deny_message" text,
	"auto_decide_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashier_sessions" ADD COLUMN "pay_n_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_n_play_players_key" ON "pay_n_play_players" USING btree ("merchant_id","player_key");--> statement-breakpoint
CREATE UNIQUE INDEX "player_identifications_payin" ON "player_identifications" USING btree ("payin_id");--> statement-breakpoint
CREATE INDEX "player_identifications_session" ON "player_identifications" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "player_identifications_auto" ON "player_identifications" USING btree ("auto_decide_at");