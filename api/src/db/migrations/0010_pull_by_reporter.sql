ALTER TABLE `report_photos` ADD `reporter_id` text;--> statement-breakpoint
CREATE INDEX `report_photos_reporter_change_seq_idx` ON `report_photos` (`reporter_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `reports_reporter_change_seq_idx` ON `reports` (`reporter_id`,`change_seq`);--> statement-breakpoint
UPDATE `report_photos` SET `reporter_id` = (SELECT `reporter_id` FROM `reports` WHERE `reports`.`id` = `report_photos`.`report_id`);
