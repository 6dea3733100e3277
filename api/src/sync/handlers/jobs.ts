import {
  judgeHandBack,
  judgeStatusChange,
  newId,
  notificationExcerpt,
  reason,
  wasTakenFrom,
  type JobChanges,
  type ParsedMutationArgs,
  type ReportStatus,
  type StatusJudgement,
} from '@urs/sync-protocol';
import { run } from '../../db/statement.js';
import { Refusal, refuse } from '../refusal.js';
import { notify } from '../../services/notify.js';
import { authorize, type HandlerMap, type MutationContext } from './context.js';
import {
  assertAssignable,
  authorizeJob,
  changesOf,
  completedAtFor,
  eventOwner,
  eventTime,
  handOver,
  insertEvent,
  isRepeatOfEvent,
  jobActorOf,
  jobForbidden,
  jobStateOf,
  liveJob,
  liveReport,
  liveReportClaiming,
  type ReportRow,
} from './job-state.js';

/*
 * The job mutations of decision 028 (docs/decisions/028-jobs-on-reports.md): the admin plans a
 * job, the assignee hands it back, anyone it concerns comments, and a status change is judged
 * against the job as it is when it arrives. Each writes at most one timeline event, under the id
 * the device chose, so a repeat is a no-op and the phone's own event is the one stored.
 */

type Refused = Extract<StatusJudgement, { outcome: 'refuse' }>;

/** What every notification about a job says: who did it, and which report (its start). */
async function jobParams(ctx: MutationContext, report: ReportRow) {
  return {
    actor: await ctx.actorName(),
    report: notificationExcerpt(report.description),
  };
}

/** The contract's refusal of a status change as a push refusal. */
function statusRefusal(judged: Refused, from: ReportStatus, to: ReportStatus): Refusal {
  switch (judged.code) {
    case 'forbidden':
      return jobForbidden();
    case 'after_photo_required':
      return new Refusal('invalid_transition', reason('after_photo_required'), {
        status: [reason('after_photo_required')],
      });
    case 'invalid_transition':
      return new Refusal('invalid_transition', reason('report_transition', { from, to }), {
        status: [reason('status_change_refused')],
      });
  }
}

/*
 * The report's new job fields under a new change number, one statement for each shape of
 * change (plain SQL prepared once, db/statement.ts). Parameters: the fields, then updated_at,
 * change_seq, id, school.
 */
const WRITE_PLAN = `UPDATE reports SET assignee_id = ?, priority = ?, due_date = ?, due_time = ?, updated_at = ?, change_seq = ?
  WHERE id = ? AND school_id = ?`;
const WRITE_STATUS = `UPDATE reports SET status = ?, completed_at = ?, updated_at = ?, change_seq = ?
  WHERE id = ? AND school_id = ?`;
const WRITE_HAND_BACK = `UPDATE reports SET assignee_id = NULL, status = 'pending', completed_at = NULL, updated_at = ?, change_seq = ?
  WHERE id = ? AND school_id = ?`;

/** Runs one of the writes above with its fields. */
function writeReport(
  ctx: MutationContext,
  report: ReportRow,
  text: string,
  ...fields: (string | null)[]
): Promise<number> {
  return run(ctx.tx, text, ...fields, ctx.now, ctx.seq(), report.id, ctx.actor.schoolId);
}

/** The job's plan after `a`: only the fields sent change (field-level last writer wins). */
function plannedJob(report: ReportRow, a: ParsedMutationArgs<'report.set_job'>) {
  const dueDate = a.due_date !== undefined ? a.due_date : report.dueDate;
  let dueTime = a.due_time !== undefined ? a.due_time : report.dueTime;
  if (dueDate === null) {
    // A time on no day means nothing: sent, it is refused; kept from before, it goes with the day.
    if (a.due_time !== undefined && a.due_time !== null) {
      throw refuse.invalid('due_time', reason('due_time_without_date'));
    }
    dueTime = null;
  }
  return {
    assignee_id: a.assignee_id !== undefined ? a.assignee_id : report.assigneeId,
    priority: a.priority ?? report.priority,
    due_date: dueDate,
    due_time: dueTime,
  };
}

const setJob: HandlerMap['report.set_job'] = async (ctx, a) => {
  const { tx, actor } = ctx;
  // The event's claim and the new assignee are read with the job, and judged in the same order
  // as before: authorisation, a repeat, the plan, then the assignee.
  const report = await liveJob(tx, actor.schoolId, a.id, a.event_id, a.assignee_id ?? null);
  const state = await jobStateOf(tx, report);
  await authorizeJob(tx, report, state, actor, 'plan');
  if (isRepeatOfEvent(report, actor, report.id, 'event')) return;
  const planned = plannedJob(report, a);
  const changes = changesOf(
    {
      assignee_id: report.assigneeId,
      priority: report.priority,
      due_date: report.dueDate,
      due_time: report.dueTime,
    },
    planned,
  );
  // A plan that changes nothing writes nothing: a repeat, or what another admin already did.
  if (Object.keys(changes).length === 0) return;
  const to = planned.assignee_id;
  // A changed assignee is the one the plan sent (`a.assignee_id`), whom liveJob looked up.
  if (changes.assignee_id !== undefined && to !== null) assertAssignable(report);
  const occurredAt = await eventTime(ctx, a.at);
  await writeReport(
    ctx,
    report,
    WRITE_PLAN,
    to,
    planned.priority,
    planned.due_date,
    planned.due_time,
  );
  if (changes.assignee_id !== undefined) await handOver(ctx, report, report.assigneeId, to);
  await insertEvent(
    ctx,
    { ...report, assigneeId: to },
    { id: a.event_id, kind: 'job', changes, occurredAt },
  );
  if (changes.assignee_id !== undefined) {
    const params = await jobParams(ctx, report);
    const priority = planned.priority === 'urgent' ? 'urgent' : 'normal';
    // `to` was found assignable above: no second look.
    await notify(ctx, {
      kind: 'job_assigned',
      subjectId: report.id,
      params,
      priority,
      to: [to],
      checked: true,
    });
    await notify(ctx, {
      kind: 'job_taken',
      subjectId: report.id,
      params,
      to: [report.assigneeId],
    });
  }
};

const setStatus: HandlerMap['report.set_status'] = async (ctx, a) => {
  const { tx, actor } = ctx;
  authorize(actor, 'reports.set_status');
  const report = await liveReportClaiming(tx, actor.schoolId, a.id, a.event_id);
  // Entries queued by an app from before timelines carry no event id: the server makes one.
  if (a.event_id !== undefined && isRepeatOfEvent(report, actor, report.id, 'event')) return;
  const state = await jobStateOf(tx, report, a.status === 'completed');
  const jobActor = await jobActorOf(tx, report, actor);
  const judged = judgeStatusChange(state, a.status, jobActor);
  if (judged.outcome === 'ignore') return;
  if (judged.outcome === 'refuse') throw statusRefusal(judged, report.status, a.status);
  const occurredAt = await eventTime(ctx, a.at);
  // Field work of someone the job was taken from, or a second completion: kept, and marked so.
  const kept = judged.outcome === 'keep' || wasTakenFrom(state, jobActor);
  if (judged.outcome === 'apply') {
    await writeReport(ctx, report, WRITE_STATUS, a.status, completedAtFor(a.status, occurredAt));
  }
  await insertEvent(ctx, report, {
    id: a.event_id ?? newId(),
    kind: 'status',
    changes: { status: [report.status, a.status] },
    kept,
    occurredAt,
  });
  if (judged.outcome === 'apply') {
    await notify(ctx, {
      kind: 'report_status',
      subjectId: report.id,
      params: { ...(await jobParams(ctx, report)), status: a.status },
      to: [report.reporterId, report.assigneeId],
    });
  }
};

const handBack: HandlerMap['report.hand_back'] = async (ctx, a) => {
  const { tx, actor } = ctx;
  authorize(actor, 'reports.set_status');
  const report = await liveJob(tx, actor.schoolId, a.id, a.event_id, null);
  if (isRepeatOfEvent(report, actor, report.id, 'event')) return;
  const state = await jobStateOf(tx, report);
  // Handed back by someone who no longer holds it, or once it is done: overtaken, no change.
  if (judgeHandBack(state, { id: actor.id, role: actor.role }) === 'ignore') return;
  const occurredAt = await eventTime(ctx, a.at);
  const changes: JobChanges = changesOf(
    { assignee_id: report.assigneeId, status: report.status },
    { assignee_id: null, status: 'pending' },
  );
  await writeReport(ctx, report, WRITE_HAND_BACK);
  await handOver(ctx, report, report.assigneeId, null);
  await insertEvent(
    ctx,
    { ...report, assigneeId: null },
    { id: a.event_id, kind: 'hand_back', changes, occurredAt },
  );
};

const createComment: HandlerMap['comment.create'] = async (ctx, a) => {
  const { tx, actor } = ctx;
  const report = await liveReport(tx, actor.schoolId, a.report_id);
  const state = await jobStateOf(tx, report);
  const { kept } = await authorizeJob(tx, report, state, actor, 'comment');
  const occurredAt = await eventTime(ctx, a.at);
  // The insert is the only write: a comment sent again finds its id taken and changes nothing.
  const inserted = await insertEvent(ctx, report, {
    id: a.id,
    kind: 'comment',
    changes: {},
    body: a.body,
    kept,
    occurredAt,
  });
  if (inserted > 0) {
    await notify(ctx, {
      kind: 'job_commented',
      subjectId: report.id,
      params: { ...(await jobParams(ctx, report)), comment: notificationExcerpt(a.body) },
      to: [report.reporterId, report.assigneeId],
    });
    return;
  }
  const [existing] = await eventOwner(tx, a.id);
  if (existing?.actorId === actor.id && existing.reportId === report.id) return;
  throw refuse.conflict(reason('id_taken', { kind: 'comment' }));
};

export const jobHandlers: Pick<
  HandlerMap,
  'report.set_job' | 'report.set_status' | 'report.hand_back' | 'comment.create'
> = {
  'report.set_job': setJob,
  'report.set_status': setStatus,
  'report.hand_back': handBack,
  'comment.create': createComment,
};
