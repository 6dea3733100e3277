import type { OutboxEntry } from '../../db/database.js';

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
    if (entry.entity === 'reports') ids.add(entry.entity_id);
    if (entry.entity !== 'report_photos') continue;
    const args: unknown = entry.mutation.args;
    const fromArgs: unknown =
      typeof args === 'object' && args !== null ? Reflect.get(args, 'report_id') : undefined;
    const reportId = typeof fromArgs === 'string' ? fromArgs : photoReport.get(entry.entity_id);
    if (reportId !== undefined) ids.add(reportId);
  }
  return ids;
}
