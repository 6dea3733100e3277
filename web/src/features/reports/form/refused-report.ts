import type { Report, ReportPhoto } from '@urs/sync-protocol';
import type { OutboxEntry } from '../../../db/database.js';
import { concerns } from '../../../sync/index.js';
import {
  planCreate,
  planEdit,
  type FormPhoto,
  type PlannedMutation,
  type ReportFormValues,
} from './report-form-state.js';
import { rejectionText } from '../../../lib/error-text.js';

/*
 * A report the server refused (its area was removed, it was no longer the user's to change...)
 * is fixed in its own form and sent again, never only thrown away. Its refusal is usually
 * several outbox entries: the report's own and one per photo attached to it.
 */

/** The refused entries that belong to one report: its own, and its photos'. */
export function refusedEntriesOf(
  rejected: readonly OutboxEntry[],
  reportId: string,
  photoIds: ReadonlySet<string>,
): OutboxEntry[] {
  return rejected.filter(
    (entry) =>
      concerns(entry, 'reports', reportId) ||
      (entry.entity === 'report_photos' && photoIds.has(entry.entity_id)),
  );
}

/** Why the server refused it: the report's own refusal first (a photo's follows from it). */
export function refusalReason(entries: readonly OutboxEntry[]): string | null {
  const own = entries.find((entry) => entry.entity === 'reports') ?? entries[0];
  return own?.result === undefined ? null : rejectionText(own.result);
}

/** True when the server never accepted the report itself: it must be created again. */
export function creationRefused(entries: readonly OutboxEntry[]): boolean {
  return entries.some((entry) => entry.mutation.name === 'report.create');
}

/**
 * What to queue in place of the refused entries once the user has corrected the form. A refused
 * creation is created again with every photo in the form; a refused change is made again against
 * the server's version of the report (`serverReport`, its shadow) and the photos it already has.
 */
export function planResend(input: {
  report: Report;
  serverReport: Report | null;
  refused: readonly OutboxEntry[];
  values: ReportFormValues;
  photos: readonly FormPhoto[];
  existingPhotos: readonly ReportPhoto[];
  /** Who sends it again (the author of a status change's timeline event). */
  actorId: string;
  now: Date;
}): PlannedMutation[] {
  const { report, refused, values, photos, now } = input;
  if (creationRefused(refused) || input.serverReport === null) {
    // The work was filed when it was first saved; correcting it does not make it later work.
    return planCreate({
      id: report.id,
      reporterId: report.reporter_id,
      // Filed for someone else to fix, it stays so when corrected.
      values: { ...values, unassigned: report.assignee_id === null },
      photos,
      now,
      reportedAt: report.reported_at,
    });
  }
  const refusedPhotos = new Set(
    refused.filter((entry) => entry.entity === 'report_photos').map((entry) => entry.entity_id),
  );
  return planEdit({
    report: input.serverReport,
    actorId: input.actorId,
    values,
    photos,
    // A photo whose attach was refused is not on the server: the plan attaches it again.
    existingPhotos: input.existingPhotos.filter((photo) => !refusedPhotos.has(photo.id)),
    now,
  });
}
