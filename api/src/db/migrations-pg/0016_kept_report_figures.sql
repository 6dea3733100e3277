CREATE TABLE "report_area_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"area_id" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "report_area_days_school_id_day_area_id_pk" PRIMARY KEY("school_id","day","area_id")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"n" bigint NOT NULL,
	"completed" bigint NOT NULL,
	CONSTRAINT "report_days_school_id_day_pk" PRIMARY KEY("school_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_reporter_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"reporter_id" text NOT NULL,
	"n" bigint NOT NULL,
	"completed" bigint NOT NULL,
	CONSTRAINT "report_reporter_days_school_id_day_reporter_id_pk" PRIMARY KEY("school_id","day","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "report_totals" (
	"school_id" text NOT NULL,
	"area_id" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "report_totals_school_id_area_id_status_pk" PRIMARY KEY("school_id","area_id","status")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "tally_offset_minutes" bigint DEFAULT 420 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_area_days" ADD CONSTRAINT "report_area_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reporter_days" ADD CONSTRAINT "report_reporter_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_totals" ADD CONSTRAINT "report_totals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Hand-written below (docs/decisions/034-kept-report-figures.md): the trigger that keeps the
-- figures in the transaction of every write to reports, whichever path makes it, and the figures
-- of the reports there are already, dated at each school's tally_offset_minutes (420, WIB, until
-- the API recounts a school whose SCHOOL_UTC_OFFSET differs: services/report-tallies.ts). Only a
-- change to a counted column runs it. services/report-tallies.ts holds the same recount.
CREATE FUNCTION "urs_report_tallies"() RETURNS trigger LANGUAGE plpgsql AS $tallies$
DECLARE
  d text;
  done bigint;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."deleted_at" IS NULL THEN
    d := to_char(CAST(OLD."reported_at" AS timestamptz) AT TIME ZONE 'UTC' + coalesce((SELECT "tally_offset_minutes" FROM "schools" WHERE "id" = OLD."school_id"), 420) * interval '1 minute', 'YYYY-MM-DD');
    done := CASE WHEN OLD."status" = 'completed' THEN 1 ELSE 0 END;
    UPDATE "report_totals" SET "n" = "n" - 1 WHERE "school_id" = OLD."school_id" AND "area_id" = OLD."area_id" AND "status" = OLD."status";
    UPDATE "report_days" SET "n" = "n" - 1, "completed" = "completed" - done WHERE "school_id" = OLD."school_id" AND "day" = d;
    UPDATE "report_area_days" SET "n" = "n" - 1 WHERE "school_id" = OLD."school_id" AND "day" = d AND "area_id" = OLD."area_id";
    IF OLD."origin" = 'staff' THEN
      UPDATE "report_reporter_days" SET "n" = "n" - 1, "completed" = "completed" - done
        WHERE "school_id" = OLD."school_id" AND "day" = d AND "reporter_id" = OLD."reporter_id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."deleted_at" IS NULL THEN
    d := to_char(CAST(NEW."reported_at" AS timestamptz) AT TIME ZONE 'UTC' + coalesce((SELECT "tally_offset_minutes" FROM "schools" WHERE "id" = NEW."school_id"), 420) * interval '1 minute', 'YYYY-MM-DD');
    done := CASE WHEN NEW."status" = 'completed' THEN 1 ELSE 0 END;
    INSERT INTO "report_totals" ("school_id", "area_id", "status", "n") VALUES (NEW."school_id", NEW."area_id", NEW."status", 1)
      ON CONFLICT ("school_id", "area_id", "status") DO UPDATE SET "n" = "report_totals"."n" + 1;
    INSERT INTO "report_days" ("school_id", "day", "n", "completed") VALUES (NEW."school_id", d, 1, done)
      ON CONFLICT ("school_id", "day") DO UPDATE SET "n" = "report_days"."n" + 1, "completed" = "report_days"."completed" + done;
    INSERT INTO "report_area_days" ("school_id", "day", "area_id", "n") VALUES (NEW."school_id", d, NEW."area_id", 1)
      ON CONFLICT ("school_id", "day", "area_id") DO UPDATE SET "n" = "report_area_days"."n" + 1;
    IF NEW."origin" = 'staff' THEN
      INSERT INTO "report_reporter_days" ("school_id", "day", "reporter_id", "n", "completed") VALUES (NEW."school_id", d, NEW."reporter_id", 1, done)
        ON CONFLICT ("school_id", "day", "reporter_id") DO UPDATE SET "n" = "report_reporter_days"."n" + 1, "completed" = "report_reporter_days"."completed" + done;
    END IF;
  END IF;
  RETURN NULL;
END
$tallies$;
--> statement-breakpoint
CREATE TRIGGER "urs_report_tallies_insert_delete" AFTER INSERT OR DELETE ON "reports" FOR EACH ROW EXECUTE FUNCTION "urs_report_tallies"();
--> statement-breakpoint
CREATE TRIGGER "urs_report_tallies_update" AFTER UPDATE ON "reports" FOR EACH ROW
  WHEN (NEW."deleted_at" IS DISTINCT FROM OLD."deleted_at" OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."area_id" IS DISTINCT FROM OLD."area_id" OR NEW."reporter_id" IS DISTINCT FROM OLD."reporter_id" OR NEW."reported_at" IS DISTINCT FROM OLD."reported_at" OR NEW."origin" IS DISTINCT FROM OLD."origin" OR NEW."school_id" IS DISTINCT FROM OLD."school_id")
  EXECUTE FUNCTION "urs_report_tallies"();
--> statement-breakpoint
INSERT INTO "report_totals" ("school_id", "area_id", "status", "n")
  SELECT "school_id", "area_id", "status", count(*) FROM "reports" WHERE "deleted_at" IS NULL GROUP BY "school_id", "area_id", "status";
--> statement-breakpoint
INSERT INTO "report_days" ("school_id", "day", "n", "completed")
  SELECT r."school_id", to_char(CAST(r."reported_at" AS timestamptz) AT TIME ZONE 'UTC' + s."tally_offset_minutes" * interval '1 minute', 'YYYY-MM-DD'), count(*), sum(CASE WHEN r."status" = 'completed' THEN 1 ELSE 0 END)
  FROM "reports" r JOIN "schools" s ON s."id" = r."school_id" WHERE r."deleted_at" IS NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "report_area_days" ("school_id", "day", "area_id", "n")
  SELECT r."school_id", to_char(CAST(r."reported_at" AS timestamptz) AT TIME ZONE 'UTC' + s."tally_offset_minutes" * interval '1 minute', 'YYYY-MM-DD'), r."area_id", count(*)
  FROM "reports" r JOIN "schools" s ON s."id" = r."school_id" WHERE r."deleted_at" IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "report_reporter_days" ("school_id", "day", "reporter_id", "n", "completed")
  SELECT r."school_id", to_char(CAST(r."reported_at" AS timestamptz) AT TIME ZONE 'UTC' + s."tally_offset_minutes" * interval '1 minute', 'YYYY-MM-DD'), r."reporter_id", count(*), sum(CASE WHEN r."status" = 'completed' THEN 1 ELSE 0 END)
  FROM "reports" r JOIN "schools" s ON s."id" = r."school_id" WHERE r."deleted_at" IS NULL AND r."origin" = 'staff' GROUP BY 1, 2, 3;
