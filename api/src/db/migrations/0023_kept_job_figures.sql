CREATE TABLE `job_done_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`assignee_id` text NOT NULL,
	`minutes` integer NOT NULL,
	`n` integer NOT NULL,
	`with_due` integer NOT NULL,
	`on_time` integer NOT NULL,
	PRIMARY KEY(`school_id`, `day`, `assignee_id`, `minutes`)
);
--> statement-breakpoint
CREATE TABLE `job_open_days` (
	`school_id` text NOT NULL,
	`day` text NOT NULL,
	`assignee_id` text NOT NULL,
	`time` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`school_id`, `day`, `assignee_id`, `time`)
);
--> statement-breakpoint
CREATE TABLE `job_open_months` (
	`school_id` text NOT NULL,
	`assignee_id` text NOT NULL,
	`month` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`school_id`, `assignee_id`, `month`)
);
--> statement-breakpoint
-- Hand-written below (docs/decisions/036-kept-job-figures.md): the triggers that keep the jobs'
-- figures in the transaction of every write to reports, whichever path makes it, and the figures
-- of the reports there are already (completion days and on-time at each school's
-- tally_offset_minutes, as the report figures of 0021). Only a change to a counted column touches
-- them. services/report-tallies.ts holds the same recount; services/job-tallies.ts the buckets.
CREATE TRIGGER job_tallies_insert AFTER INSERT ON reports WHEN NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress', 'completed')
BEGIN
  INSERT INTO job_open_months (school_id, assignee_id, month, n)
    SELECT NEW.school_id, coalesce(NEW.assignee_id, ''), coalesce(substr(NEW.due_date, 1, 7), ''), 1 WHERE NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress')
    ON CONFLICT (school_id, assignee_id, month) DO UPDATE SET n = n + 1;
  INSERT INTO job_open_days (school_id, day, assignee_id, time, n)
    SELECT NEW.school_id, NEW.due_date, coalesce(NEW.assignee_id, ''), coalesce(NEW.due_time, ''), 1 WHERE NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress') AND NEW.due_date IS NOT NULL
    ON CONFLICT (school_id, day, assignee_id, time) DO UPDATE SET n = n + 1;
  INSERT INTO job_done_days (school_id, day, assignee_id, minutes, n, with_due, on_time)
    SELECT NEW.school_id, strftime('%Y-%m-%d', NEW.completed_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), coalesce(NEW.assignee_id, ''), (SELECT CASE WHEN m < 1440 THEN m ELSE m / 60 * 60 END FROM (SELECT max(0, CAST((round((julianday(NEW.completed_at) - julianday(NEW.reported_at)) * 86400000) + 30000) / 60000 AS INTEGER)) AS m)), 1, (NEW.due_date IS NOT NULL), (NEW.due_date IS NOT NULL AND NEW.completed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', NEW.due_date, (coalesce(substr(NEW.due_time, 1, 2) * 60 + substr(NEW.due_time, 4, 2), 1440) - coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420)) || ' minutes')) WHERE NEW.deleted_at IS NULL AND NEW.status = 'completed' AND NEW.completed_at IS NOT NULL
    ON CONFLICT (school_id, day, assignee_id, minutes) DO UPDATE SET n = n + 1, with_due = with_due + excluded.with_due, on_time = on_time + excluded.on_time;
END;
--> statement-breakpoint
CREATE TRIGGER job_tallies_delete AFTER DELETE ON reports WHEN OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress', 'completed')
BEGIN
  UPDATE job_open_months SET n = n - 1
    WHERE OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress') AND school_id = OLD.school_id AND assignee_id = coalesce(OLD.assignee_id, '') AND month = coalesce(substr(OLD.due_date, 1, 7), '');
  UPDATE job_open_days SET n = n - 1
    WHERE OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress') AND OLD.due_date IS NOT NULL AND school_id = OLD.school_id AND day = OLD.due_date AND assignee_id = coalesce(OLD.assignee_id, '') AND time = coalesce(OLD.due_time, '');
  UPDATE job_done_days SET n = n - 1, with_due = with_due - (OLD.due_date IS NOT NULL), on_time = on_time - (OLD.due_date IS NOT NULL AND OLD.completed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', OLD.due_date, (coalesce(substr(OLD.due_time, 1, 2) * 60 + substr(OLD.due_time, 4, 2), 1440) - coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420)) || ' minutes'))
    WHERE OLD.deleted_at IS NULL AND OLD.status = 'completed' AND OLD.completed_at IS NOT NULL AND school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.completed_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND assignee_id = coalesce(OLD.assignee_id, '') AND minutes = (SELECT CASE WHEN m < 1440 THEN m ELSE m / 60 * 60 END FROM (SELECT max(0, CAST((round((julianday(OLD.completed_at) - julianday(OLD.reported_at)) * 86400000) + 30000) / 60000 AS INTEGER)) AS m));
END;
--> statement-breakpoint
CREATE TRIGGER job_tallies_update_old AFTER UPDATE ON reports WHEN OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress', 'completed') AND (NEW.status IS NOT OLD.status OR NEW.assignee_id IS NOT OLD.assignee_id OR NEW.due_date IS NOT OLD.due_date OR NEW.due_time IS NOT OLD.due_time OR NEW.completed_at IS NOT OLD.completed_at OR NEW.reported_at IS NOT OLD.reported_at OR NEW.deleted_at IS NOT OLD.deleted_at OR NEW.school_id IS NOT OLD.school_id)
BEGIN
  UPDATE job_open_months SET n = n - 1
    WHERE OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress') AND school_id = OLD.school_id AND assignee_id = coalesce(OLD.assignee_id, '') AND month = coalesce(substr(OLD.due_date, 1, 7), '');
  UPDATE job_open_days SET n = n - 1
    WHERE OLD.deleted_at IS NULL AND OLD.status IN ('pending', 'in_progress') AND OLD.due_date IS NOT NULL AND school_id = OLD.school_id AND day = OLD.due_date AND assignee_id = coalesce(OLD.assignee_id, '') AND time = coalesce(OLD.due_time, '');
  UPDATE job_done_days SET n = n - 1, with_due = with_due - (OLD.due_date IS NOT NULL), on_time = on_time - (OLD.due_date IS NOT NULL AND OLD.completed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', OLD.due_date, (coalesce(substr(OLD.due_time, 1, 2) * 60 + substr(OLD.due_time, 4, 2), 1440) - coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420)) || ' minutes'))
    WHERE OLD.deleted_at IS NULL AND OLD.status = 'completed' AND OLD.completed_at IS NOT NULL AND school_id = OLD.school_id AND day = strftime('%Y-%m-%d', OLD.completed_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = OLD.school_id), 420) || ' minutes') AND assignee_id = coalesce(OLD.assignee_id, '') AND minutes = (SELECT CASE WHEN m < 1440 THEN m ELSE m / 60 * 60 END FROM (SELECT max(0, CAST((round((julianday(OLD.completed_at) - julianday(OLD.reported_at)) * 86400000) + 30000) / 60000 AS INTEGER)) AS m));
END;
--> statement-breakpoint
CREATE TRIGGER job_tallies_update_new AFTER UPDATE ON reports WHEN NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress', 'completed') AND (NEW.status IS NOT OLD.status OR NEW.assignee_id IS NOT OLD.assignee_id OR NEW.due_date IS NOT OLD.due_date OR NEW.due_time IS NOT OLD.due_time OR NEW.completed_at IS NOT OLD.completed_at OR NEW.reported_at IS NOT OLD.reported_at OR NEW.deleted_at IS NOT OLD.deleted_at OR NEW.school_id IS NOT OLD.school_id)
BEGIN
  INSERT INTO job_open_months (school_id, assignee_id, month, n)
    SELECT NEW.school_id, coalesce(NEW.assignee_id, ''), coalesce(substr(NEW.due_date, 1, 7), ''), 1 WHERE NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress')
    ON CONFLICT (school_id, assignee_id, month) DO UPDATE SET n = n + 1;
  INSERT INTO job_open_days (school_id, day, assignee_id, time, n)
    SELECT NEW.school_id, NEW.due_date, coalesce(NEW.assignee_id, ''), coalesce(NEW.due_time, ''), 1 WHERE NEW.deleted_at IS NULL AND NEW.status IN ('pending', 'in_progress') AND NEW.due_date IS NOT NULL
    ON CONFLICT (school_id, day, assignee_id, time) DO UPDATE SET n = n + 1;
  INSERT INTO job_done_days (school_id, day, assignee_id, minutes, n, with_due, on_time)
    SELECT NEW.school_id, strftime('%Y-%m-%d', NEW.completed_at, coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420) || ' minutes'), coalesce(NEW.assignee_id, ''), (SELECT CASE WHEN m < 1440 THEN m ELSE m / 60 * 60 END FROM (SELECT max(0, CAST((round((julianday(NEW.completed_at) - julianday(NEW.reported_at)) * 86400000) + 30000) / 60000 AS INTEGER)) AS m)), 1, (NEW.due_date IS NOT NULL), (NEW.due_date IS NOT NULL AND NEW.completed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', NEW.due_date, (coalesce(substr(NEW.due_time, 1, 2) * 60 + substr(NEW.due_time, 4, 2), 1440) - coalesce((SELECT tally_offset_minutes FROM schools WHERE id = NEW.school_id), 420)) || ' minutes')) WHERE NEW.deleted_at IS NULL AND NEW.status = 'completed' AND NEW.completed_at IS NOT NULL
    ON CONFLICT (school_id, day, assignee_id, minutes) DO UPDATE SET n = n + 1, with_due = with_due + excluded.with_due, on_time = on_time + excluded.on_time;
END;
--> statement-breakpoint
INSERT INTO job_open_months (school_id, assignee_id, month, n)
  SELECT r.school_id, coalesce(r.assignee_id, ''), coalesce(substr(r.due_date, 1, 7), ''), count(*) FROM reports r WHERE r.deleted_at IS NULL AND r.status IN ('pending', 'in_progress') GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO job_open_days (school_id, day, assignee_id, time, n)
  SELECT r.school_id, r.due_date, coalesce(r.assignee_id, ''), coalesce(r.due_time, ''), count(*) FROM reports r WHERE r.deleted_at IS NULL AND r.status IN ('pending', 'in_progress') AND r.due_date IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO job_done_days (school_id, day, assignee_id, minutes, n, with_due, on_time)
  SELECT r.school_id, strftime('%Y-%m-%d', r.completed_at, s.tally_offset_minutes || ' minutes'), coalesce(r.assignee_id, ''), (SELECT CASE WHEN m < 1440 THEN m ELSE m / 60 * 60 END FROM (SELECT max(0, CAST((round((julianday(r.completed_at) - julianday(r.reported_at)) * 86400000) + 30000) / 60000 AS INTEGER)) AS m)), count(*), sum((r.due_date IS NOT NULL)), sum((r.due_date IS NOT NULL AND r.completed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', r.due_date, (coalesce(substr(r.due_time, 1, 2) * 60 + substr(r.due_time, 4, 2), 1440) - s.tally_offset_minutes) || ' minutes')))
  FROM reports r JOIN schools s ON s.id = r.school_id WHERE r.deleted_at IS NULL AND r.status = 'completed' AND r.completed_at IS NOT NULL GROUP BY 1, 2, 3, 4;
