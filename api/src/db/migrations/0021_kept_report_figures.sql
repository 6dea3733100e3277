CREATE TABLE `report_area_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`area_id` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`school_id`, `day`, `area_id`)
);
--> statement-breakpoint
CREATE TABLE `report_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`n` integer NOT NULL,
	`completed` integer NOT NULL,
	PRIMARY KEY(`school_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `report_reporter_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`reporter_id` text NOT NULL,
	`n` integer NOT NULL,
	`completed` integer NOT NULL,
	PRIMARY KEY(`school_id`, `day`, `reporter_id`)
);
--> statement-breakpoint
CREATE TABLE `report_totals` (
	`school_id` text NOT NULL,
	`area_id` text NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`school_id`, `area_id`, `status`)
);
--> statement-breakpoint
ALTER TABLE `schools` ADD `tally_offset_minutes` integer DEFAULT 420 NOT NULL;
--> statement-breakpoint
-- Hand-written below (docs/decisions/034-kept-report-figures.md): the triggers that keep the
-- figures in the transaction of every write to reports, whichever path makes it, and the figures
-- of the reports there are already, dated at each school's tally_offset_minutes (420, WIB, until
-- the API recounts a school whose SCHOOL_UTC_OFFSET differs: services/report-tallies.ts). Only a
-- change to a counted column touches them. services/report-tallies.ts holds the same recount.
CREATE TRIGGER report_tallies_insert AFTER INSERT ON reports WHEN NEW.deleted_at IS NULL
BEGIN
  INSERT INTO report_totals (school_id, area_id, status, n) VALUES (NEW.school_id, NEW.area_id, NEW.status, 1)
    ON CONFLICT (school_id, area_id, status) DO UPDATE SET n = n + 1;
  INSERT INTO report_days (school_id, day, n, completed) VALUES (NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), 1, NEW.status = 'completed')
    ON CONFLICT (school_id, day) DO UPDATE SET n = n + 1, completed = completed + excluded.completed;
  INSERT INTO report_area_days (school_id, day, area_id, n) VALUES (NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), NEW.area_id, 1)
    ON CONFLICT (school_id, day, area_id) DO UPDATE SET n = n + 1;
  INSERT INTO report_reporter_days (school_id, day, reporter_id, n, completed)
    SELECT NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), NEW.reporter_id, 1, NEW.status = 'completed' WHERE NEW.origin = 'staff'
    ON CONFLICT (school_id, day, reporter_id) DO UPDATE SET n = n + 1, completed = completed + excluded.completed;
END;
--> statement-breakpoint
CREATE TRIGGER report_tallies_delete AFTER DELETE ON reports WHEN OLD.deleted_at IS NULL
BEGIN
  UPDATE report_totals SET n = n - 1 WHERE school_id = OLD.school_id AND area_id = OLD.area_id AND status = OLD.status;
  UPDATE report_days SET n = n - 1, completed = completed - (OLD.status = 'completed') WHERE school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes');
  UPDATE report_area_days SET n = n - 1 WHERE school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND area_id = OLD.area_id;
  UPDATE report_reporter_days SET n = n - 1, completed = completed - (OLD.status = 'completed')
    WHERE OLD.origin = 'staff' AND school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND reporter_id = OLD.reporter_id;
END;
--> statement-breakpoint
CREATE TRIGGER report_tallies_update_old AFTER UPDATE ON reports WHEN OLD.deleted_at IS NULL AND (NEW.deleted_at IS NOT OLD.deleted_at OR NEW.status IS NOT OLD.status OR NEW.area_id IS NOT OLD.area_id OR NEW.reporter_id IS NOT OLD.reporter_id OR NEW.reported_at IS NOT OLD.reported_at OR NEW.origin IS NOT OLD.origin OR NEW.school_id IS NOT OLD.school_id)
BEGIN
  UPDATE report_totals SET n = n - 1 WHERE school_id = OLD.school_id AND area_id = OLD.area_id AND status = OLD.status;
  UPDATE report_days SET n = n - 1, completed = completed - (OLD.status = 'completed') WHERE school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes');
  UPDATE report_area_days SET n = n - 1 WHERE school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND area_id = OLD.area_id;
  UPDATE report_reporter_days SET n = n - 1, completed = completed - (OLD.status = 'completed')
    WHERE OLD.origin = 'staff' AND school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND reporter_id = OLD.reporter_id;
END;
--> statement-breakpoint
CREATE TRIGGER report_tallies_update_new AFTER UPDATE ON reports WHEN NEW.deleted_at IS NULL AND (NEW.deleted_at IS NOT OLD.deleted_at OR NEW.status IS NOT OLD.status OR NEW.area_id IS NOT OLD.area_id OR NEW.reporter_id IS NOT OLD.reporter_id OR NEW.reported_at IS NOT OLD.reported_at OR NEW.origin IS NOT OLD.origin OR NEW.school_id IS NOT OLD.school_id)
BEGIN
  INSERT INTO report_totals (school_id, area_id, status, n) VALUES (NEW.school_id, NEW.area_id, NEW.status, 1)
    ON CONFLICT (school_id, area_id, status) DO UPDATE SET n = n + 1;
  INSERT INTO report_days (school_id, day, n, completed) VALUES (NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), 1, NEW.status = 'completed')
    ON CONFLICT (school_id, day) DO UPDATE SET n = n + 1, completed = completed + excluded.completed;
  INSERT INTO report_area_days (school_id, day, area_id, n) VALUES (NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), NEW.area_id, 1)
    ON CONFLICT (school_id, day, area_id) DO UPDATE SET n = n + 1;
  INSERT INTO report_reporter_days (school_id, day, reporter_id, n, completed)
    SELECT NEW.school_id, strftime('%Y-%m-%d', NEW.reported_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), NEW.reporter_id, 1, NEW.status = 'completed' WHERE NEW.origin = 'staff'
    ON CONFLICT (school_id, day, reporter_id) DO UPDATE SET n = n + 1, completed = completed + excluded.completed;
END;
--> statement-breakpoint
INSERT INTO report_totals (school_id, area_id, status, n)
  SELECT school_id, area_id, status, count(*) FROM reports WHERE deleted_at IS NULL GROUP BY school_id, area_id, status;
--> statement-breakpoint
INSERT INTO report_days (school_id, day, n, completed)
  SELECT r.school_id, strftime('%Y-%m-%d', r.reported_at, s.tally_offset_minutes || ' minutes'), count(*), sum(r.status = 'completed')
  FROM reports r JOIN schools s ON s.id = r.school_id WHERE r.deleted_at IS NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_area_days (school_id, day, area_id, n)
  SELECT r.school_id, strftime('%Y-%m-%d', r.reported_at, s.tally_offset_minutes || ' minutes'), r.area_id, count(*)
  FROM reports r JOIN schools s ON s.id = r.school_id WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_reporter_days (school_id, day, reporter_id, n, completed)
  SELECT r.school_id, strftime('%Y-%m-%d', r.reported_at, s.tally_offset_minutes || ' minutes'), r.reporter_id, count(*), sum(r.status = 'completed')
  FROM reports r JOIN schools s ON s.id = r.school_id WHERE r.deleted_at IS NULL AND r.origin = 'staff' GROUP BY 1, 2, 3;
