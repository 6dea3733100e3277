import type { AccountRole } from './roles.js';
import type { ReportStatus } from './work.js';

/*
 * Report status transitions (architecture, "Report status transitions"):
 * pending -> in_progress -> completed; pending | in_progress -> cancelled; and an admin may
 * reopen completed | cancelled -> in_progress. The server enforces this; the UI offers only
 * what it returns.
 */
const FORWARD: Record<ReportStatus, readonly ReportStatus[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};
const ADMIN_REOPEN: Record<ReportStatus, readonly ReportStatus[]> = {
  pending: [],
  in_progress: [],
  completed: ['in_progress'],
  cancelled: ['in_progress'],
};

export function allowedStatusChanges(from: ReportStatus, role: AccountRole): ReportStatus[] {
  return role === 'admin' ? [...FORWARD[from], ...ADMIN_REOPEN[from]] : [...FORWARD[from]];
}

export function canChangeStatus(from: ReportStatus, to: ReportStatus, role: AccountRole): boolean {
  return allowedStatusChanges(from, role).includes(to);
}
