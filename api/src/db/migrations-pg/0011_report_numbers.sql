ALTER TABLE "reports" ADD COLUMN "number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_school_number_uq" ON "reports" USING btree ("school_id","number");--> statement-breakpoint
-- Hand-written below (docs/decisions/033-report-numbers.md). Every report so far gets the number
-- the server would have given it on arrival: per school, per year of its arrival (created_at) in
-- the school's calendar, counted in filing order (reported_at, then id). A migration cannot read
-- SCHOOL_UTC_OFFSET, so the year is WIB's (+07:00, the default); under WITA or WIT only a report
-- that arrived in the first hour or two of a year would be counted in the year before.
-- A device holds its reports without numbers and cannot work them out, so every live report
-- takes a new change number from its school's counter (in its old order) and the devices pull
-- them again; tombstones keep theirs, having nothing new to tell. One write of each row: its
-- wire_change trigger runs once, and start-up then rewrites the column through the new builder
-- (db/stored-changes.ts).
UPDATE "reports" SET
  "number" = 'LAP-' || numbered."year" || '-' || lpad(CAST(numbered."n" AS text), 6, '0'),
  "change_seq" = CASE WHEN "reports"."deleted_at" IS NULL
    THEN "change_counter"."value" + numbered."k"
    ELSE "reports"."change_seq" END
FROM (
  SELECT "id", "year",
    row_number() OVER (PARTITION BY "school_id", "year" ORDER BY "reported_at", "id") AS "n",
    row_number() OVER (PARTITION BY "school_id", "deleted_at" IS NULL ORDER BY "change_seq", "id") AS "k"
  FROM (SELECT "id", "school_id", "reported_at", "change_seq", "deleted_at", to_char((CAST("created_at" AS timestamptz) AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY') AS "year" FROM "reports") AS dated
) AS numbered, "change_counter"
WHERE numbered."id" = "reports"."id" AND "change_counter"."school_id" = "reports"."school_id";--> statement-breakpoint
UPDATE "change_counter" SET "value" = "value" + (SELECT count(*) FROM "reports" WHERE "reports"."school_id" = "change_counter"."school_id" AND "reports"."deleted_at" IS NULL);
