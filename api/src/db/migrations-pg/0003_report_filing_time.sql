DROP INDEX "reports_status_created_idx";--> statement-breakpoint
DROP INDEX "reports_live_created_idx";--> statement-breakpoint
DROP INDEX "reports_area_created_idx";--> statement-breakpoint
DROP INDEX "reports_reporter_created_idx";--> statement-breakpoint
-- Existing reports were filed when the server received them as far as anyone knows.
ALTER TABLE "reports" ADD COLUMN "reported_at" text;--> statement-breakpoint
UPDATE "reports" SET "reported_at" = "created_at";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reported_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "reports_status_reported_idx" ON "reports" USING btree ("status","reported_at");--> statement-breakpoint
CREATE INDEX "reports_live_reported_idx" ON "reports" USING btree ("reported_at","status","area_id","reporter_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_area_reported_idx" ON "reports" USING btree ("area_id","reported_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_reported_idx" ON "reports" USING btree ("reporter_id","reported_at");
