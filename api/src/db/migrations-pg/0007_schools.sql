-- Schools as tenants (docs/decisions/027-schools-as-tenants.md). Today's data becomes the first
-- school, under a fixed id (FIRST_SCHOOL_ID in db/schools.ts) and the footer's name (start-up
-- adopts SCHOOL_NAME, db/schools.ts adoptSchoolName). No registration code here: a migration is
-- published, so a code in it would be no secret.
CREATE TABLE "schools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"registration_code" text,
	"sso_domains" text,
	"deactivated_at" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "schools" ("id", "name", "registration_code", "sso_domains", "deactivated_at", "created_at", "updated_at")
VALUES ('00000000-0000-7000-8000-000000000001', 'SMA Harapan Nusantara', NULL, NULL, NULL, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));--> statement-breakpoint
-- The counter becomes per school. The first school keeps the one global counter's value and
-- every row keeps its change_seq, so each device's stored cursor means what it meant.
ALTER TABLE "change_counter" ADD COLUMN "school_id" text;--> statement-breakpoint
UPDATE "change_counter" SET "school_id" = '00000000-0000-7000-8000-000000000001' WHERE "id" = 1;--> statement-breakpoint
ALTER TABLE "change_counter" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "change_counter" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "change_counter" ADD PRIMARY KEY ("school_id");--> statement-breakpoint
DROP INDEX "announcement_reads_change_seq_idx";--> statement-breakpoint
DROP INDEX "announcements_published_idx";--> statement-breakpoint
DROP INDEX "announcements_change_seq_idx";--> statement-breakpoint
DROP INDEX "announcements_unread_idx";--> statement-breakpoint
DROP INDEX "areas_name_live_uq";--> statement-breakpoint
DROP INDEX "areas_change_seq_idx";--> statement-breakpoint
DROP INDEX "categories_name_live_uq";--> statement-breakpoint
DROP INDEX "categories_change_seq_idx";--> statement-breakpoint
DROP INDEX "inventory_items_sku_live_uq";--> statement-breakpoint
DROP INDEX "inventory_items_name_idx";--> statement-breakpoint
DROP INDEX "inventory_items_change_seq_idx";--> statement-breakpoint
DROP INDEX "item_requests_number_uq";--> statement-breakpoint
DROP INDEX "item_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "item_requests_change_seq_idx";--> statement-breakpoint
DROP INDEX "report_photos_change_seq_idx";--> statement-breakpoint
DROP INDEX "reports_reported_idx";--> statement-breakpoint
DROP INDEX "reports_created_idx";--> statement-breakpoint
DROP INDEX "reports_status_reported_idx";--> statement-breakpoint
DROP INDEX "reports_live_reported_idx";--> statement-breakpoint
DROP INDEX "reports_live_status_area_idx";--> statement-breakpoint
DROP INDEX "reports_change_seq_idx";--> statement-breakpoint
DROP INDEX "stock_tx_change_seq_idx";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "users_change_seq_idx";--> statement-breakpoint
-- A constant default is kept in the catalogue (PostgreSQL 11 and later): adding the column
-- rewrites no table and fires no wire_change trigger, however many rows a district has; the
-- default then goes, so every insert must name its school.
ALTER TABLE "announcement_reads" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "announcement_reads" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "areas" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "item_requests" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "photo_uploads" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "report_photos" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "report_photos" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "stock_transactions" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "sync_clients" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sync_rejections" ADD COLUMN "school_id" text NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "sync_rejections" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "school_id" text DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "school_id" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_name_uq" ON "schools" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_registration_code_uq" ON "schools" USING btree ("registration_code");--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_rejections" ADD CONSTRAINT "sync_rejections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_reads_school_change_seq_idx" ON "announcement_reads" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "announcements_school_published_idx" ON "announcements" USING btree ("school_id","deleted_at","published_at");--> statement-breakpoint
CREATE INDEX "announcements_school_change_seq_idx" ON "announcements" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "announcements_school_unread_idx" ON "announcements" USING btree ("school_id","deleted_at","author_id","audience","id");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_school_name_live_uq" ON "areas" USING btree ("school_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "areas_school_change_seq_idx" ON "areas" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_school_name_live_uq" ON "categories" USING btree ("school_id","name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "categories_school_change_seq_idx" ON "categories" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_school_sku_live_uq" ON "inventory_items" USING btree ("school_id","sku") WHERE sku IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_school_name_idx" ON "inventory_items" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "inventory_items_school_change_seq_idx" ON "inventory_items" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_school_number_uq" ON "item_requests" USING btree ("school_id","number");--> statement-breakpoint
CREATE INDEX "item_requests_school_status_created_idx" ON "item_requests" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "item_requests_school_change_seq_idx" ON "item_requests" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "report_photos_school_change_seq_idx" ON "report_photos" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "reports_school_reported_idx" ON "reports" USING btree ("school_id","reported_at");--> statement-breakpoint
CREATE INDEX "reports_school_created_idx" ON "reports" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_school_status_reported_idx" ON "reports" USING btree ("school_id","status","reported_at");--> statement-breakpoint
CREATE INDEX "reports_school_live_reported_idx" ON "reports" USING btree ("school_id","reported_at","status","area_id","reporter_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_school_live_status_area_idx" ON "reports" USING btree ("school_id","status","area_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_school_change_seq_idx" ON "reports" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "stock_tx_school_change_seq_idx" ON "stock_transactions" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "sync_clients_school_updated_idx" ON "sync_clients" USING btree ("school_id","updated_at");--> statement-breakpoint
CREATE INDEX "users_school_role_idx" ON "users" USING btree ("school_id","role","name");--> statement-breakpoint
CREATE INDEX "users_school_change_seq_idx" ON "users" USING btree ("school_id","change_seq");
