import type { Report, ReportStatus } from '@urs/sync-protocol';

/** The job fields of a report filed as its reporter's own work, as every report before jobs. */
export function ownJob(
  reporterId: string,
  completedAt: string | null = null,
): Pick<Report, 'assignee_id' | 'priority' | 'due_date' | 'due_time' | 'completed_at' | 'origin'> {
  return {
    assignee_id: reporterId,
    priority: 'normal',
    due_date: null,
    due_time: null,
    completed_at: completedAt,
    origin: 'staff',
  };
}

/**
 * A report as the server sends one, filed on the device at `filed` and received by the server
 * at `received` (the same moment unless a test is about the difference); its id is its
 * description, so a failing comparison names it.
 */
export function testReport(
  id: string,
  filed: Date,
  status: ReportStatus,
  { reporter = 'u', received = filed }: { reporter?: string; received?: Date } = {},
): Report {
  return {
    id,
    reporter_id: reporter,
    area_id: 'a',
    category_id: null,
    work_type: 'cleaning',
    description: id,
    status,
    admin_note: null,
    reported_at: filed.toISOString(),
    created_at: received.toISOString(),
    updated_at: received.toISOString(),
    ...ownJob(reporter, status === 'completed' ? filed.toISOString() : null),
  };
}
