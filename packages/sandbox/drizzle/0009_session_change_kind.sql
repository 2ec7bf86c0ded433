ALTER TABLE "cashier_session_changes" ADD COLUMN "withdrawals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- E18 (decided by this project): a change says whether it is a withdrawal's (created, or its
-- status moved) or the balance's alone, so that a watcher keeps its list of withdrawals.
CREATE OR REPLACE FUNCTION "cashier_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_session text;
BEGIN
  IF TG_TABLE_NAME = 'cashier_sessions' THEN
    changed_session := NEW.id;
  ELSE
    changed_session := NEW.session_id;
  END IF;
  INSERT INTO "cashier_session_changes" ("session_id", "tx_id", "withdrawals")
    VALUES (changed_session, pg_current_xact_id()::text::bigint, TG_TABLE_NAME = 'payouts');
  PERFORM pg_notify('cashier_session_changes', changed_session);
  RETURN NULL;
END
$$;
