DROP INDEX "spc_credentials_card";--> statement-breakpoint
CREATE UNIQUE INDEX "spc_credentials_card" ON "spc_credentials" USING btree ("card_hash","rp_id");