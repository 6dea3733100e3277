-- The public problem form behind the areas' QR posters (docs/decisions/029-public-problem-form.md):
-- each area's poster token, made when the admin first opens the posters, and the school's switch
-- for the form, on by default (a poster printed before this names no token, so nothing is open
-- until the admin prints new ones).
CREATE TABLE `area_posters` (
	`area_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`area_id`) REFERENCES `areas`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `area_posters_token_uq` ON `area_posters` (`token`);--> statement-breakpoint
ALTER TABLE `schools` ADD `poster_reports` integer DEFAULT true NOT NULL;