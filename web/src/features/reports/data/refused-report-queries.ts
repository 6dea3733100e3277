import { useLiveQuery } from 'dexie-react-hooks';
import type { Report, ReportPhoto } from '@urs/sync-protocol';
import { rejectedFor } from '../../../sync/index.js';
import { db, type OutboxEntry } from '../../../db/index.js';
import { refusedEntriesOf } from '../form/refused-report.js';

/*
 * Apart from report-queries.ts because it reaches the form's planning code (and through it the
 * contract's zod schemas): the dashboard imports report-queries.ts and must not load them.
 */

export interface RefusedReport {
  entries: OutboxEntry[];
  /** The server's version of the report (its shadow), null when the server never had it. */
  serverReport: Report | null;
}

/** The refusals of this user that belong to the report, live; undefined while loading. */
export function useRefusedReport(
  userId: string,
  reportId: string,
  photos: readonly ReportPhoto[] | undefined,
): RefusedReport | undefined {
  const photoKey = (photos ?? []).map((photo) => photo.id).join(',');
  return useLiveQuery(async () => {
    const rejected = await rejectedFor(db, userId);
    const entries = refusedEntriesOf(rejected, reportId, new Set(photoKey.split(',')));
    if (entries.length === 0) return { entries, serverReport: null };
    const shadow = await db.shadows.get(['reports', reportId]);
    const row = shadow?.row ?? null;
    const serverReport: Report | null = row !== null && 'reporter_id' in row ? row : null;
    return { entries, serverReport };
  }, [userId, reportId, photoKey]);
}
