CREATE TABLE `round_notices` (
	`school_id` text NOT NULL,
	`occurrence_id` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`occurrence_id`, `kind`, `user_id`)
);
