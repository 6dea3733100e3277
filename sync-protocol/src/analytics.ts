import type { ReportStatus } from './work.js';
import type { Role } from './roles.js';

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
