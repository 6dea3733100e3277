import { afterEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION, type PullResponse, type User } from '@urs/sync-protocol';
import type { EntityRow, OutboxEntry, UrsDatabase } from '../db/database.js';
import { enqueue } from './outbox.js';
import { applyPullPage, pullChanges } from './pull.js';
import { ensureSyncState } from './sync-state.js';
import {
  FIXED_NOW,
  openTestDatabase,
  photoRow,
  reportCreate,
  reportRow,
} from '../test/sync-fixtures.js';
import { testUser } from '../test/user.js';

/*
 * Decision 028, "Who holds a job on their phone": a report that leaves the device (the server
 * took the job from this user, or deleted it) takes its photos and timeline along, unless
 * unsent work still holds it; then it leaves when that work is settled.
 */

const databases: UrsDatabase[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

const me: User = testUser({
  id: newId(),
  name: 'Bambang',
  email: 'bambang@sekolah.test',
  created_at: FIXED_NOW,
  updated_at: FIXED_NOW,
});
const ADMIN = newId();

async function freshDevice(): Promise<UrsDatabase> {
  const db = openTestDatabase();
  databases.push(db);
  await ensureSyncState(db, me.id);
  return db;
}

/** A job an admin filed and assigned to me, with a before photo and one timeline event. */
function job() {
  const report = { ...reportRow(reportCreate(), ADMIN, FIXED_NOW), assignee_id: me.id };
  const photo = photoRow(report.id, FIXED_NOW);
  const event: EntityRow<'report_events'> = {
    id: newId(),
    report_id: report.id,
    actor_id: ADMIN,
    kind: 'job',
    changes: { assignee_id: [null, me.id] },
    body: null,
    kept: false,
    occurred_at: FIXED_NOW,
    created_at: FIXED_NOW,
    updated_at: FIXED_NOW,
  };
  return { report, photo, event };
}

let seq = 0;
let cursor = 0;

/** The next page after the stored cursor, as the server sends it. */
async function pullPage(db: UrsDatabase, changes: PullResponse['changes']) {
  const from = cursor === 0 ? '' : String(cursor);
  cursor += 1;
  await applyPullPage(db, me.id, from, {
    protocol_version: PROTOCOL_VERSION,
    changes,
    cursor: String(cursor),
    has_more: false,
    remaining: 0,
    unread_announcements: 0,
    me,
  });
}

type JobEntity = 'reports' | 'report_photos' | 'report_events';
type PutOf<E extends JobEntity> = Extract<
  PullResponse['changes'][number],
  { entity: E; op: 'put' }
>;
const putOf = <E extends JobEntity>(entity: E, row: PutOf<E>['row']): PutOf<E> =>
  ({ entity, op: 'put', id: row.id, change_seq: ++seq, row }) as PutOf<E>;
const release = (reportId: string): PullResponse['changes'][number] => ({
  entity: 'reports',
  op: 'delete',
  id: reportId,
  change_seq: ++seq,
});

/** The device holds the job, pulled; the photo's bytes are mine and uploaded. */
async function deviceWithJob() {
  cursor = 0;
  const db = await freshDevice();
  const held = job();
  await pullPage(db, [
    putOf('reports', held.report),
    putOf('report_photos', held.photo),
    putOf('report_events', held.event),
  ]);
  await db.photos.put({
    id: held.photo.id,
    user_id: me.id,
    bytes: new ArrayBuffer(4),
    mime_type: 'image/jpeg',
    sha256: held.photo.sha256,
    size_bytes: 4,
    uploaded: 1,
    upload_error: null,
    created_at: FIXED_NOW,
  });
  return { db, ...held };
}

async function onDevice(db: UrsDatabase, ids: { report: string; photo: string; event: string }) {
  return {
    report: (await db.reports.get(ids.report)) !== undefined,
    photo: (await db.report_photos.get(ids.photo)) !== undefined,
    event: (await db.report_events.get(ids.event)) !== undefined,
    bytes: (await db.photos.get(ids.photo)) !== undefined,
  };
}

/** The push's answer "applied": the entry leaves the queue. */
async function settle(db: UrsDatabase, entry: OutboxEntry) {
  await db.outbox.delete(entry.id);
}

/** A pull with nothing new: what ends every sync cycle (and releases settled shadows). */
async function quietPull(db: UrsDatabase) {
  const from = String(cursor);
  await pullChanges(
    db,
    {
      pull: () =>
        Promise.resolve({
          protocol_version: PROTOCOL_VERSION,
          changes: [],
          cursor: from,
          has_more: false,
          remaining: 0,
          unread_announcements: 0,
          me,
        }),
    },
    me.id,
  );
}

describe('a report leaving the device', () => {
  it('takes its photos, its timeline and the bytes of my uploaded photos along', async () => {
    const { db, report, photo, event } = await deviceWithJob();
    const other = job();
    await pullPage(db, [putOf('reports', other.report), putOf('report_events', other.event)]);

    await pullPage(db, [release(report.id)]);

    const ids = { report: report.id, photo: photo.id, event: event.id };
    expect(await onDevice(db, ids)).toEqual({
      report: false,
      photo: false,
      event: false,
      bytes: false,
    });
    // Another job's rows are not touched.
    expect(await db.reports.get(other.report.id)).toBeDefined();
    expect(await db.report_events.get(other.event.id)).toBeDefined();
  });

  it('keeps the bytes of a photo not uploaded yet, and of another user of the device', async () => {
    const { db, report, photo } = await deviceWithJob();
    const second = photoRow(report.id, FIXED_NOW, { position: 1 });
    await pullPage(db, [putOf('report_photos', second)]);
    await db.photos.update(photo.id, { uploaded: 0 });
    await db.photos.put({
      ...(await db.photos.get(photo.id))!,
      id: second.id,
      user_id: newId(),
      uploaded: 1,
    });

    await pullPage(db, [release(report.id)]);

    expect(await db.report_photos.count()).toBe(0);
    expect((await db.photos.toCollection().primaryKeys()).sort()).toEqual(
      [photo.id, second.id].sort(),
    );
  });

  it('stays with everything while my completion of it is unsent, and leaves once it is settled', async () => {
    const { db, report, photo, event } = await deviceWithJob();
    const eventId = newId();
    const completion = await enqueue(
      db,
      me.id,
      'report.set_status',
      { id: report.id, status: 'completed', event_id: eventId, at: FIXED_NOW },
      [
        { entity: 'reports', op: 'put', row: { ...report, status: 'completed' } },
        {
          entity: 'report_events',
          op: 'put',
          row: {
            ...event,
            id: eventId,
            kind: 'status',
            changes: { status: ['pending', 'completed'] },
          },
        },
      ],
    );

    // Reassigned while this phone was offline: the release arrives before the completion went.
    await pullPage(db, [release(report.id)]);
    const ids = { report: report.id, photo: photo.id, event: event.id };
    expect(await onDevice(db, ids)).toEqual({
      report: true,
      photo: true,
      event: true,
      bytes: true,
    });
    expect(await db.reports.get(report.id)).toMatchObject({ status: 'completed' });
    expect(await db.report_events.get(eventId)).toBeDefined();
    expect(await db.shadows.get(['reports', report.id])).toMatchObject({ row: null });

    // A pull while it is still queued changes nothing.
    await quietPull(db);
    expect(await onDevice(db, ids)).toEqual({
      report: true,
      photo: true,
      event: true,
      bytes: true,
    });

    // The server accepts the completion (kept under decision 028's rules); the report leaves.
    await settle(db, completion);
    await quietPull(db);
    expect(await onDevice(db, ids)).toEqual({
      report: false,
      photo: false,
      event: false,
      bytes: false,
    });
    expect(await db.report_events.get(eventId)).toBeUndefined();
    expect(await db.shadows.count()).toBe(0);
  });

  it('stays while only my comment on it is unsent', async () => {
    const { db, report, photo, event } = await deviceWithJob();
    const commentId = newId();
    const comment = await enqueue(
      db,
      me.id,
      'comment.create',
      { id: commentId, report_id: report.id, body: 'Sudah dicek', at: FIXED_NOW },
      [
        {
          entity: 'report_events',
          op: 'put',
          row: { ...event, id: commentId, kind: 'comment', changes: {}, body: 'Sudah dicek' },
        },
      ],
    );

    await pullPage(db, [release(report.id)]);
    await quietPull(db);
    const ids = { report: report.id, photo: photo.id, event: event.id };
    expect(await onDevice(db, ids)).toEqual({
      report: true,
      photo: true,
      event: true,
      bytes: true,
    });
    expect(await db.report_events.get(commentId)).toBeDefined();

    await settle(db, comment);
    await quietPull(db);
    expect(await db.reports.count()).toBe(0);
    expect(await db.report_photos.count()).toBe(0);
    expect(await db.report_events.count()).toBe(0);
  });

  it('comes back with its history when it is assigned to me again', async () => {
    const { db, report, photo, event } = await deviceWithJob();
    await pullPage(db, [release(report.id)]);
    expect(await db.reports.get(report.id)).toBeUndefined();

    // Assigned again: the server bumps the report, its photos and events past the release.
    await pullPage(db, [
      putOf('report_photos', photo),
      putOf('report_events', event),
      putOf('reports', { ...report, status: 'in_progress' }),
    ]);
    const ids = { report: report.id, photo: photo.id, event: event.id };
    expect(await onDevice(db, ids)).toMatchObject({ report: true, photo: true, event: true });
  });
});
