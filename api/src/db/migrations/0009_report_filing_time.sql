DROP INDEX `reports_status_created_idx`;--> statement-breakpoint
DROP INDEX `reports_live_created_idx`;--> statement-breakpoint
DROP INDEX `reports_area_created_idx`;--> statement-breakpoint
DROP INDEX `reports_reporter_created_idx`;--> statement-breakpoint
-- SQLite adds a NOT NULL column only with a default; every insert names the column, and the
-- backfill below replaces the default on every existing row (docs/decisions/012).
ALTER TABLE `reports` ADD `reported_at` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `reports` SET `reported_at` = `created_at`;--> statement-breakpoint
CREATE INDEX `reports_reported_idx` ON `reports` (`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_status_reported_idx` ON `reports` (`status`,`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_live_reported_idx` ON `reports` (`reported_at`,`status`,`area_id`,`reporter_id`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `reports_area_reported_idx` ON `reports` (`area_id`,`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_reported_idx` ON `reports` (`reporter_id`,`reported_at`);
