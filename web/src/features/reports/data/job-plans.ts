import {
  newId,
  type JobChanges,
  type Report,
  type ReportEvent,
  type ReportEventKind,
  type ReportStatus,
} from '@urs/sync-protocol';
import { planned, type OptimisticWrite, type PlannedMutation } from '../../../sync/index.js';

/*
 * The job mutations of decision 028 as this device queues them: each with the report as it
 * leaves it and the timeline event it writes, so the phone shows both at once, offline, under
 * the event id the server will store the event by. The event the server sends back in the pull
 * takes the place of this one (same id); nothing is shown twice.
 */

/** The plan fields an admin sets (report.set_job). */
export type JobPlan = Partial<Pick<Report, 'assignee_id' | 'priority' | 'due_date' | 'due_time'>>;

const PLAN_FIELDS = ['assignee_id', 'priority', 'due_date', 'due_time'] as const;

/** One timeline event as this device writes it before the server has it. */
export function localEvent(input: {
  id: string;
  reportId: string;
  actorId: string;
  kind: ReportEventKind;
  changes?: JobChanges;
  body?: string | null;
  at: string;
}): ReportEvent {
  return {
    id: input.id,
    report_id: input.reportId,
    actor_id: input.actorId,
    kind: input.kind,
    changes: input.changes ?? {},
    body: input.body ?? null,
    kept: false,
    occurred_at: input.at,
    created_at: input.at,
    updated_at: input.at,
  };
}

/**
 * The report after its status moved to `to` at `at`: a completion records when it closed the
 * job, a reopening clears it (the job is open again), a cancellation leaves it as it was.
 */
export function withStatus(report: Report, to: ReportStatus, at: string): Report {
  const completedAt =
    to === 'completed' ? at : to === 'in_progress' || to === 'pending' ? null : report.completed_at;
  return { ...report, status: to, completed_at: completedAt, updated_at: at };
}

const eventWrite = (event: ReportEvent): OptimisticWrite => ({
  entity: 'report_events',
  op: 'put',
  row: event,
});
const reportWrite = (row: Report): OptimisticWrite => ({ entity: 'reports', op: 'put', row });

/** report.set_status with its `status` event: start, complete, cancel or reopen. */
export function planStatus(input: {
  report: Report;
  to: ReportStatus;
  actorId: string;
  now: Date;
  eventId?: string;
}): PlannedMutation {
  const { report, to } = input;
  const at = input.now.toISOString();
  const eventId = input.eventId ?? newId();
  const event = localEvent({
    id: eventId,
    reportId: report.id,
    actorId: input.actorId,
    kind: 'status',
    changes: { status: [report.status, to] },
    at,
  });
  return planned('report.set_status', { id: report.id, status: to, event_id: eventId, at }, [
    reportWrite(withStatus(report, to, at)),
    eventWrite(event),
  ]);
}

/**
 * report.set_job with only the fields that change, and one `job` event listing them; null when
 * nothing would change (a repeat writes no event on the server either). A due day taken away
 * takes its time with it: a time without a day is refused.
 */
export function planJob(input: {
  report: Report;
  plan: JobPlan;
  actorId: string;
  now: Date;
  eventId?: string;
}): PlannedMutation | null {
  const { report } = input;
  const plan: JobPlan = { ...input.plan };
  if (plan.due_date === null) plan.due_time = null;
  const changes: JobChanges = {};
  const changed: JobPlan = {};
  for (const field of PLAN_FIELDS) {
    const next = plan[field];
    if (next === undefined || next === report[field]) continue;
    changes[field] = [report[field], next];
    Object.assign(changed, { [field]: next });
  }
  if (Object.keys(changed).length === 0) return null;
  const at = input.now.toISOString();
  const eventId = input.eventId ?? newId();
  const event = localEvent({
    id: eventId,
    reportId: report.id,
    actorId: input.actorId,
    kind: 'job',
    changes,
    at,
  });
  return planned('report.set_job', { id: report.id, event_id: eventId, at, ...changed }, [
    reportWrite({ ...report, ...changed, updated_at: at }),
    eventWrite(event),
  ]);
}

/** report.hand_back: the assignee gives the job back, unassigned and pending again. */
export function planHandBack(input: {
  report: Report;
  actorId: string;
  now: Date;
  eventId?: string;
}): PlannedMutation {
  const { report } = input;
  const at = input.now.toISOString();
  const eventId = input.eventId ?? newId();
  const changes: JobChanges = { assignee_id: [report.assignee_id, null] };
  if (report.status !== 'pending') changes.status = [report.status, 'pending'];
  const event = localEvent({
    id: eventId,
    reportId: report.id,
    actorId: input.actorId,
    kind: 'hand_back',
    changes,
    at,
  });
  return planned('report.hand_back', { id: report.id, event_id: eventId, at }, [
    reportWrite({ ...withStatus(report, 'pending', at), assignee_id: null }),
    eventWrite(event),
  ]);
}

/** comment.create: a comment is an event of its own, under an id this device chooses. */
export function planComment(input: {
  reportId: string;
  body: string;
  actorId: string;
  now: Date;
  id?: string;
}): PlannedMutation {
  const at = input.now.toISOString();
  const id = input.id ?? newId();
  const event = localEvent({
    id,
    reportId: input.reportId,
    actorId: input.actorId,
    kind: 'comment',
    body: input.body.trim(),
    at,
  });
  return planned('comment.create', { id, report_id: input.reportId, body: input.body, at }, [
    eventWrite(event),
  ]);
}
