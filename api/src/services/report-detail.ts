import { schoolRoleOf, type SchoolActor } from '../auth/policy.js';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { reason } from '@urs/sync-protocol';
import type { ReportDetail } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { areas, categories, reportEvents, reportPhotos, reports, users } from '../db/schema.js';
import { first } from '../db/first.js';
import { notFound } from '../lib/http-error.js';
import { toWire } from '../data/wire.js';

/**
 * One live report for its detail screen, whoever filed it: the spec lets every signed-in user
 * open any report's detail, while lists and sync show staff only their own. The names come
 * joined in, so a device that never pulled the reporter or the area can still show them.
 * Indexed reads (by primary key, then the photos and the timeline by report), whatever the
 * table size. The timeline (comments included) goes only to those the job concerns: an admin,
 * its reporter, its assignee (decision 028). Another school's report answers as a missing one
 * (decision 027).
 */
export async function reportDetail(
  db: Db,
  viewer: Pick<SchoolActor, 'id' | 'role' | 'schoolId'>,
  id: string,
): Promise<ReportDetail> {
  const { schoolId } = viewer;
  const found = await first(
    db
      .select({
        report: reports,
        areaName: areas.name,
        categoryName: categories.name,
        reporterName: users.name,
        reporterRole: users.role,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .innerJoin(areas, eq(areas.id, reports.areaId))
      .leftJoin(categories, eq(categories.id, reports.categoryId))
      .where(and(eq(reports.id, id), eq(reports.schoolId, schoolId), isNull(reports.deletedAt))),
  );
  if (found === undefined) throw notFound(reason('report_not_found'));
  const report = toWire.reports(found.report);
  return {
    ...report,
    area: { id: report.area_id, name: found.areaName },
    category:
      report.category_id === null || found.categoryName === null
        ? null
        : { id: report.category_id, name: found.categoryName },
    reporter: {
      id: report.reporter_id,
      name: found.reporterName,
      role: schoolRoleOf(found.reporterRole),
    },
    photos: await livePhotos(db, id),
    ...(concerns(viewer, report) && { events: await timeline(db, id) }),
  };
}

function concerns(
  viewer: Pick<SchoolActor, 'id' | 'role'>,
  report: { reporter_id: string; assignee_id: string | null },
): boolean {
  return (
    viewer.role === 'admin' || viewer.id === report.reporter_id || viewer.id === report.assignee_id
  );
}

async function timeline(db: Db, reportId: string): Promise<NonNullable<ReportDetail['events']>> {
  const rows = await db
    .select()
    .from(reportEvents)
    .where(and(eq(reportEvents.reportId, reportId), isNull(reportEvents.deletedAt)))
    .orderBy(asc(reportEvents.occurredAt), asc(reportEvents.changeSeq));
  return rows.map(toWire.report_events);
}

async function livePhotos(db: Db, reportId: string): Promise<ReportDetail['photos']> {
  return await db
    .select({
      id: reportPhotos.id,
      kind: reportPhotos.kind,
      position: reportPhotos.position,
      mime_type: reportPhotos.mimeType,
      size_bytes: reportPhotos.sizeBytes,
      captured_at: reportPhotos.capturedAt,
    })
    .from(reportPhotos)
    .where(and(eq(reportPhotos.reportId, reportId), isNull(reportPhotos.deletedAt)))
    .orderBy(asc(reportPhotos.kind), asc(reportPhotos.position), asc(reportPhotos.id));
}
