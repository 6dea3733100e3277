-- The public problem form behind the areas' QR posters (docs/decisions/029-public-problem-form.md):
-- each area's poster token, made when the admin first opens the posters, and the school's switch
-- for the form, on by default (a poster printed before this names no token, so nothing is open
-- until the admin prints new ones).
CREATE TABLE "area_posters" (
	"area_id" text PRIMARY KEY NOT NULL,
	"school_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "poster_reports" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "area_posters" ADD CONSTRAINT "area_posters_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_posters" ADD CONSTRAINT "area_posters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_posters_token_uq" ON "area_posters" USING btree ("token");