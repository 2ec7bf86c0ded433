CREATE TABLE "cashier_session_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_session_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"tx_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cashier_session_changes_tx" ON "cashier_session_changes" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "cashier_session_changes_at" ON "cashier_session_changes" USING btree ("at");--> statement-breakpoint
-- E18: every change of a session's balance, and every new withdrawal or change of a withdrawal's
-- status in a session, is recorded in the transaction that makes it and announced on commit.
CREATE FUNCTION "cashier_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_session text;
BEGIN
  IF TG_TABLE_NAME = 'cashier_sessions' THEN
    changed_session := NEW.id;
  ELSE
    changed_session := NEW.session_id;
  END IF;
  INSERT INTO "cashier_session_changes" ("session_id", "tx_id") VALUES (changed_session, pg_current_xact_id()::text::bigint);
  PERFORM pg_notify('cashier_session_changes', changed_session);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cashier_session_balance_changed" AFTER UPDATE OF "balance_minor" ON "cashier_sessions"
  FOR EACH ROW WHEN (OLD."balance_minor" IS DISTINCT FROM NEW."balance_minor") EXECUTE FUNCTION "cashier_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "cashier_session_payout_created" AFTER INSERT ON "payouts"
  FOR EACH ROW WHEN (NEW."session_id" IS NOT NULL) EXECUTE FUNCTION "cashier_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "cashier_session_payout_changed" AFTER UPDATE OF "status" ON "payouts"
  FOR EACH ROW WHEN (NEW."session_id" IS NOT NULL AND OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "cashier_session_changed"();
