CREATE TABLE `user_activity` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`day`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
