import { beforeEach, describe, expect, it } from 'vitest';
import { newId, type Change, type PullResponse } from '@urs/sync-protocol';
import { jpegBytes, TestDevice, useSyncFixture } from './test-kit.js';

/*
 * Who holds a job on their phone (decision 028): a staff member's pull carries the reports they
 * filed or are assigned, with their photos and events; a new assignee gets the whole history; a
 * job taken from someone leaves their phone as a delete of the report; and a phone offline
 * through several changes of hands ends holding exactly what the server says.
 */

const f = useSyncFixture('custodian', 'Gudang');

interface Member {
  device: TestDevice;
  id: string;
}

async function member(role: 'technician' | 'gardener'): Promise<Member> {
  const { token, user } = await f.t.signIn(role);
  return { device: new TestDevice(f.t, token), id: user.id };
}

/** A phone's copy: changes applied in order, as the web's pull does (a delete drops the row). */
class Phone {
  readonly rows = new Map<string, Change>();

  constructor(readonly device: TestDevice) {}

  async sync(): Promise<Change[]> {
    const changes = await this.device.pullAll();
    for (const change of changes) {
      const key = `${change.entity}/${change.id}`;
      if (change.op === 'put') this.rows.set(key, change);
      else {
        this.rows.delete(key);
        // A report's delete takes its photos and events with it (decision 028).
        if (change.entity === 'reports') {
          for (const [k, held] of this.rows) {
            if (held.op === 'put' && 'report_id' in held.row && held.row.report_id === change.id) {
              this.rows.delete(k);
            }
          }
        }
      }
    }
    return changes;
  }

  /** Keys of the rows of one report the phone holds. */
  of(reportId: string): string[] {
    return [...this.rows.entries()]
      .filter(
        ([key, c]) =>
          key === `reports/${reportId}` ||
          (c.op === 'put' && 'report_id' in c.row && c.row.report_id === reportId),
      )
      .map(([key]) => key)
      .sort();
  }
}

/** What the server says a user may see of one report: a pull from the very beginning. */
async function serverHolds(device: TestDevice, reportId: string): Promise<string[]> {
  const fresh = new Phone(new TestDevice(f.t, device.token));
  await fresh.sync();
  return fresh.of(reportId);
}

let reporter: Member;
let tech1: Member;
let tech2: Member;
let job: string;
/** Keys of the job's rows as every holder should have them. */
let history: string[];

beforeEach(async () => {
  const me = (await (await f.t.request('/api/user', { token: f.staff.token })).json()) as {
    user: { id: string };
  };
  reporter = { device: f.staff, id: me.user.id };
  tech1 = await member('technician');
  tech2 = await member('technician');
  // The custodian reports a problem with a photo and a comment, for someone else to fix.
  job = newId();
  const filed = await f.staff.push([
    'report.create',
    { id: job, area_id: f.areaId, work_type: 'repair', description: 'Rak roboh', unassigned: true },
  ]);
  expect(filed.results[0]?.status).toBe('applied');
  const photo = await f.staff.attachPhoto(job, 'before', jpegBytes(1500, 5));
  const comment = newId();
  await f.staff.push(['comment.create', { id: comment, report_id: job, body: 'Hati-hati' }]);
  history = [`reports/${job}`, `report_photos/${photo.id}`, `report_events/${comment}`];
});

const plan = (assignee: string | null) =>
  f.admin.push(['report.set_job', { id: job, event_id: newId(), assignee_id: assignee }]);

const eventsOf = (phone: Phone) => phone.of(job).filter((k) => k.startsWith('report_events/'));

describe('a job changing hands', () => {
  it('brings the whole history to the new assignee, whose cursor is past it', async () => {
    const phone = new Phone(tech1.device);
    // The technician synced after the history was written: none of it was theirs then.
    await phone.sync();
    expect(phone.of(job)).toEqual([]);
    await plan(tech1.id);
    await phone.sync();
    expect(phone.of(job)).toEqual(expect.arrayContaining(history));
    expect(eventsOf(phone)).toHaveLength(2);
    expect(phone.of(job)).toEqual(await serverHolds(tech1.device, job));
    // The reporter keeps it all, and sees the job event.
    const theirs = new Phone(reporter.device);
    await theirs.sync();
    expect(theirs.of(job)).toEqual(phone.of(job));
  });

  it('takes it from the old assignee as a delete of the report, and nothing else of it', async () => {
    const old = new Phone(tech1.device);
    const next = new Phone(tech2.device);
    await plan(tech1.id);
    await old.sync();
    await next.sync();
    expect(old.of(job)).toEqual(expect.arrayContaining(history));
    await plan(tech2.id);
    const changes = await old.sync();
    // The report leaves as one delete; the old assignee is told it was taken (decision 031).
    const ofReport = changes.filter((c) => c.entity !== 'notifications');
    expect(ofReport.map((c) => [c.entity, c.op, c.id])).toEqual([['reports', 'delete', job]]);
    const told = changes.filter((c) => c.entity === 'notifications');
    expect(told.map((c) => c.op === 'put' && (c.row as { kind: string }).kind)).toEqual([
      'job_taken',
    ]);
    expect(old.of(job)).toEqual([]);
    await next.sync();
    // Three events now: the comment and both plans.
    expect(eventsOf(next)).toHaveLength(3);
    expect(next.of(job)).toEqual(expect.arrayContaining(history));
    expect(next.of(job)).toEqual(await serverHolds(tech2.device, job));
    // Unassigned: the holder loses it too, the reporter and admins never do.
    await plan(null);
    await next.sync();
    expect(next.of(job)).toEqual([]);
    expect(await serverHolds(reporter.device, job)).toHaveLength(6);
    const admin = new Phone(f.admin);
    await admin.sync();
    expect(admin.of(job)).toHaveLength(6);
  });

  it('leaves a phone offline through two reassignments holding what the server says', async () => {
    const away = new Phone(tech1.device);
    await plan(tech1.id);
    await away.sync();
    expect(away.of(job)).toEqual(expect.arrayContaining(history));
    // Offline: the job goes to tech2, then back to tech1, then to tech2 again.
    await plan(tech2.id);
    await plan(tech1.id);
    await away.sync();
    expect(away.of(job)).toEqual(await serverHolds(tech1.device, job));
    expect(away.of(job)).toEqual(expect.arrayContaining(history));
    await plan(tech2.id);
    await plan(tech1.id);
    await plan(tech2.id);
    await away.sync();
    expect(away.of(job)).toEqual([]);
    const other = new Phone(tech2.device);
    await other.sync();
    expect(other.of(job)).toEqual(await serverHolds(tech2.device, job));
    // The comment and six plans.
    expect(eventsOf(other)).toHaveLength(7);
  });

  it('keeps a completion arriving after the job was reassigned, and takes it to the new holder', async () => {
    const old = new Phone(tech1.device);
    await plan(tech1.id);
    await old.sync();
    const startedAt = new Date().toISOString();
    await tech1.device.push([
      'report.set_status',
      { id: job, status: 'in_progress', event_id: newId(), at: startedAt },
    ]);
    await old.sync();
    // The admin gives the job to tech2 while tech1, offline, finishes it.
    await plan(tech2.id);
    const after = await tech1.device.attachPhoto(job, 'after', jpegBytes(1500, 6));
    expect(after.result?.status).toBe('applied');
    const doneAt = new Date().toISOString();
    const completion = newId();
    const done = await tech1.device.push(
      ['report.set_status', { id: job, status: 'completed', event_id: completion, at: doneAt }],
      ['comment.create', { id: newId(), report_id: job, body: 'Sudah selesai' }],
    );
    expect(done.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    // tech1's phone lets the job go once its work is in.
    await old.sync();
    expect(old.of(job)).toEqual([]);
    // tech2 holds the job, completed at tech1's time, with tech1's photo and kept events.
    const next = new Phone(tech2.device);
    await next.sync();
    const report = next.rows.get(`reports/${job}`);
    expect(report).toMatchObject({
      op: 'put',
      row: { status: 'completed', completed_at: doneAt, assignee_id: tech2.id },
    });
    expect(next.rows.has(`report_photos/${after.id}`)).toBe(true);
    const kept = [...next.rows.values()].flatMap((c) =>
      c.entity === 'report_events' && c.op === 'put' && c.row.actor_id === tech1.id
        ? [[c.row.kind, c.row.kept]]
        : [],
    );
    expect(kept).toEqual([
      ['status', false],
      ['status', true],
      ['comment', true],
    ]);
    // tech2 completes it too: kept, completed_at as it was.
    await tech2.device.attachPhoto(job, 'after', jpegBytes(1500, 7));
    await tech2.device.push([
      'report.set_status',
      { id: job, status: 'completed', event_id: newId(), at: new Date().toISOString() },
    ]);
    await next.sync();
    expect(next.rows.get(`reports/${job}`)).toMatchObject({ row: { completed_at: doneAt } });
  });

  it('hands a job back: unassigned, pending again, and gone from the phone of who handed it', async () => {
    const phone = new Phone(tech1.device);
    await plan(tech1.id);
    await tech1.device.push([
      'report.set_status',
      { id: job, status: 'in_progress', event_id: newId() },
    ]);
    await phone.sync();
    const handed = await tech1.device.push(['report.hand_back', { id: job, event_id: newId() }]);
    expect(handed.results[0]?.status).toBe('applied');
    await phone.sync();
    expect(phone.of(job)).toEqual([]);
    const admin = new Phone(f.admin);
    await admin.sync();
    expect(admin.rows.get(`reports/${job}`)).toMatchObject({
      row: { status: 'pending', assignee_id: null },
    });
    const handBack = [...admin.rows.values()].find(
      (c) => c.entity === 'report_events' && c.op === 'put' && c.row.kind === 'hand_back',
    );
    expect(handBack).toMatchObject({
      row: {
        actor_id: tech1.id,
        changes: { assignee_id: [tech1.id, null], status: ['in_progress', 'pending'] },
      },
    });
    // Handed back again from a phone that had not heard: nothing more happens.
    const again = await tech1.device.push(['report.hand_back', { id: job, event_id: newId() }]);
    expect(again.results[0]?.status).toBe('applied');
    expect((await phone.sync()).length).toBe(0);
  });

  it('sends releases and assigned rows to staff only, each change once, counted in remaining', async () => {
    await plan(tech1.id);
    await plan(tech2.id);
    await plan(tech1.id);
    const res = await f.t.request('/api/sync/pull?cursor=&limit=500', {
      token: tech1.device.token,
    });
    const page = (await res.json()) as PullResponse;
    const keys = page.changes.map((c) => `${c.entity}/${c.id}/${c.change_seq}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(page.changes.map((c) => c.change_seq)).toEqual(
      [...page.changes.map((c) => c.change_seq)].sort((a, b) => a - b),
    );
    expect(page.remaining).toBe(0);
    // Counted once each, releases included: what is past a short page is what it left.
    const short = await f.t.request('/api/sync/pull?cursor=&limit=2', {
      token: tech1.device.token,
    });
    expect(((await short.json()) as PullResponse).remaining).toBe(page.changes.length - 2);
    expect(page.changes.filter((c) => c.entity === 'reports' && c.op === 'delete')).toHaveLength(1);
    // A report both filed and assigned by the same person comes once.
    const own = newId();
    await tech1.device.push([
      'report.create',
      { id: own, area_id: f.areaId, work_type: 'repair', description: 'Sendiri' },
    ]);
    const ownChanges = (await tech1.device.pullAll()).filter((c) => c.id === own);
    expect(ownChanges).toHaveLength(1);
    // The admin is never sent a release.
    const admin = await f.admin.pullAll();
    expect(admin.filter((c) => c.entity === 'reports' && c.op === 'delete')).toEqual([]);
  });
});
