CREATE TABLE "announcement_reads" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"announcement_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"author_id" text NOT NULL,
	"published_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "change_counter" (
	"id" bigint PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"name" text NOT NULL,
	"sku" text,
	"unit" text NOT NULL,
	"stock" bigint DEFAULT 0 NOT NULL,
	"min_stock" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"trackable" boolean DEFAULT true NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "item_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"number" text,
	"type" text NOT NULL,
	"item_id" text,
	"custom_name" text,
	"store_link" text,
	"image_sha256" text,
	"quantity" bigint NOT NULL,
	"needed_date" text,
	"notes" text,
	"requester_id" text NOT NULL,
	"approver_id" text,
	"approver_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" text
);
--> statement-breakpoint
CREATE TABLE "login_known_addresses" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" bigint NOT NULL,
	CONSTRAINT "login_known_addresses_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"blocked_until" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"report_id" text NOT NULL,
	"kind" text NOT NULL,
	"sha256" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"reporter_id" text NOT NULL,
	"area_id" text NOT NULL,
	"category_id" text,
	"work_type" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_note" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"last_used_at" text NOT NULL,
	"expires_at" text NOT NULL,
	"revoked_at" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text,
	"expires_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"item_id" text NOT NULL,
	"type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"notes" text,
	"area_id" text,
	"recorded_by" text NOT NULL,
	"occurred_at" text NOT NULL,
	"flag" text
);
--> statement-breakpoint
CREATE TABLE "sync_clients" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "sync_clients_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "sync_rejections" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"mutation_id" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"errors" text,
	"created_at" text NOT NULL,
	CONSTRAINT "sync_rejections_user_id_client_id_seq_pk" PRIMARY KEY("user_id","client_id","seq")
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "user_activity_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"preferred_theme" text DEFAULT 'dark' NOT NULL,
	"preferred_language" text DEFAULT 'id' NOT NULL,
	"photo_sha256" text,
	"last_active_at" text
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_rejections" ADD CONSTRAINT "sync_rejections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_reads_user_announcement_uq" ON "announcement_reads" USING btree ("user_id","announcement_id");--> statement-breakpoint
CREATE INDEX "announcement_reads_change_seq_idx" ON "announcement_reads" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("deleted_at","published_at");--> statement-breakpoint
CREATE INDEX "announcements_change_seq_idx" ON "announcements" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_name_live_uq" ON "areas" USING btree ("name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "areas_change_seq_idx" ON "areas" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_live_uq" ON "categories" USING btree ("name") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "categories_change_seq_idx" ON "categories" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_sku_live_uq" ON "inventory_items" USING btree ("sku") WHERE sku IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree ("name");--> statement-breakpoint
CREATE INDEX "inventory_items_change_seq_idx" ON "inventory_items" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_number_uq" ON "item_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "item_requests_status_created_idx" ON "item_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "item_requests_requester_created_idx" ON "item_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "item_requests_item_idx" ON "item_requests" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "item_requests_change_seq_idx" ON "item_requests" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "photo_uploads_sha_idx" ON "photo_uploads" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "report_photos_report_idx" ON "report_photos" USING btree ("report_id","kind","position");--> statement-breakpoint
CREATE INDEX "report_photos_sha_idx" ON "report_photos" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "report_photos_change_seq_idx" ON "report_photos" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_live_created_idx" ON "reports" USING btree ("created_at","status","area_id","reporter_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_live_status_area_idx" ON "reports" USING btree ("status","area_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_area_created_idx" ON "reports" USING btree ("area_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_change_seq_idx" ON "reports" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stock_tx_item_occurred_idx" ON "stock_transactions" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_tx_area_idx" ON "stock_transactions" USING btree ("area_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_tx_recorded_by_idx" ON "stock_transactions" USING btree ("recorded_by","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_tx_change_seq_idx" ON "stock_transactions" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_uq" ON "users" USING btree ("email") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","name");--> statement-breakpoint
CREATE INDEX "users_change_seq_idx" ON "users" USING btree ("change_seq");