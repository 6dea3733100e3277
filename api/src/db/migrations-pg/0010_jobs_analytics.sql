-- The analytics' job figures (services/analytics-jobs.ts): open work per person with its due dates
-- from one index range, and the jobs completed in a period by their completion time.
CREATE INDEX "reports_school_live_status_assignee_idx" ON "reports" USING btree ("school_id","status","assignee_id","due_date","due_time","deleted_at") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reports_school_live_completed_idx" ON "reports" USING btree ("school_id","completed_at") WHERE deleted_at IS NULL;