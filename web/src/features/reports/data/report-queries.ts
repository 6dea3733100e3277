import { useLiveQuery } from 'dexie-react-hooks';
import type { Report, ReportPhoto } from '@urs/sync-protocol';
import { nameOf, namesOf, openEntriesFor } from '../../../sync/index.js';
import { db, type EntityRow, type UrsDatabase } from '../../../db/index.js';
import { pageOf, pageWithin, type ListPage } from '../../../lib/paging.js';
import type { ReportView } from '../detail/report-detail-source.js';
import { unsyncedReportIds } from './report-sync-marks.js';

/** Live set of this user's report ids with changes not yet accepted by the server. */
export function useUnsyncedReportIds(userId: string | null): Set<string> {
  return (
    useLiveQuery(async () => {
      if (userId === null) return new Set<string>();
      const entries = await openEntriesFor(db, userId).toArray();
      const photoIds = entries
        .filter((entry) => entry.entity === 'report_photos')
        .map((entry) => entry.entity_id);
      const photos = await db.report_photos.bulkGet(photoIds);
      const photoReport = new Map<string, string>();
      for (const photo of photos)
        if (photo !== undefined) photoReport.set(photo.id, photo.report_id);
      return unsyncedReportIds(entries, photoReport);
    }, [userId]) ?? new Set<string>()
  );
}

/**
 * One page of the user's reports, last filed first, read from the index: their count and the
 * page's rows, not every report (a technician's school year is thousands, of which ten show).
 */
export async function myReportsPage(
  database: UrsDatabase,
  userId: string,
  page: number,
  size: number,
): Promise<ListPage<EntityRow<'reports'>>> {
  const mine = () =>
    database.reports.where('[reporter_id+reported_at]').between([userId, ''], [userId, '\uffff']);
  const total = await mine().count();
  const shown = pageWithin(page, total, size);
  const rows = await mine()
    .reverse()
    .offset((shown.page - 1) * size)
    .limit(size)
    .toArray();
  return { rows, total, ...shown };
}

/**
 * The user's reports page by page, live (see myReportsPage); none without a user, undefined
 * while read.
 */
export function useMyReportsPage(
  userId: string | null,
  page: number,
  size: number,
): ListPage<Report> | undefined {
  return useLiveQuery(
    () => (userId === null ? pageOf<Report>([], 1, size) : myReportsPage(db, userId, page, size)),
    [userId, page, size],
  );
}

/** What a report card shows beyond the report itself. */
export interface ReportCardFacts {
  area: string | undefined;
  reporter: string | undefined;
  photoCount: number;
}

type CardReport = Pick<Report, 'id' | 'area_id' | 'reporter_id'>;

/**
 * The card facts of these reports, read together: their area and reporter names, and their
 * photo counts from one walk of the report_id index (the keys only, not the rows).
 */
export async function reportCardFacts(
  database: UrsDatabase,
  reports: readonly CardReport[],
): Promise<Map<string, ReportCardFacts>> {
  const [areas, reporters, photoReportIds] = await Promise.all([
    namesOf(
      database,
      'areas',
      reports.map((report) => report.area_id),
    ),
    namesOf(
      database,
      'users',
      reports.map((report) => report.reporter_id),
    ),
    database.report_photos
      .where('report_id')
      .anyOf(reports.map((report) => report.id))
      .keys(),
  ]);
  const counts = new Map<string, number>();
  for (const reportId of photoReportIds) {
    if (typeof reportId === 'string') counts.set(reportId, (counts.get(reportId) ?? 0) + 1);
  }
  return new Map(
    reports.map((report) => [
      report.id,
      {
        area: areas.get(report.area_id),
        reporter: reporters.get(report.reporter_id),
        photoCount: counts.get(report.id) ?? 0,
      },
    ]),
  );
}

/** The card facts of every report shown (see reportCardFacts), live; undefined while read. */
export function useReportCardFacts(
  reports: readonly CardReport[],
): ReadonlyMap<string, ReportCardFacts> | undefined {
  // The key names every id the query reads: a new array of the same reports reads nothing new.
  const key = reports.map((r) => `${r.id}:${r.area_id}:${r.reporter_id}`).join(',');
  return useLiveQuery(() => reportCardFacts(db, reports), [key]);
}

export interface LoadedReport {
  report: Report;
  photos: ReportPhoto[];
}

async function loadFromDevice(id: string): Promise<LoadedReport | null> {
  const report = await db.reports.get(id);
  if (report === undefined) return null;
  const photos = (await db.report_photos.where('report_id').equals(id).toArray()).sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.position - b.position || a.id.localeCompare(b.id),
  );
  return { report, photos };
}

/** A report and its photos from the device: undefined while loading, null when it is not here. */
export function useReport(id: string): LoadedReport | null | undefined {
  return useLiveQuery(() => loadFromDevice(id), [id]);
}

/** The device's copy with the names the detail shows, looked up in the device's own tables. */
export function useDeviceReportView(id: string): ReportView | null | undefined {
  return useLiveQuery(async () => {
    const loaded = await loadFromDevice(id);
    if (loaded === null) return null;
    const { report } = loaded;
    const [area, category, reporter, assignee] = await Promise.all([
      nameOf(db, 'areas', report.area_id),
      report.category_id === null ? undefined : nameOf(db, 'categories', report.category_id),
      nameOf(db, 'users', report.reporter_id),
      report.assignee_id === null ? undefined : nameOf(db, 'users', report.assignee_id),
    ]);
    return {
      ...loaded,
      names: { area, category, reporter, assignee },
      source: 'device' as const,
    };
  }, [id]);
}
