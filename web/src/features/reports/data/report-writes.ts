import type { Report } from '@urs/sync-protocol';
import { db, type UrsDatabase } from '../../../db/index.js';
import { confirmDialog } from '../../../client/dialog.js';
import { t } from '../../../lib/i18n.js';
import { toast } from '../../../client/toast.js';
import {
  MutationValidationError,
  StorageFullError,
  discardUnusedPhoto,
  enqueueAll,
  planned,
  resendRejected,
  savePhoto,
  type OptimisticWrite,
} from '../../../sync/index.js';
import {
  attachedFormPhoto,
  formValuesOf,
  planCreate,
  planEdit,
  validatePlan,
  type FormPhoto,
  type PlannedMutation,
  type ReportFormValues,
} from '../form/report-form-state.js';

/**
 * Checks every planned mutation first (so a bad field gives form errors), then queues the whole
 * plan — the report and each photo — in ONE Dexie transaction with its optimistic rows: a crash
 * or a full disk can never leave the report saved without the photos the user attached.
 * With `replacing`, the plan takes the place of those refused outbox entries (a corrected
 * report sent again) in the same transaction.
 * Returns field errors for the form, or null once everything is queued.
 */
export async function runPlan(
  userId: string,
  plan: readonly PlannedMutation[],
  replacing: readonly number[] = [],
  database: UrsDatabase = db,
): Promise<Record<string, string[]> | null> {
  const errors = validatePlan(plan);
  if (Object.keys(errors).length > 0) return errors;
  try {
    if (replacing.length > 0) await resendRejected(database, userId, replacing, plan);
    else await enqueueAll(database, userId, plan);
    return null;
  } catch (err) {
    if (err instanceof MutationValidationError) {
      return Object.keys(err.errors).length > 0 ? err.errors : { _: [err.message] };
    }
    if (err instanceof StorageFullError) {
      toast.error(t('reports.saveFailed'), err.message);
      return { _: [err.message] };
    }
    const message = err instanceof Error ? err.message : String(err);
    toast.error(t('reports.saveFailed'), message);
    return { _: [message] };
  }
}

/** A form's values and photos, as a draft keeps them. */
export interface FormContent {
  values: ReportFormValues;
  photos: FormPhoto[];
}

/**
 * What filing a new report from the form came to. `already_filed` carries the form as an edit
 * of the report filed before when it differs from that report (see fileNewReport), else null.
 */
export type Filing =
  | { kind: 'filed' }
  | { kind: 'already_filed'; changes: FormContent | null }
  | { kind: 'refused'; errors: Record<string, string[]> };

/**
 * Queues a new report and its photos, under the id the form's draft has kept since it was
 * first kept. A draft restored after its report was saved (the tab killed before the draft was
 * cleared, or the same draft open in a second tab) names a report this device already has:
 * that is answered `already_filed` and nothing is queued, where a fresh id would file the same
 * work twice. What the user changed in it since is not dropped: it comes back as an edit of
 * that report, for the edit form to show (see changesTo).
 */
export async function fileNewReport(
  input: {
    id: string;
    reporterId: string;
    values: ReportFormValues;
    photos: FormPhoto[];
    /**
     * What the form started from (the draft it was restored from, or what it opened with):
     * what it said before this user's edits.
     */
    startedFrom?: FormContent;
  },
  now = new Date(),
  database: UrsDatabase = db,
): Promise<Filing> {
  const filed = await database.reports.get(input.id);
  if (filed !== undefined) {
    const changes =
      input.startedFrom === undefined
        ? null
        : await changesTo(filed, input, input.startedFrom, now, database);
    return { kind: 'already_filed', changes };
  }
  const errors = await runPlan(input.reporterId, planCreate({ ...input, now }), [], database);
  return errors === null ? { kind: 'filed' } : { kind: 'refused', errors };
}

/**
 * What the user changed in the form since it started (from a restored draft, or from what it
 * opened with), as an edit of the report already filed under its id; null when that changes
 * nothing. Only those changes: a restored draft may be older than the report (a second tab's
 * copy, restored before the first tab added photos and text and saved), and its other values
 * and photos are not for it to undo; a form another tab's save overtook keeps all it typed. A field
 * edited since takes its new value, every other keeps the report's; a photo added since is
 * added, one taken out since is taken off, every other photo on the report stays. The status
 * is never among them: an admin's change since is not for a restored draft to undo.
 */
async function changesTo(
  report: Report,
  form: FormContent & { reporterId: string },
  restored: FormContent,
  now: Date,
  database: UrsDatabase,
): Promise<FormContent | null> {
  const existingPhotos = await database.report_photos
    .where('report_id')
    .equals(report.id)
    .toArray();
  const values = formValuesOf(report);
  for (const key of ['area_id', 'category_id', 'work_type', 'description'] as const) {
    if (form.values[key] !== restored.values[key])
      Object.assign(values, { [key]: form.values[key] });
  }
  const wasThere = new Set(restored.photos.map((photo) => photo.id));
  const isThere = new Set(form.photos.map((photo) => photo.id));
  const onReport = new Set(existingPhotos.map((photo) => photo.id));
  const photos: FormPhoto[] = [
    ...existingPhotos
      .filter((photo) => isThere.has(photo.id) || !wasThere.has(photo.id))
      .map(attachedFormPhoto),
    ...form.photos.filter((photo) => !wasThere.has(photo.id) && !onReport.has(photo.id)),
  ];
  const plan = planEdit({ report, actorId: form.reporterId, values, photos, existingPhotos, now });
  return plan.length === 0 ? null : { values, photos };
}

/**
 * Where a queued deletion of the report stands after a sync: `sent` (the server has it: no
 * entry left), `refused`, or `waiting` (still queued: offline, or behind a photo).
 */
export async function deletionState(
  userId: string,
  reportId: string,
  database: UrsDatabase = db,
): Promise<'sent' | 'refused' | 'waiting'> {
  const entries = await database.outbox
    .where('[entity+entity_id]')
    .equals(['reports', reportId])
    .filter((entry) => entry.user_id === userId && entry.mutation.name === 'report.delete')
    .toArray();
  if (entries.length === 0) return 'sent';
  return entries.some((entry) => entry.status === 'rejected') ? 'refused' : 'waiting';
}

/**
 * Asks, then queues a report's deletion with its optimistic removal (and its photos' rows): the
 * detail screen and the admin list delete the same way. True once queued; false when the user
 * cancels or the queue refuses (its reason is toasted).
 */
export async function confirmAndDeleteReport(
  userId: string,
  reportId: string,
  photoIds: readonly string[] = [],
): Promise<boolean> {
  const ok = await confirmDialog({
    title: t('reports.deleteTitle'),
    text: t('reports.deleteText'),
    icon: 'warning',
    confirmLabel: t('reports.deleteConfirm'),
    danger: true,
  });
  if (!ok) return false;
  const errors = await runPlan(userId, [
    {
      name: 'report.delete',
      args: { id: reportId },
      optimistic: [
        { entity: 'reports', op: 'delete', id: reportId },
        ...photoIds.map((id) => ({ entity: 'report_photos' as const, op: 'delete' as const, id })),
      ],
    },
  ]);
  if (errors === null) return true;
  toast.error(t('reports.deleteFailed'), Object.values(errors).flat().join(' '));
  return false;
}

/**
 * A status or admin-note change from the detail screen: the mutation and the row it leaves on
 * this device, queued together. True once queued; a refusal is already a toast.
 */
export async function changeReport(
  userId: string,
  report: Report,
  change:
    | { name: 'report.set_status'; patch: Pick<Report, 'status'> }
    | { name: 'report.set_admin_note'; patch: Pick<Report, 'admin_note'> },
): Promise<boolean> {
  const row = { ...report, ...change.patch, updated_at: new Date().toISOString() };
  const optimistic: OptimisticWrite[] = [{ entity: 'reports', op: 'put', row }];
  const errors = await runPlan(userId, [
    change.name === 'report.set_status'
      ? planned(change.name, { id: report.id, ...change.patch }, optimistic)
      : planned(change.name, { id: report.id, ...change.patch }, optimistic),
  ]);
  if (errors !== null) toast.error(t('reports.saveFailed'), Object.values(errors).flat().join(' '));
  return errors === null;
}

/**
 * Checks, compresses and keeps a picked photo in the device's photos table at once, so it
 * survives a reload before the report is saved. Throws PhotoError for a file it refuses and
 * StorageFullError when the device is full.
 */
export function keepPhoto(userId: string, file: File) {
  return savePhoto(db, userId, file, file.type);
}

/** Drops a photo's bytes unless a report or a queued change still names it. */
export function discardUnattachedPhoto(photoId: string): Promise<void> {
  return discardUnusedPhoto(db, photoId);
}
