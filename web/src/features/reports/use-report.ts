import { useRouterState } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Report, ReportPhoto } from '@urs/sync-protocol';
import { db } from '../../db/index.js';

/** The `$id` of /reports/$id and /reports/$id/edit, read from the path. */
export function useReportIdParam(): string {
  return useRouterState({
    select: (state) => /^\/reports\/([^/]+)/.exec(state.location.pathname)?.[1] ?? '',
  });
}

export interface LoadedReport {
  report: Report;
  photos: ReportPhoto[];
}

/** undefined while loading, null when the device does not have it. */
export function useReport(id: string): LoadedReport | null | undefined {
  return useLiveQuery(async () => {
    const report = await db.reports.get(id);
    if (report === undefined) return null;
    const photos = (await db.report_photos.where('report_id').equals(id).toArray()).sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.position - b.position || a.id.localeCompare(b.id),
    );
    return { report, photos };
  }, [id]);
}
