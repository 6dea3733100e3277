CREATE TABLE `sync_rejections` (
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`seq` integer NOT NULL,
	`mutation_id` text NOT NULL,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`errors` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`, `seq`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
