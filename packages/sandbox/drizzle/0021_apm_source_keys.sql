-- The keyed hash of an APM pay-in's or payout's account (payouts/apm-sources.ts); rows written before it are keyed when a closed-loop decision reads them.
ALTER TABLE "payins" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "source_key" text;