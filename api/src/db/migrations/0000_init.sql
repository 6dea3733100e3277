CREATE TABLE `announcement_reads` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` text NOT NULL,
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_reads_user_announcement_uq` ON `announcement_reads` (`user_id`,`announcement_id`);--> statement-breakpoint
CREATE INDEX `announcement_reads_change_seq_idx` ON `announcement_reads` (`change_seq`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`audience` text,
	`priority` text DEFAULT 'normal' NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`author_id` text NOT NULL,
	`published_at` text NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `announcements_published_idx` ON `announcements` (`deleted_at`,`published_at`);--> statement-breakpoint
CREATE INDEX `announcements_change_seq_idx` ON `announcements` (`change_seq`);--> statement-breakpoint
CREATE TABLE `areas` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`description` text,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `areas_name_live_uq` ON `areas` (`name`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `areas_change_seq_idx` ON `areas` (`change_seq`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`description` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_live_uq` ON `categories` (`name`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `categories_change_seq_idx` ON `categories` (`change_seq`);--> statement-breakpoint
CREATE TABLE `change_counter` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`sku` text,
	`unit` text NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`min_stock` integer DEFAULT 0 NOT NULL,
	`description` text,
	`active` integer DEFAULT true NOT NULL,
	`trackable` integer DEFAULT true NOT NULL,
	`created_by` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_items_sku_live_uq` ON `inventory_items` (`sku`) WHERE sku IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `inventory_items_name_idx` ON `inventory_items` (`name`);--> statement-breakpoint
CREATE INDEX `inventory_items_change_seq_idx` ON `inventory_items` (`change_seq`);--> statement-breakpoint
CREATE TABLE `item_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`number` text,
	`type` text NOT NULL,
	`item_id` text,
	`custom_name` text,
	`store_link` text,
	`image_sha256` text,
	`quantity` integer NOT NULL,
	`needed_date` text,
	`notes` text,
	`requester_id` text NOT NULL,
	`approver_id` text,
	`approver_notes` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `item_requests_number_uq` ON `item_requests` (`number`);--> statement-breakpoint
CREATE INDEX `item_requests_status_created_idx` ON `item_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `item_requests_requester_created_idx` ON `item_requests` (`requester_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `item_requests_item_idx` ON `item_requests` (`item_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `item_requests_change_seq_idx` ON `item_requests` (`change_seq`);--> statement-breakpoint
CREATE TABLE `report_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`report_id` text NOT NULL,
	`kind` text NOT NULL,
	`sha256` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `report_photos_report_idx` ON `report_photos` (`report_id`,`kind`,`position`);--> statement-breakpoint
CREATE INDEX `report_photos_sha_idx` ON `report_photos` (`sha256`);--> statement-breakpoint
CREATE INDEX `report_photos_change_seq_idx` ON `report_photos` (`change_seq`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`reporter_id` text NOT NULL,
	`area_id` text NOT NULL,
	`category_id` text,
	`work_type` text NOT NULL,
	`description` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`admin_note` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reports_created_idx` ON `reports` (`created_at`);--> statement-breakpoint
CREATE INDEX `reports_status_created_idx` ON `reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_area_created_idx` ON `reports` (`area_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_created_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_change_seq_idx` ON `reports` (`change_seq`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_uq` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `stock_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`item_id` text NOT NULL,
	`type` text NOT NULL,
	`quantity` integer NOT NULL,
	`notes` text,
	`area_id` text,
	`recorded_by` text NOT NULL,
	`occurred_at` text NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_tx_item_occurred_idx` ON `stock_transactions` (`item_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `stock_tx_area_idx` ON `stock_transactions` (`area_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `stock_tx_recorded_by_idx` ON `stock_transactions` (`recorded_by`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `stock_tx_change_seq_idx` ON `stock_transactions` (`change_seq`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`preferred_theme` text DEFAULT 'dark' NOT NULL,
	`preferred_language` text DEFAULT 'id' NOT NULL,
	`photo_sha256` text,
	`last_active_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_live_uq` ON `users` (`email`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`name`);--> statement-breakpoint
CREATE INDEX `users_change_seq_idx` ON `users` (`change_seq`);