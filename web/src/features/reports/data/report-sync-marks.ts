import type { OutboxEntry } from '../../../db/database.js';
import { rowsConcerned } from '../../../sync/index.js';

/**
 * Reports that still have a change waiting in the outbox: the report's own mutations, and
 * photo attach/remove whose report is known (from the args, or from the local photo row).
 */
export function unsyncedReportIds(
  entries: readonly Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation'>[],
  photoReport: ReadonlyMap<string, string>,
): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    const reports = rowsConcerned(entry).filter((row) => row.entity === 'reports');
    for (const report of reports) ids.add(report.id);
    if (entry.entity !== 'report_photos' || reports.length > 0) continue;
    const reportId = photoReport.get(entry.entity_id);
    if (reportId !== undefined) ids.add(reportId);
  }
  return ids;
}
