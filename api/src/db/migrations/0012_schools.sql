-- Schools as tenants (docs/decisions/027-schools-as-tenants.md). Today's data becomes the first
-- school, under a fixed id (FIRST_SCHOOL_ID in db/schools.ts) and the footer's name (start-up
-- adopts SCHOOL_NAME, db/schools.ts adoptSchoolName). No registration code here: a migration is
-- published, so a code in it would be no secret.
CREATE TABLE `schools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`registration_code` text,
	`sso_domains` text,
	`deactivated_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schools_name_uq` ON `schools` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `schools_registration_code_uq` ON `schools` (`registration_code`);--> statement-breakpoint
INSERT INTO `schools` (`id`, `name`, `registration_code`, `sso_domains`, `deactivated_at`, `created_at`, `updated_at`)
VALUES ('00000000-0000-7000-8000-000000000001', 'SMA Harapan Nusantara', NULL, NULL, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));--> statement-breakpoint
-- The counter becomes per school. The first school keeps the one global counter's value and
-- every row keeps its change_seq, so each device's stored cursor means what it meant: its next
-- pull brings only later changes. (PRAGMA foreign_keys=OFF would be a no-op here: the migrator
-- runs in one transaction; nothing refers to change_counter, so the rebuild needs no pragma.)
CREATE TABLE `__new_change_counter` (
	`school_id` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_change_counter` (`school_id`, `value`) SELECT '00000000-0000-7000-8000-000000000001', `value` FROM `change_counter` WHERE `id` = 1;--> statement-breakpoint
DROP TABLE `change_counter`;--> statement-breakpoint
ALTER TABLE `__new_change_counter` RENAME TO `change_counter`;--> statement-breakpoint
-- SQLite adds a NOT NULL column only with a default, and with it no foreign key (schema.ts). Every
-- insert names the school; the backfill below replaces the default on every existing row, so a
-- row that ever holds '' was written by code that forgot its school (db/schools.test.ts).
DROP INDEX `announcement_reads_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `announcement_reads` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `announcement_reads` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `announcement_reads_school_change_seq_idx` ON `announcement_reads` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `announcements_published_idx`;--> statement-breakpoint
DROP INDEX `announcements_change_seq_idx`;--> statement-breakpoint
DROP INDEX `announcements_unread_idx`;--> statement-breakpoint
ALTER TABLE `announcements` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `announcements` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `announcements_school_published_idx` ON `announcements` (`school_id`,`deleted_at`,`published_at`);--> statement-breakpoint
CREATE INDEX `announcements_school_change_seq_idx` ON `announcements` (`school_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `announcements_school_unread_idx` ON `announcements` (`school_id`,`deleted_at`,`author_id`,`audience`,`id`);--> statement-breakpoint
DROP INDEX `areas_name_live_uq`;--> statement-breakpoint
DROP INDEX `areas_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `areas` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `areas` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE UNIQUE INDEX `areas_school_name_live_uq` ON `areas` (`school_id`,`name`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `areas_school_change_seq_idx` ON `areas` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `categories_name_live_uq`;--> statement-breakpoint
DROP INDEX `categories_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `categories` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `categories` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE UNIQUE INDEX `categories_school_name_live_uq` ON `categories` (`school_id`,`name`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `categories_school_change_seq_idx` ON `categories` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `inventory_items_sku_live_uq`;--> statement-breakpoint
DROP INDEX `inventory_items_name_idx`;--> statement-breakpoint
DROP INDEX `inventory_items_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `inventory_items` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `inventory_items` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_school_sku_live_uq` ON `inventory_items` (`school_id`,`sku`) WHERE sku IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `inventory_items_school_name_idx` ON `inventory_items` (`school_id`,`name`);--> statement-breakpoint
CREATE INDEX `inventory_items_school_change_seq_idx` ON `inventory_items` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `item_requests_number_uq`;--> statement-breakpoint
DROP INDEX `item_requests_status_created_idx`;--> statement-breakpoint
DROP INDEX `item_requests_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `item_requests` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `item_requests` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE UNIQUE INDEX `item_requests_school_number_uq` ON `item_requests` (`school_id`,`number`);--> statement-breakpoint
CREATE INDEX `item_requests_school_status_created_idx` ON `item_requests` (`school_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `item_requests_school_change_seq_idx` ON `item_requests` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `report_photos_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `report_photos` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `report_photos` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `report_photos_school_change_seq_idx` ON `report_photos` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `reports_reported_idx`;--> statement-breakpoint
DROP INDEX `reports_created_idx`;--> statement-breakpoint
DROP INDEX `reports_status_reported_idx`;--> statement-breakpoint
DROP INDEX `reports_live_reported_idx`;--> statement-breakpoint
DROP INDEX `reports_live_status_area_idx`;--> statement-breakpoint
DROP INDEX `reports_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `reports` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `reports` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `reports_school_reported_idx` ON `reports` (`school_id`,`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_school_created_idx` ON `reports` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_school_status_reported_idx` ON `reports` (`school_id`,`status`,`reported_at`);--> statement-breakpoint
CREATE INDEX `reports_school_live_reported_idx` ON `reports` (`school_id`,`reported_at`,`status`,`area_id`,`reporter_id`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `reports_school_live_status_area_idx` ON `reports` (`school_id`,`status`,`area_id`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `reports_school_change_seq_idx` ON `reports` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `stock_tx_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `stock_transactions` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `stock_transactions` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `stock_tx_school_change_seq_idx` ON `stock_transactions` (`school_id`,`change_seq`);--> statement-breakpoint
DROP INDEX `users_role_idx`;--> statement-breakpoint
DROP INDEX `users_change_seq_idx`;--> statement-breakpoint
ALTER TABLE `users` ADD `school_id` text REFERENCES schools(id);--> statement-breakpoint
UPDATE `users` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `users_school_role_idx` ON `users` (`school_id`,`role`,`name`);--> statement-breakpoint
CREATE INDEX `users_school_change_seq_idx` ON `users` (`school_id`,`change_seq`);--> statement-breakpoint
ALTER TABLE `photo_uploads` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `photo_uploads` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE `sync_clients` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `sync_clients` SET `school_id` = '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
CREATE INDEX `sync_clients_school_updated_idx` ON `sync_clients` (`school_id`,`updated_at`);--> statement-breakpoint
ALTER TABLE `sync_rejections` ADD `school_id` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `sync_rejections` SET `school_id` = '00000000-0000-7000-8000-000000000001';
