-- Jobs on reports (docs/decisions/028-jobs-on-reports.md): a report gains an assignee, a
-- priority, a due date and time, its completion time and where it came from; its timeline is
-- report_events; report_releases tells a user's pull which jobs were taken from them. The pull's
-- reporter indexes become school-led, beside the new assignee ones.
CREATE TABLE `report_events` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`school_id` text NOT NULL,
	`report_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`kind` text NOT NULL,
	`changes` text NOT NULL,
	`body` text,
	`kept` integer DEFAULT false NOT NULL,
	`occurred_at` text NOT NULL,
	`reporter_id` text NOT NULL,
	`assignee_id` text,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `report_events_report_occurred_idx` ON `report_events` (`report_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `report_events_school_change_seq_idx` ON `report_events` (`school_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `report_events_school_reporter_change_seq_idx` ON `report_events` (`school_id`,`reporter_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `report_events_school_assignee_change_seq_idx` ON `report_events` (`school_id`,`assignee_id`,`change_seq`);--> statement-breakpoint
CREATE TABLE `report_releases` (
	`school_id` text NOT NULL,
	`report_id` text NOT NULL,
	`user_id` text NOT NULL,
	`change_seq` integer NOT NULL,
	PRIMARY KEY(`report_id`, `user_id`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `report_releases_school_user_change_seq_idx` ON `report_releases` (`school_id`,`user_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `report_photos_reporter_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `report_photos` ADD `assignee_id` text;--> statement-breakpoint
CREATE INDEX `report_photos_school_reporter_change_seq_idx` ON `report_photos` (`school_id`,`reporter_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `report_photos_school_assignee_change_seq_idx` ON `report_photos` (`school_id`,`assignee_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `reports_reporter_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `reports` ADD `assignee_id` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `reports` ADD `priority` text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `due_date` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `due_time` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `origin` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Every report so far was its reporter's own work: it is assigned to them, and so are its photos
-- for the pull. No change_seq moves: the wire rows gain fields a device fills the same way
-- (assignee = reporter, priority normal, no due date, origin staff, completed_at as below), so no
-- device pulls its reports again.
UPDATE `reports` SET `assignee_id` = `reporter_id`;--> statement-breakpoint
-- When a completed report was completed is not recorded anywhere before this. The best time
-- there is: its filing time (reported_at, the device's) when it never changed after it arrived
-- (filed already done), else the server's time of its last change (updated_at), which is at or
-- after the completion.
UPDATE `reports` SET `completed_at` = CASE WHEN `updated_at` = `created_at` THEN `reported_at` ELSE `updated_at` END WHERE `status` = 'completed';--> statement-breakpoint
UPDATE `report_photos` SET `assignee_id` = (SELECT `assignee_id` FROM `reports` WHERE `reports`.`id` = `report_photos`.`report_id`);--> statement-breakpoint
CREATE INDEX `reports_school_reporter_change_seq_idx` ON `reports` (`school_id`,`reporter_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `reports_school_assignee_change_seq_idx` ON `reports` (`school_id`,`assignee_id`,`change_seq`);