import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_TABLE,
  REPORT_STATUSES,
  newId,
  type JobAction,
  type JobRelation,
  type MutationResult,
  type ReportStatus,
} from '@urs/sync-protocol';
import { reportEvents, reportPhotos, reports } from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { jpegBytes, TestDevice } from './test-kit.js';

/*
 * Decision 028's table, row by row, for every relation to a job and every status, through the
 * push and through the REST job routes alike: what the table gives is applied, what it does not
 * is refused (or, where the convergence rules say a change was overtaken, changes nothing), and
 * field work of someone the job was taken from is kept. Each case runs on a job of its own per
 * channel and must end in the same job and the same refusal: the push's code, or the HTTP status
 * docs/api.md gives that code, with the same reason code. The table is sync-protocol's
 * JOB_TABLE, the data the contract's own test holds jobActions to; the convergence rules are
 * written out below, as the record words them. The suite runs on both engines (docs/testing.md).
 */

interface Actor {
  device: TestDevice;
  id: string;
}

/**
 * How an action is taken: pushed as a mutation, sent to its REST route, or (a plan) sent to the
 * admin's bulk route for several reports at once, here one.
 */
type Channel = 'push' | 'rest' | 'bulk';

/** What an action answered, the same for every channel: done, or refused with codes. */
type Answer = { done: true } | { refused: string; reason: string | undefined; http?: number };

let t: TestApp;
let areaId: string;
const cast = {} as Record<JobRelation, Actor>;

beforeAll(async () => {
  t = await makeTestApp();
  const sign = async (role: Parameters<TestApp['signIn']>[0]): Promise<Actor> => {
    const { token, user } = await t.signIn(role);
    return { device: new TestDevice(t, token), id: user.id };
  };
  cast.admin = await sign('admin');
  cast.reporter = await sign('custodian');
  cast.assignee = await sign('technician');
  cast.former_assignee = await sign('technician');
  cast.other = await sign('gardener');
  const res = await t.request('/api/areas', {
    method: 'POST',
    token: cast.admin.device.token,
    json: { name: 'Laboratorium' },
  });
  areaId = ((await res.json()) as { data: { id: string } }).data.id;
});

afterAll(() => t.close());

function applied(result: MutationResult | undefined): void {
  expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
}

/**
 * A job filed by the reporter for someone else to fix, given by the admin to the former
 * assignee and then taken from them for the assignee, and put into `status` as it stands.
 */
async function job(status: ReportStatus): Promise<string> {
  const id = newId();
  const created = await cast.reporter.device.push([
    'report.create',
    { id, area_id: areaId, work_type: 'repair', description: 'Keran bocor', unassigned: true },
  ]);
  applied(created.results[0]);
  const planned = await cast.admin.device.push(
    ['report.set_job', { id, event_id: newId(), assignee_id: cast.former_assignee.id }],
    ['report.set_job', { id, event_id: newId(), assignee_id: cast.assignee.id }],
  );
  planned.results.forEach(applied);
  await t.db.write((tx) =>
    tx
      .update(reports)
      .set({ status, completedAt: status === 'completed' ? '2026-12-01T02:00:00.000Z' : null })
      .where(eq(reports.id, id)),
  );
  return id;
}

/** What the job holds that an action may change. */
async function snapshot(id: string) {
  const [report] = await t.db.select().from(reports).where(eq(reports.id, id));
  const events = await t.db
    .select({ kind: reportEvents.kind, kept: reportEvents.kept, actor: reportEvents.actorId })
    .from(reportEvents)
    .where(eq(reportEvents.reportId, id))
    .orderBy(reportEvents.changeSeq);
  const photos = await t.db
    .select({ id: reportPhotos.id })
    .from(reportPhotos)
    .where(and(eq(reportPhotos.reportId, id)));
  return {
    status: report?.status,
    assignee: report?.assigneeId,
    priority: report?.priority,
    description: report?.description,
    completedAt: report?.completedAt,
    events,
    photos: photos.length,
  };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

type Outcome =
  /** Applied, and the job changed as `changed` says, with one event of the actor's. */
  | { applied: Partial<Snapshot>; event?: { kind: string; kept: boolean } }
  /** Answered applied, nothing changed: overtaken by what happened since. */
  | 'ignored'
  | { refused: string };

const ACTIONS = ['plan', 'edit', 'photos', 'comment', 'hand_back'] as const;
/** The actions with a REST route: every job action; editing and photos are the push's only. */
const REST_ACTIONS = ['plan', 'comment', 'hand_back', ...REPORT_STATUSES] as const;
type RestAction = (typeof REST_ACTIONS)[number];

/** The device time the last status change was sent with: a completion's completed_at. */
let sentAt = '';
const SENT_AT = 'the time the status change was sent with';

/** The push that does `action`. */
async function pushed(
  actor: Actor,
  id: string,
  action: (typeof ACTIONS)[number] | ReportStatus,
): Promise<MutationResult | undefined> {
  const { device } = actor;
  switch (action) {
    case 'plan':
      return (await device.push(['report.set_job', { id, event_id: newId(), priority: 'urgent' }]))
        .results[0];
    case 'edit':
      return (await device.push(['report.update', { id, description: 'Keran diganti' }]))
        .results[0];
    case 'photos':
      return (await device.attachPhoto(id, 'after', jpegBytes(1024, Math.random() * 255))).result;
    case 'comment':
      return (
        await device.push(['comment.create', { id: newId(), report_id: id, body: 'Sudah dicek' }])
      ).results[0];
    case 'hand_back':
      return (await device.push(['report.hand_back', { id, event_id: newId() }])).results[0];
    default:
      sentAt = new Date().toISOString();
      return (
        await device.push([
          'report.set_status',
          { id, status: action, event_id: newId(), at: sentAt },
        ])
      ).results[0];
  }
}

/** The REST request that does `action` (docs/api.md, "Jobs"): route and body. */
function restRequest(id: string, action: RestAction): [string, string, object] {
  switch (action) {
    case 'plan':
      return ['PATCH', `/api/reports/${id}/job`, { priority: 'urgent' }];
    case 'comment':
      return ['POST', `/api/reports/${id}/comments`, { body: 'Sudah dicek' }];
    case 'hand_back':
      return ['POST', `/api/reports/${id}/hand-back`, {}];
    default:
      sentAt = new Date().toISOString();
      return ['POST', `/api/reports/${id}/status`, { status: action, at: sentAt }];
  }
}

interface ErrorBody {
  code?: string;
}

/** `action` by `actor` on the job `id` through `channel`, and what it answered. */
async function perform(
  channel: Channel,
  actor: Actor,
  id: string,
  action: (typeof ACTIONS)[number] | ReportStatus,
): Promise<Answer> {
  if (channel === 'push') {
    const result = await pushed(actor, id, action);
    if (result?.status === 'applied') return { done: true };
    if (result?.status !== 'rejected') throw new Error(JSON.stringify(result));
    return { refused: result.code, reason: result.reason?.code };
  }
  const { token } = actor.device;
  if (channel === 'bulk') {
    const res = await t.request('/api/reports/jobs', {
      method: 'POST',
      token,
      json: { report_ids: [id], priority: 'urgent' },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: ({ id: string; status: number } & ErrorBody)[] };
    expect(data.map((row) => row.id)).toEqual([id]);
    const [row] = data;
    if (row?.status === 200) return { done: true };
    return { refused: syncCodeOf(row?.status, row?.code), reason: row?.code, http: row?.status };
  }
  const [method, path, json] = restRequest(id, action as RestAction);
  const res = await t.request(path, { method, token, json });
  if (res.status === 200 || res.status === 201) {
    // Every job route answers the report's detail, as it stands after the action.
    const { data } = (await res.json()) as { data: { id: string; status: ReportStatus } };
    const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(data).toMatchObject({ id, status: row?.status });
    expect(res.status).toBe(action === 'comment' ? 201 : 200);
    return { done: true };
  }
  const body = (await res.json()) as ErrorBody;
  return { refused: syncCodeOf(res.status, body.code), reason: body.code, http: res.status };
}

/** The push refusal an HTTP answer stands for (docs/api.md), told apart by its reason. */
function syncCodeOf(status: number | undefined, reasonCode: string | undefined): string {
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 422) return 'validation';
  if (status === 409) {
    return reasonCode === 'report_transition' || reasonCode === 'after_photo_required'
      ? 'invalid_transition'
      : 'conflict';
  }
  return `http ${status}`;
}

/** The HTTP status docs/api.md gives each push refusal of the table. */
const HTTP_OF: Record<string, number> = { forbidden: 403, invalid_transition: 409 };

/** The reason each refusal of the table carries, on every channel. */
const REASON_OF: Record<string, string> = {
  forbidden: 'job_forbidden',
  invalid_transition: 'report_transition',
};

const allows = (relation: JobRelation, status: ReportStatus, action: JobAction) =>
  JOB_TABLE[relation][status].includes(action);

/** What the table and the record's convergence rules say an action does. */
function expectedFor(
  relation: JobRelation,
  status: ReportStatus,
  action: (typeof ACTIONS)[number],
): Outcome {
  const taken = relation === 'former_assignee';
  switch (action) {
    case 'plan':
      return allows(relation, status, 'plan')
        ? { applied: { priority: 'urgent' }, event: { kind: 'job', kept: false } }
        : { refused: 'forbidden' };
    case 'edit':
      return allows(relation, status, 'edit')
        ? { applied: { description: 'Keran diganti' } }
        : { refused: 'forbidden' };
    case 'photos':
      // "Photos from a former assignee are kept on the report (the work was done)."
      return allows(relation, status, 'photos') || taken
        ? { applied: { photos: 1 } }
        : { refused: 'forbidden' };
    case 'comment':
      return allows(relation, status, 'comment') || taken
        ? { applied: {}, event: { kind: 'comment', kept: taken } }
        : { refused: 'forbidden' };
    case 'hand_back':
      // "A hand back from someone who is no longer the assignee changes nothing."
      return allows(relation, status, 'hand_back')
        ? {
            applied: { assignee: null, status: 'pending' },
            event: { kind: 'hand_back', kept: false },
          }
        : 'ignored';
  }
}

/** The action a status change is, as the record's table names its rows. */
function statusAction(from: ReportStatus, to: ReportStatus): JobAction | null {
  const open = from === 'pending' || from === 'in_progress';
  if (to === 'in_progress') return from === 'pending' ? 'start' : from === to ? null : 'reopen';
  if (to === 'completed') return open ? 'complete' : null;
  if (to === 'cancelled') return open ? 'cancel' : null;
  return null;
}

function expectedStatus(relation: JobRelation, from: ReportStatus, to: ReportStatus): Outcome {
  const done = { status: to, completedAt: to === 'completed' ? SENT_AT : null };
  const fieldWorker = relation === 'assignee' || relation === 'former_assignee';
  // "A completion from the assignee or a former assignee is applied from pending, in_progress
  // or cancelled, and, when the job is already completed, kept as a status event."
  if (to === 'completed' && fieldWorker) {
    if (from === 'completed') return { applied: {}, event: { kind: 'status', kept: true } };
    return {
      applied: done,
      event: { kind: 'status', kept: relation === 'former_assignee' },
    };
  }
  // "A start that arrives when the job is no longer pending changes nothing."
  if (relation === 'former_assignee' && to === 'in_progress') return 'ignored';
  if (relation === 'other' || relation === 'former_assignee') return { refused: 'forbidden' };
  if (from === to) return 'ignored';
  if (relation === 'assignee' && to === 'in_progress' && from !== 'pending') return 'ignored';
  const action = statusAction(from, to);
  if (action === null || !allows(relation, from, action)) {
    return { refused: 'invalid_transition' };
  }
  return { applied: done, event: { kind: 'status', kept: false } };
}

const RELATIONS = Object.keys(JOB_TABLE) as JobRelation[];

const CASES = RELATIONS.flatMap((relation) =>
  REPORT_STATUSES.flatMap((status) => [
    ...ACTIONS.map((action) => ({
      relation,
      status,
      action,
      expected: expectedFor(relation, status, action),
    })),
    ...REPORT_STATUSES.map((to) => ({
      relation,
      status,
      action: to,
      expected: expectedStatus(relation, status, to),
    })),
  ]),
);

/** Every case through the push; those of a job action through REST too, a plan also in bulk. */
const RUNS = CASES.flatMap((c) => {
  const channels: Channel[] = ['push'];
  if ((REST_ACTIONS as readonly string[]).includes(c.action)) channels.push('rest');
  if (c.action === 'plan') channels.push('bulk');
  return channels.map((channel) => ({ ...c, channel }));
});

describe("decision 028's table through the push and REST", () => {
  it('the table, row by row, covers every relation, status and action', () => {
    expect(CASES).toHaveLength(RELATIONS.length * 4 * (ACTIONS.length + 4));
    // Every case of a job action runs through both: all but editing and photos.
    const rest = RUNS.filter((r) => r.channel === 'rest');
    expect(rest).toHaveLength(RELATIONS.length * 4 * (3 + 4));
    expect(RUNS.filter((r) => r.channel === 'bulk')).toHaveLength(RELATIONS.length * 4);
    // "The work is done, whatever was decided meanwhile": a completion over a cancellation.
    expect(expectedStatus('assignee', 'cancelled', 'completed')).toMatchObject({
      applied: { status: 'completed' },
    });
    expect(expectedStatus('reporter', 'cancelled', 'completed')).toEqual({
      refused: 'invalid_transition',
    });
  });

  it.each(
    RUNS.map((c) => [`${c.channel}: ${c.relation} on a ${c.status} job: ${c.action}`, c] as const),
  )('%s', async (_label, c) => {
    const id = await job(c.status);
    const before = await snapshot(id);
    const answer = await perform(c.channel, cast[c.relation], id, c.action);
    const after = await snapshot(id);
    if (c.expected === 'ignored') {
      expect(answer).toEqual({ done: true });
      expect(after).toEqual(before);
      return;
    }
    if ('refused' in c.expected) {
      const code = c.expected.refused;
      // The same push code, and on REST the HTTP status docs/api.md gives it.
      expect(answer).toMatchObject({ refused: code });
      if (c.channel !== 'push') expect(answer).toMatchObject({ http: HTTP_OF[code] });
      // The same reason on every channel (editing and photos refuse with their own).
      if (c.channel !== 'push' || c.action !== 'edit') {
        expect(answer).toMatchObject({ reason: REASON_OF[code] });
      }
      expect(after).toEqual(before);
      return;
    }
    expect(answer).toEqual({ done: true });
    const { event } = c.expected;
    const changed = { ...c.expected.applied };
    if (changed.completedAt === SENT_AT) changed.completedAt = sentAt;
    expect(after).toEqual({
      ...before,
      ...changed,
      photos: before.photos + (c.expected.applied.photos ?? 0),
      events:
        event === undefined
          ? before.events
          : [...before.events, { ...event, actor: cast[c.relation].id }],
    });
  });
});

describe("one's own work (decision 028, note 3)", () => {
  it('its reporter-assignee cancels it while open, as staff always could, not once done', async () => {
    const { device, id: me } = cast.assignee;
    const open = newId();
    const done = newId();
    const filed = await device.push(
      ['report.create', { id: open, area_id: areaId, work_type: 'repair', description: 'Lampu' }],
      ['report.create', { id: done, area_id: areaId, work_type: 'repair', description: 'Pintu' }],
      ['report.set_status', { id: open, status: 'in_progress', event_id: newId() }],
      ['report.set_status', { id: done, status: 'completed', event_id: newId() }],
    );
    filed.results.forEach(applied);
    const cancelled = await device.push(
      ['report.set_status', { id: open, status: 'cancelled', event_id: newId() }],
      ['report.set_status', { id: done, status: 'cancelled', event_id: newId() }],
    );
    applied(cancelled.results[0]);
    expect(cancelled.results[1]).toMatchObject({ status: 'rejected', code: 'invalid_transition' });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, open));
    expect(row).toMatchObject({ status: 'cancelled', assigneeId: me, reporterId: me });
  });
});
