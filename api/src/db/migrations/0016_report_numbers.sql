ALTER TABLE `reports` ADD `number` text;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_school_number_uq` ON `reports` (`school_id`,`number`);--> statement-breakpoint
-- Hand-written below (docs/decisions/033-report-numbers.md). Every report so far gets the number
-- the server would have given it on arrival: per school, per year of its arrival (created_at) in
-- the school's calendar, counted in filing order (reported_at, then id). A migration cannot read
-- SCHOOL_UTC_OFFSET, so the year is WIB's (+07:00, the default); under WITA or WIT only a report
-- that arrived in the first hour or two of a year would be counted in the year before.
-- A device holds its reports without numbers and cannot work them out, so every live report
-- takes a new change number from its school's counter (in its old order) and the devices pull
-- them again; tombstones keep theirs, having nothing new to tell.
UPDATE `reports` SET
  `number` = 'LAP-' || numbered.`year` || '-' || substr('00000' || numbered.`n`, length(numbered.`n`)),
  `change_seq` = CASE WHEN `reports`.`deleted_at` IS NULL
    THEN (SELECT `value` FROM `change_counter` WHERE `change_counter`.`school_id` = `reports`.`school_id`) + numbered.`k`
    ELSE `reports`.`change_seq` END
FROM (
  SELECT `id`, `year`,
    CAST(row_number() OVER (PARTITION BY `school_id`, `year` ORDER BY `reported_at`, `id`) AS TEXT) AS `n`,
    row_number() OVER (PARTITION BY `school_id`, `deleted_at` IS NULL ORDER BY `change_seq`, `id`) AS `k`
  FROM (SELECT `id`, `school_id`, `reported_at`, `change_seq`, `deleted_at`, strftime('%Y', `created_at`, '+7 hours') AS `year` FROM `reports`)
) AS numbered
WHERE numbered.`id` = `reports`.`id`;--> statement-breakpoint
UPDATE `change_counter` SET `value` = `value` + (SELECT count(*) FROM `reports` WHERE `reports`.`school_id` = `change_counter`.`school_id` AND `reports`.`deleted_at` IS NULL);
