-- Rounds (docs/decisions/030-rounds.md): templates with their saved versions, completions
-- (one closing per occurrence), and a report's link to the completion it was raised from.
CREATE TABLE `round_completions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`school_id` text NOT NULL,
	`template_id` text NOT NULL,
	`template_version` integer NOT NULL,
	`occurrence_id` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`completed_by` text NOT NULL,
	`completed_at` text NOT NULL,
	`started_at` text,
	`note` text,
	`answers` text NOT NULL,
	`closing` integer NOT NULL,
	`closed_by_id` text,
	`closed_at` text,
	`assignee_user_id` text,
	`assignee_role` text,
	FOREIGN KEY (`template_id`) REFERENCES `round_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`completed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `round_completions_closing_uq` ON `round_completions` (`occurrence_id`) WHERE closing;--> statement-breakpoint
CREATE INDEX `round_completions_school_template_date_idx` ON `round_completions` (`school_id`,`template_id`,`occurrence_date`);--> statement-breakpoint
CREATE INDEX `round_completions_school_change_seq_idx` ON `round_completions` (`school_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `round_completions_school_by_change_seq_idx` ON `round_completions` (`school_id`,`completed_by`,`change_seq`);--> statement-breakpoint
CREATE INDEX `round_completions_school_user_change_seq_idx` ON `round_completions` (`school_id`,`assignee_user_id`,`change_seq`);--> statement-breakpoint
CREATE INDEX `round_completions_school_role_change_seq_idx` ON `round_completions` (`school_id`,`assignee_role`,`change_seq`);--> statement-breakpoint
CREATE TABLE `round_template_versions` (
	`template_id` text NOT NULL,
	`version` integer NOT NULL,
	`school_id` text NOT NULL,
	`definition` text NOT NULL,
	`effective_from` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`template_id`, `version`),
	FOREIGN KEY (`template_id`) REFERENCES `round_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `round_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`change_seq` integer NOT NULL,
	`deleted_at` text,
	`school_id` text NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`area_ids` text NOT NULL,
	`category_id` text,
	`work_type` text,
	`items` text NOT NULL,
	`assignee_user_id` text,
	`assignee_role` text,
	`schedule` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`due_time` text,
	`paused` integer DEFAULT false NOT NULL,
	`pauses` text NOT NULL,
	`archived_on` text,
	`created_by` text,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assignee_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `round_templates_school_change_seq_idx` ON `round_templates` (`school_id`,`change_seq`);--> statement-breakpoint
ALTER TABLE `reports` ADD `round_completion_id` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `round_item_id` text;