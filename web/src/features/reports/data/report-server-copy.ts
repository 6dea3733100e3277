import type { ReportDetail, User } from '@urs/sync-protocol';
import { db, type UrsDatabase } from '../../../db/index.js';
import { keepServerCopies, type ServerCopy } from '../../../sync/index.js';
import { viewFromServer } from '../detail/report-detail-source.js';

/**
 * Whether this viewer's device may keep a report read from the server as if pulled (decision
 * 032): only an admin's, whose pull sends every report of the school, so the row is one the
 * pull brings anyway. A staff member's pull sends only their own and assigned reports; kept
 * there, another's report would stay on the device for good.
 */
export function mayKeepServerCopy(user: Pick<User, 'role'>): boolean {
  return user.role === 'admin';
}

/**
 * Keeps the server's copy of a report the device does not hold yet, with the timeline the
 * answer carries, as the pull writes them: the admin's status, note and delete then queue
 * against it like against any pulled row. The photos' rows are not in the answer (it omits
 * their hashes): they come with the pull, and the screen shows the answer's meanwhile.
 * True when the report was kept.
 */
export async function keepReportFromServer(
  user: Pick<User, 'id' | 'role'>,
  detail: ReportDetail,
  database: UrsDatabase = db,
): Promise<boolean> {
  if (!mayKeepServerCopy(user)) return false;
  const { report } = viewFromServer(detail);
  const copies: ServerCopy[] = [
    { entity: 'reports', row: report },
    ...(detail.events ?? []).map((row) => ({ entity: 'report_events' as const, row })),
  ];
  const kept = await keepServerCopies(database, user.id, user.role, copies);
  return kept > 0 && (await database.reports.get(report.id)) !== undefined;
}
