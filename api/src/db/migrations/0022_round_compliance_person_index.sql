DROP INDEX `round_completions_compliance_idx`;--> statement-breakpoint
CREATE INDEX `round_completions_compliance_person_idx` ON `round_completions` (`school_id`,`template_id`,`closing`,`completed_by`,`occurrence_date`,`completed_at`);--> statement-breakpoint
CREATE INDEX `round_completions_school_template_date_idx` ON `round_completions` (`school_id`,`template_id`,`occurrence_date`);