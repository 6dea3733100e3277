import type { Report, ReportStatus } from '@urs/sync-protocol';

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
  };
}
