import {
  DEFAULT_JOB_PRIORITY,
  checkMutation,
  type PhotoKind,
  type Report,
  type ReportPhoto,
  type ReportStatus,
  type WorkType,
} from '@urs/sync-protocol';
import { refusalTexts } from '../../../lib/error-text.js';
import { planned, type PlannedMutation } from '../../../sync/index.js';
import { planStatus } from '../data/job-plans.js';

export type { PlannedMutation };

/** What the report form holds; strings for the selects so an empty choice is representable. */
export interface ReportFormValues {
  area_id: string;
  /** '' = no category. */
  category_id: string;
  work_type: WorkType;
  description: string;
  status: ReportStatus;
  /**
   * A new report of a problem for someone else to fix (decision 028): filed unassigned, into
   * the admin's queue, and pending whatever the status field said. Absent: the filer's own work.
   */
  unassigned?: boolean;
}

/** A photo in the form: saved on the device (photos table), maybe not yet attached. */
export interface FormPhoto {
  id: string;
  kind: PhotoKind;
  sha256: string;
  mime_type: string;
  size_bytes: number;
  /** EXIF capture time (sync-protocol capture-time.ts); null or absent when unknown. */
  captured_at?: string | null | undefined;
  /** True for a photo already attached to the report being edited. */
  attached?: boolean;
}

export const EMPTY_FORM: ReportFormValues = {
  area_id: '',
  category_id: '',
  work_type: 'cleaning',
  description: '',
  status: 'pending',
};

/** Statuses a new report may start in (the server refuses 'cancelled' for a new report). */
export const NEW_REPORT_STATUSES = [
  'pending',
  'in_progress',
  'completed',
] as const satisfies readonly ReportStatus[];

/** A report's values as the form holds them. */
export function formValuesOf(report: Report): ReportFormValues {
  return {
    area_id: report.area_id,
    category_id: report.category_id ?? '',
    work_type: report.work_type,
    description: report.description,
    status: report.status,
  };
}

/** A photo already on the report, as the form holds it (attached: kept unless taken out). */
export function attachedFormPhoto(photo: ReportPhoto): FormPhoto {
  return {
    id: photo.id,
    kind: photo.kind,
    sha256: photo.sha256,
    mime_type: photo.mime_type,
    size_bytes: photo.size_bytes,
    captured_at: photo.captured_at ?? null,
    attached: true,
  };
}

function photoRows(reportId: string, photos: readonly FormPhoto[], at: string): ReportPhoto[] {
  const position: Record<PhotoKind, number> = { before: 0, after: 0 };
  return photos.map((photo) => ({
    id: photo.id,
    report_id: reportId,
    kind: photo.kind,
    sha256: photo.sha256,
    mime_type: photo.mime_type,
    size_bytes: photo.size_bytes,
    position: position[photo.kind]++,
    captured_at: photo.captured_at ?? null,
    created_at: at,
    updated_at: at,
  }));
}

function attachMutations(rows: readonly ReportPhoto[]) {
  return rows.map((row) =>
    planned(
      'photo.attach',
      {
        id: row.id,
        report_id: row.report_id,
        kind: row.kind,
        sha256: row.sha256,
        mime_type:
          row.mime_type === 'image/png' || row.mime_type === 'image/webp'
            ? row.mime_type
            : 'image/jpeg',
        size_bytes: row.size_bytes,
        position: row.position,
        captured_at: row.captured_at ?? null,
      },
      [{ entity: 'report_photos', op: 'put', row }],
    ),
  );
}

/**
 * report.create plus one photo.attach per photo, each with its full optimistic row. The report
 * is filed at `reportedAt` (a corrected refusal keeps its first filing time), else now: the
 * device's clock, which the server keeps within bounds, so the detail never jumps to the sync.
 */
export function planCreate(input: {
  id: string;
  reporterId: string;
  values: ReportFormValues;
  photos: readonly FormPhoto[];
  now: Date;
  reportedAt?: string | undefined;
}): PlannedMutation[] {
  const at = input.now.toISOString();
  const reportedAt = input.reportedAt ?? at;
  const { values } = input;
  const categoryId = values.category_id === '' ? null : values.category_id;
  const unassigned = values.unassigned === true;
  // Someone else's to fix: nobody has started it, whatever the status field said.
  const status = unassigned ? 'pending' : values.status;
  const row: Report = {
    id: input.id,
    // The server numbers it when it arrives; the pull brings the number.
    number: null,
    reporter_id: input.reporterId,
    area_id: values.area_id,
    category_id: categoryId,
    work_type: values.work_type,
    description: values.description.trim(),
    status,
    admin_note: null,
    reported_at: reportedAt,
    created_at: at,
    updated_at: at,
    assignee_id: unassigned ? null : input.reporterId,
    priority: DEFAULT_JOB_PRIORITY,
    due_date: null,
    due_time: null,
    // Work filed as done was done when it was filed.
    completed_at: status === 'completed' ? reportedAt : null,
    origin: 'staff',
  };
  return [
    planned(
      'report.create',
      {
        id: input.id,
        area_id: values.area_id,
        category_id: categoryId,
        work_type: values.work_type,
        description: values.description,
        status,
        reported_at: reportedAt,
        ...(unassigned && { unassigned: true }),
      },
      [{ entity: 'reports', op: 'put', row }],
    ),
    ...attachMutations(photoRows(input.id, input.photos, at)),
  ];
}

/**
 * Changes to an existing report: report.update with the edited fields, report.set_status when
 * the status moved, photo.remove for photos taken out, photo.attach for new ones.
 */
export function planEdit(input: {
  report: Report;
  /** Who edits: the author of the status change's timeline event. */
  actorId: string;
  values: ReportFormValues;
  photos: readonly FormPhoto[];
  existingPhotos: readonly ReportPhoto[];
  now: Date;
}): PlannedMutation[] {
  const { report, values } = input;
  const at = input.now.toISOString();
  const categoryId = values.category_id === '' ? null : values.category_id;
  const out: PlannedMutation[] = [];
  const changed = {
    ...(values.area_id !== report.area_id && { area_id: values.area_id }),
    ...(categoryId !== report.category_id && { category_id: categoryId }),
    ...(values.work_type !== report.work_type && { work_type: values.work_type }),
    ...(values.description.trim() !== report.description && {
      description: values.description,
    }),
  };
  let current: Report = report;
  if (Object.keys(changed).length > 0) {
    current = {
      ...current,
      ...changed,
      ...(changed.description !== undefined && { description: changed.description.trim() }),
      updated_at: at,
    };
    out.push(
      planned('report.update', { id: report.id, ...changed }, [
        { entity: 'reports', op: 'put', row: current },
      ]),
    );
  }
  if (values.status !== report.status) {
    out.push(
      planStatus({ report: current, to: values.status, actorId: input.actorId, now: input.now }),
    );
  }
  const kept = new Set(input.photos.map((photo) => photo.id));
  for (const photo of input.existingPhotos) {
    if (!kept.has(photo.id)) {
      out.push(
        planned('photo.remove', { id: photo.id }, [
          { entity: 'report_photos', op: 'delete', id: photo.id },
        ]),
      );
    }
  }
  const attached = new Set(input.existingPhotos.map((photo) => photo.id));
  // New photos go after the ones already there, per kind.
  const nextPosition: Record<PhotoKind, number> = { before: 0, after: 0 };
  for (const photo of input.existingPhotos) {
    if (kept.has(photo.id)) {
      nextPosition[photo.kind] = Math.max(nextPosition[photo.kind], photo.position + 1);
    }
  }
  const fresh = input.photos.filter((photo) => !attached.has(photo.id));
  const rows = photoRows(report.id, fresh, at).map((row) => ({
    ...row,
    position: nextPosition[row.kind]++,
  }));
  out.push(...attachMutations(rows));
  return out;
}

/**
 * photo.attach for photos added to a report outside its form (an after photo taken from the
 * job's detail): each after the report's photos of its kind, as an edit would place it.
 */
export function planAddPhotos(input: {
  reportId: string;
  existing: readonly Pick<ReportPhoto, 'kind' | 'position'>[];
  photos: readonly FormPhoto[];
  now: Date;
}): PlannedMutation[] {
  const next: Record<PhotoKind, number> = { before: 0, after: 0 };
  for (const photo of input.existing)
    next[photo.kind] = Math.max(next[photo.kind], photo.position + 1);
  const rows = photoRows(input.reportId, input.photos, input.now.toISOString()).map((row) => ({
    ...row,
    position: next[row.kind]++,
  }));
  return attachMutations(rows);
}

/** Field errors of every planned mutation, checked before anything is written. */
export function validatePlan(plan: readonly PlannedMutation[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const step of plan) {
    const check = checkMutation({ name: step.name, args: step.args });
    if (check.ok) continue;
    for (const [field, messages] of Object.entries(refusalTexts(check.fields, check.reason))) {
      errors[field] = [...new Set([...(errors[field] ?? []), ...messages])];
    }
  }
  return errors;
}
