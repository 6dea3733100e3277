-- Rounds (docs/decisions/030-rounds.md): templates with their saved versions, completions
-- (one closing per occurrence), and a report's link to the completion it was raised from.
CREATE TABLE "round_completions" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"school_id" text NOT NULL,
	"template_id" text NOT NULL,
	"template_version" bigint NOT NULL,
	"occurrence_id" text NOT NULL,
	"occurrence_date" text NOT NULL,
	"completed_by" text NOT NULL,
	"completed_at" text NOT NULL,
	"started_at" text,
	"note" text,
	"answers" text NOT NULL,
	"closing" boolean NOT NULL,
	"closed_by_id" text,
	"closed_at" text,
	"assignee_user_id" text,
	"assignee_role" text,
	"wire_change" text
);
--> statement-breakpoint
CREATE TABLE "round_template_versions" (
	"template_id" text NOT NULL,
	"version" bigint NOT NULL,
	"school_id" text NOT NULL,
	"definition" text NOT NULL,
	"effective_from" text NOT NULL,
	"created_by" text,
	"created_at" text NOT NULL,
	CONSTRAINT "round_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "round_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL,
	"change_seq" bigint NOT NULL,
	"deleted_at" text,
	"school_id" text NOT NULL,
	"version" bigint NOT NULL,
	"title" text NOT NULL,
	"area_ids" text NOT NULL,
	"category_id" text,
	"work_type" text,
	"items" text NOT NULL,
	"assignee_user_id" text,
	"assignee_role" text,
	"schedule" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"due_time" text,
	"paused" boolean DEFAULT false NOT NULL,
	"pauses" text NOT NULL,
	"archived_on" text,
	"created_by" text,
	"wire_change" text
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "round_completion_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "round_item_id" text;--> statement-breakpoint
ALTER TABLE "round_completions" ADD CONSTRAINT "round_completions_template_id_round_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."round_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_completions" ADD CONSTRAINT "round_completions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_completions" ADD CONSTRAINT "round_completions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_template_versions" ADD CONSTRAINT "round_template_versions_template_id_round_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."round_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_template_versions" ADD CONSTRAINT "round_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_template_versions" ADD CONSTRAINT "round_template_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_templates" ADD CONSTRAINT "round_templates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_templates" ADD CONSTRAINT "round_templates_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_templates" ADD CONSTRAINT "round_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_templates" ADD CONSTRAINT "round_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "round_completions_closing_uq" ON "round_completions" USING btree ("occurrence_id") WHERE closing;--> statement-breakpoint
CREATE INDEX "round_completions_school_template_date_idx" ON "round_completions" USING btree ("school_id","template_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "round_completions_school_change_seq_idx" ON "round_completions" USING btree ("school_id","change_seq");--> statement-breakpoint
CREATE INDEX "round_completions_school_by_change_seq_idx" ON "round_completions" USING btree ("school_id","completed_by","change_seq");--> statement-breakpoint
CREATE INDEX "round_completions_school_user_change_seq_idx" ON "round_completions" USING btree ("school_id","assignee_user_id","change_seq");--> statement-breakpoint
CREATE INDEX "round_completions_school_role_change_seq_idx" ON "round_completions" USING btree ("school_id","assignee_role","change_seq");--> statement-breakpoint
CREATE INDEX "round_templates_school_change_seq_idx" ON "round_templates" USING btree ("school_id","change_seq");