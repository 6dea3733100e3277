CREATE TABLE "job_done_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"assignee_id" text NOT NULL,
	"minutes" bigint NOT NULL,
	"n" bigint NOT NULL,
	"with_due" bigint NOT NULL,
	"on_time" bigint NOT NULL,
	CONSTRAINT "job_done_days_school_id_day_assignee_id_minutes_pk" PRIMARY KEY("school_id","day","assignee_id","minutes")
);
--> statement-breakpoint
CREATE TABLE "job_open_days" (
	"school_id" text NOT NULL,
	"day" text NOT NULL,
	"assignee_id" text NOT NULL,
	"time" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "job_open_days_school_id_day_assignee_id_time_pk" PRIMARY KEY("school_id","day","assignee_id","time")
);
--> statement-breakpoint
CREATE TABLE "job_open_months" (
	"school_id" text NOT NULL,
	"assignee_id" text NOT NULL,
	"month" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "job_open_months_school_id_assignee_id_month_pk" PRIMARY KEY("school_id","assignee_id","month")
);
--> statement-breakpoint
ALTER TABLE "job_done_days" ADD CONSTRAINT "job_done_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_open_days" ADD CONSTRAINT "job_open_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_open_months" ADD CONSTRAINT "job_open_months_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (docs/decisions/036-kept-job-figures.md): the trigger that keeps the jobs'
-- figures in the transaction of every write to reports, whichever path makes it, and the figures
-- of the reports there are already (completion days and on-time at each school's
-- tally_offset_minutes, as the report figures of 0016). Only a change to a counted column runs
-- it. services/report-tallies.ts holds the same recount; services/job-tallies.ts the buckets.
CREATE FUNCTION "urs_job_tallies"() RETURNS trigger LANGUAGE plpgsql AS $jobs$
DECLARE
  o bigint;
  m numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."deleted_at" IS NULL AND OLD."status" IN ('pending', 'in_progress') THEN
      UPDATE "job_open_months" SET "n" = "n" - 1 WHERE "school_id" = OLD."school_id" AND "assignee_id" = coalesce(OLD."assignee_id", '') AND "month" = coalesce(substr(OLD."due_date", 1, 7), '');
      IF OLD."due_date" IS NOT NULL THEN
        UPDATE "job_open_days" SET "n" = "n" - 1
          WHERE "school_id" = OLD."school_id" AND "day" = OLD."due_date" AND "assignee_id" = coalesce(OLD."assignee_id", '') AND "time" = coalesce(OLD."due_time", '');
      END IF;
    ELSIF OLD."deleted_at" IS NULL AND OLD."status" = 'completed' AND OLD."completed_at" IS NOT NULL THEN
      o := coalesce((SELECT "tally_offset_minutes" FROM "schools" WHERE "id" = OLD."school_id"), 420);
      m := greatest(0, floor((round(extract(epoch from (CAST(OLD."completed_at" AS timestamptz) - CAST(OLD."reported_at" AS timestamptz))) * 1000) + 30000) / 60000));
      UPDATE "job_done_days" SET "n" = "n" - 1, "with_due" = "with_due" - (CASE WHEN OLD."due_date" IS NULL THEN 0 ELSE 1 END), "on_time" = "on_time" - (CASE WHEN OLD."due_date" IS NOT NULL AND OLD."completed_at" <= to_char(CAST(OLD."due_date" AS date) + coalesce(CAST(OLD."due_time" AS time), time '24:00') - o * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN 1 ELSE 0 END)
        WHERE "school_id" = OLD."school_id" AND "day" = to_char(CAST(OLD."completed_at" AS timestamptz) AT TIME ZONE 'UTC' + o * interval '1 minute', 'YYYY-MM-DD') AND "assignee_id" = coalesce(OLD."assignee_id", '') AND "minutes" = CAST(CASE WHEN m < 1440 THEN m ELSE floor(m / 60) * 60 END AS bigint);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."deleted_at" IS NULL AND NEW."status" IN ('pending', 'in_progress') THEN
      INSERT INTO "job_open_months" ("school_id", "assignee_id", "month", "n") VALUES (NEW."school_id", coalesce(NEW."assignee_id", ''), coalesce(substr(NEW."due_date", 1, 7), ''), 1)
        ON CONFLICT ("school_id", "assignee_id", "month") DO UPDATE SET "n" = "job_open_months"."n" + 1;
      IF NEW."due_date" IS NOT NULL THEN
        INSERT INTO "job_open_days" ("school_id", "day", "assignee_id", "time", "n") VALUES (NEW."school_id", NEW."due_date", coalesce(NEW."assignee_id", ''), coalesce(NEW."due_time", ''), 1)
          ON CONFLICT ("school_id", "day", "assignee_id", "time") DO UPDATE SET "n" = "job_open_days"."n" + 1;
      END IF;
    ELSIF NEW."deleted_at" IS NULL AND NEW."status" = 'completed' AND NEW."completed_at" IS NOT NULL THEN
      o := coalesce((SELECT "tally_offset_minutes" FROM "schools" WHERE "id" = NEW."school_id"), 420);
      m := greatest(0, floor((round(extract(epoch from (CAST(NEW."completed_at" AS timestamptz) - CAST(NEW."reported_at" AS timestamptz))) * 1000) + 30000) / 60000));
      INSERT INTO "job_done_days" ("school_id", "day", "assignee_id", "minutes", "n", "with_due", "on_time")
        VALUES (NEW."school_id", to_char(CAST(NEW."completed_at" AS timestamptz) AT TIME ZONE 'UTC' + o * interval '1 minute', 'YYYY-MM-DD'), coalesce(NEW."assignee_id", ''), CAST(CASE WHEN m < 1440 THEN m ELSE floor(m / 60) * 60 END AS bigint), 1, CASE WHEN NEW."due_date" IS NULL THEN 0 ELSE 1 END, CASE WHEN NEW."due_date" IS NOT NULL AND NEW."completed_at" <= to_char(CAST(NEW."due_date" AS date) + coalesce(CAST(NEW."due_time" AS time), time '24:00') - o * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN 1 ELSE 0 END)
        ON CONFLICT ("school_id", "day", "assignee_id", "minutes") DO UPDATE SET "n" = "job_done_days"."n" + 1,
          "with_due" = "job_done_days"."with_due" + excluded."with_due", "on_time" = "job_done_days"."on_time" + excluded."on_time";
    END IF;
  END IF;
  RETURN NULL;
END
$jobs$;
--> statement-breakpoint
CREATE TRIGGER "urs_job_tallies_insert_delete" AFTER INSERT OR DELETE ON "reports" FOR EACH ROW EXECUTE FUNCTION "urs_job_tallies"();
--> statement-breakpoint
CREATE TRIGGER "urs_job_tallies_update" AFTER UPDATE ON "reports" FOR EACH ROW
  WHEN (NEW."status" IS DISTINCT FROM OLD."status" OR NEW."assignee_id" IS DISTINCT FROM OLD."assignee_id" OR NEW."due_date" IS DISTINCT FROM OLD."due_date" OR NEW."due_time" IS DISTINCT FROM OLD."due_time" OR NEW."completed_at" IS DISTINCT FROM OLD."completed_at" OR NEW."reported_at" IS DISTINCT FROM OLD."reported_at" OR NEW."deleted_at" IS DISTINCT FROM OLD."deleted_at" OR NEW."school_id" IS DISTINCT FROM OLD."school_id")
  EXECUTE FUNCTION "urs_job_tallies"();
--> statement-breakpoint
INSERT INTO "job_open_months" ("school_id", "assignee_id", "month", "n")
  SELECT r."school_id", coalesce(r."assignee_id", ''), coalesce(substr(r."due_date", 1, 7), ''), count(*) FROM "reports" r WHERE r."deleted_at" IS NULL AND r."status" IN ('pending', 'in_progress') GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "job_open_days" ("school_id", "day", "assignee_id", "time", "n")
  SELECT r."school_id", r."due_date", coalesce(r."assignee_id", ''), coalesce(r."due_time", ''), count(*) FROM "reports" r WHERE r."deleted_at" IS NULL AND r."status" IN ('pending', 'in_progress') AND r."due_date" IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "job_done_days" ("school_id", "day", "assignee_id", "minutes", "n", "with_due", "on_time")
  SELECT r."school_id", to_char(CAST(r."completed_at" AS timestamptz) AT TIME ZONE 'UTC' + s."tally_offset_minutes" * interval '1 minute', 'YYYY-MM-DD'), coalesce(r."assignee_id", ''), CAST(CASE WHEN greatest(0, floor((round(extract(epoch from (CAST(r."completed_at" AS timestamptz) - CAST(r."reported_at" AS timestamptz))) * 1000) + 30000) / 60000)) < 1440 THEN greatest(0, floor((round(extract(epoch from (CAST(r."completed_at" AS timestamptz) - CAST(r."reported_at" AS timestamptz))) * 1000) + 30000) / 60000)) ELSE floor(greatest(0, floor((round(extract(epoch from (CAST(r."completed_at" AS timestamptz) - CAST(r."reported_at" AS timestamptz))) * 1000) + 30000) / 60000)) / 60) * 60 END AS bigint), count(*), sum(CASE WHEN r."due_date" IS NULL THEN 0 ELSE 1 END), sum(CASE WHEN r."due_date" IS NOT NULL AND r."completed_at" <= to_char(CAST(r."due_date" AS date) + coalesce(CAST(r."due_time" AS time), time '24:00') - s."tally_offset_minutes" * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN 1 ELSE 0 END)
  FROM "reports" r JOIN "schools" s ON s."id" = r."school_id" WHERE r."deleted_at" IS NULL AND r."status" = 'completed' AND r."completed_at" IS NOT NULL GROUP BY 1, 2, 3, 4;
