CREATE TABLE `login_known_addresses` (
	`email` text NOT NULL,
	`address` text NOT NULL,
	`last_success_at` integer NOT NULL,
	PRIMARY KEY(`email`, `address`)
);
--> statement-breakpoint
CREATE TABLE `login_throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`blocked_until` integer NOT NULL,
	`expires_at` integer NOT NULL
);
