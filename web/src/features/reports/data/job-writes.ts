import {
  judgeStatusChange,
  type AccountRole,
  type JobState,
  type PhotoKind,
  type Report,
  type ReportPhoto,
  type ReportStatus,
} from '@urs/sync-protocol';
import { db, type PhotoRecord, type UrsDatabase } from '../../../db/index.js';
import { errorText } from '../../../lib/error-text.js';
import { t } from '../../../lib/i18n.js';
import { toast } from '../../../client/toast.js';
import { PhotoError, type PlannedMutation } from '../../../sync/index.js';
import { planAddPhotos, type FormPhoto } from '../form/report-form-state.js';
import { discardUnattachedPhoto, keepPhoto, runPlan } from './report-writes.js';
import '../job-i18n.js';
import { planComment, planHandBack, planJob, planStatus, type JobPlan } from './job-plans.js';

/*
 * The job changes the screens make (decision 028), queued through the outbox with the rows they
 * leave on this device: they show at once and work offline. Each first asks the contract what
 * the server would answer now, against this device's copy, so nothing is queued that is sure
 * to be refused.
 */

export interface JobUser {
  id: string;
  role: AccountRole;
  /** The school's UTC offset the server sent with the signed-in user (lib/school-time.ts). */
  school_utc_offset?: number | undefined;
}

/** The job as the contract's rules read it: the report and how many photos of each kind. */
export async function jobStateOf(report: Report, database: UrsDatabase = db): Promise<JobState> {
  const photos = await database.report_photos.where('report_id').equals(report.id).toArray();
  return {
    status: report.status,
    reporter_id: report.reporter_id,
    assignee_id: report.assignee_id,
    before_photos: photos.filter((photo) => photo.kind === 'before').length,
    after_photos: photos.filter((photo) => photo.kind === 'after').length,
  };
}

/** Queues one planned change; false (after a toast) when it could not be queued. */
async function queue(
  userId: string,
  plan: PlannedMutation,
  failTitle: string,
  database: UrsDatabase,
): Promise<boolean> {
  const errors = await runPlan(userId, [plan], [], database);
  if (errors === null) return true;
  toast.error(failTitle, Object.values(errors).flat().join(' '));
  return false;
}

/** Why this device will not queue a status change: the contract's refusal, in words. */
export type StatusRefusal = string;

/**
 * Start, complete, cancel or reopen. Judged first as the server would judge it now: a refusal
 * (a completion without the after photo its before photos call for, most often) is returned
 * in words and nothing is queued; a change that would change nothing is not queued either.
 * Returns 'queued', 'unchanged', or the refusal's text.
 */
export async function changeJobStatus(
  user: JobUser,
  report: Report,
  to: ReportStatus,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<'queued' | 'unchanged' | { refused: StatusRefusal }> {
  const judgement = judgeStatusChange(await jobStateOf(report, database), to, user);
  if (judgement.outcome === 'refuse') {
    const code =
      judgement.code === 'after_photo_required'
        ? 'after_photo_required'
        : judgement.code === 'forbidden'
          ? 'job_forbidden'
          : 'status_change_refused';
    return { refused: errorText({ code }) };
  }
  if (judgement.outcome !== 'apply') return 'unchanged';
  const plan = planStatus({ report, to, actorId: user.id, now });
  return (await queue(user.id, plan, t('jobs.saveFailed'), database)) ? 'queued' : 'unchanged';
}

/** The admin plans a job: assignee, priority, due day and time; true when something was queued. */
export async function planJobChange(
  user: JobUser,
  report: Report,
  plan: JobPlan,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<boolean> {
  const step = planJob({ report, plan, actorId: user.id, now });
  if (step === null) return false;
  return queue(user.id, step, t('jobs.saveFailed'), database);
}

/**
 * The same plan for several reports at once (the admin list's bulk assignment), queued in one
 * transaction, one report.set_job each, so it works offline too and all or none is queued.
 * Reports it would not change are left out. Returns how many were queued, or null on failure.
 */
export async function planJobsChange(
  user: JobUser,
  reports: readonly Report[],
  plan: JobPlan,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<number | null> {
  const steps = reports.flatMap((report) => {
    const step = planJob({ report, plan, actorId: user.id, now });
    return step === null ? [] : [step];
  });
  if (steps.length === 0) return 0;
  const errors = await runPlan(user.id, steps, [], database);
  if (errors === null) return steps.length;
  toast.error(t('jobs.saveFailed'), Object.values(errors).flat().join(' '));
  return null;
}

/** The assignee gives the job back to the admin's queue. */
export function handBackJob(
  user: JobUser,
  report: Report,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<boolean> {
  return queue(
    user.id,
    planHandBack({ report, actorId: user.id, now }),
    t('jobs.saveFailed'),
    database,
  );
}

/**
 * A comment on the report. Returns the field's error for the box to show (an empty or too long
 * comment), or null once queued.
 */
export async function addComment(
  user: JobUser,
  reportId: string,
  body: string,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<string | null> {
  const errors = await runPlan(
    user.id,
    [planComment({ reportId, body, actorId: user.id, now })],
    [],
    database,
  );
  return errors === null ? null : Object.values(errors).flat().join(' ');
}

/**
 * Keeps a photo taken on the job's detail (an after photo, most often, before completing) and
 * queues it onto the report after the ones there. False (after a toast) when it could not be
 * kept or queued; its bytes are then dropped again.
 */
export async function addJobPhoto(
  userId: string,
  report: Pick<Report, 'id'>,
  existing: readonly Pick<ReportPhoto, 'kind' | 'position'>[],
  kind: PhotoKind,
  file: File,
  now = new Date(),
): Promise<boolean> {
  let record: PhotoRecord;
  try {
    record = await keepPhoto(userId, file);
  } catch (err) {
    if (err instanceof PhotoError) toast.error(err.title, err.message);
    else toast.error(t('jobs.saveFailed'), err instanceof Error ? err.message : String(err));
    return false;
  }
  const photo: FormPhoto = {
    id: record.id,
    kind,
    sha256: record.sha256,
    mime_type: record.mime_type,
    size_bytes: record.size_bytes,
    captured_at: record.captured_at ?? null,
  };
  const errors = await runPlan(
    userId,
    planAddPhotos({ reportId: report.id, existing, photos: [photo], now }),
  );
  if (errors === null) return true;
  await discardUnattachedPhoto(record.id).catch(() => undefined);
  toast.error(t('jobs.saveFailed'), Object.values(errors).flat().join(' '));
  return false;
}

/**
 * The admin list's bulk assignment: the reports by id as this device holds them (an admin's
 * device holds every report of the school, once pulled), each given `assigneeId` (null: back
 * to the queue) by its own report.set_job, all queued in one transaction. Reports the device
 * does not hold yet are counted as missing and left alone. Null when nothing could be queued.
 */
export async function assignReports(
  user: JobUser,
  reportIds: readonly string[],
  assigneeId: string | null,
  now = new Date(),
  database: UrsDatabase = db,
): Promise<{ queued: number; missing: number } | null> {
  const rows = await database.reports.bulkGet([...reportIds]);
  const held = rows.filter((row) => row !== undefined);
  const queued = await planJobsChange(user, held, { assignee_id: assigneeId }, now, database);
  return queued === null ? null : { queued, missing: reportIds.length - held.length };
}
