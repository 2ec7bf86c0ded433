ALTER TABLE "customers" ADD COLUMN "gambling" jsonb;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "replaces" text;--> statement-breakpoint
ALTER TABLE "payins" ADD COLUMN "sca_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payins_replaces" ON "payins" USING btree ("replaces");