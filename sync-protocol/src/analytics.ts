import type { ReportStatus } from './work.js';
import type { Role } from './roles.js';

/** The job figures of one person, or of the unassigned queue (`id` null). */
export interface JobFigures {
  /** Open work (pending or in progress) held now, and how much of it is overdue. */
  open: number;
  overdue: number;
  /** Jobs completed in the last 30 days (by their completion time). */
  completed_30d: number;
  /** Of those, the ones that had a due date, and the ones done by it (`completedOnTime`). */
  with_due_30d: number;
  on_time_30d: number;
  /** on_time_30d of with_due_30d, in percent with one decimal; null when none had a due date. */
  on_time_rate: number | null;
  /** Median time from filing (`reported_at`) to completion, in ms; null without completions. */
  median_completion_ms: number | null;
}

export interface PersonJobFigures extends JobFigures {
  /** Null: the jobs nobody holds (the admin's queue). */
  id: string | null;
  name: string | null;
  role: Role | null;
}

/** What `GET /api/analytics` answers; the analytics screen renders and exports it as is. */
export interface AnalyticsSnapshot {
  generated_at: string;
  /** The school's local dates the windows cover. */
  today: string;
  reports: {
    total: number;
    by_status: Record<ReportStatus, number>;
    this_week: number;
  };
  users: { total: number; active_30d: number; active_rate: number; inactive: number };
  daily_7d: { date: string; created: number; completed: number }[];
  monthly_6m: { month: string; created: number; completed: number }[];
  priority_areas: {
    most_reports_30d: { id: string; name: string; count: number }[];
    most_pending: { id: string; name: string; count: number }[];
  };
  productivity_by_role: {
    role: Role;
    staff: number;
    reports_30d: number;
    completed_30d: number;
    completion_rate: number;
  }[];
  daily_active_users_30d: { date: string; users: number }[];
  /**
   * Jobs (docs/decisions/028-jobs-on-reports.md): overdue at `generated_at` in the school's
   * calendar; the 30 days are those of the other 30-day figures. People are those holding open
   * work or who completed some in the period, the most overdue first.
   */
  jobs: JobFigures & { unassigned: number; per_person: PersonJobFigures[] };
  requests_30d: {
    daily: { date: string; created: number }[];
    created: number;
    approved: number;
    rejected: number;
    pending: number;
    approval_rate: number;
    daily_average: number;
  };
}
