import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION, type PullResponse, type PushResponse } from '@urs/sync-protocol';
import { hashPassword } from '../lib/passwords.js';
import { testEngine } from '../test/databases.js';
import { TEST_PASSWORD } from '../test/harness.js';
import { FIRST_SCHOOL_ID } from './schools.js';
import { appOnUpgraded, type OldSchemaExec, upgradedFrom } from '../test/old-schema.js';

/*
 * The upgrade to jobs (migrations/0013_jobs.sql, migrations-pg/0008_jobs.sql): a school's data
 * in the schema before it is migrated; every report becomes its reporter's job, a completed one
 * gets the best completion time there is, photos carry the assignee for the pull, no change
 * number moves (a device's cursor brings nothing again), and the new wire fields reach the
 * devices with the next change. On each engine.
 */

const COUNTER = 30;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

type Exec = OldSchemaExec;

const FILED = '2026-11-20T03:04:05.678Z';
const RECEIVED = '2026-11-20T05:00:00.000Z';
const CHANGED = '2026-11-22T09:30:00.000Z';

interface Before {
  staff: string;
  admin: string;
  area: string;
  pending: string;
  /** Filed already completed: never changed after it arrived. */
  filedDone: string;
  /** Completed by a later change. */
  doneLater: string;
  photo: string;
}

async function fillOldSchema(exec: Exec): Promise<Before> {
  const hash = await hashPassword(TEST_PASSWORD, 10);
  const [admin, staff, area, pending, filedDone, doneLater, photo] = [
    newId(),
    newId(),
    newId(),
    newId(),
    newId(),
    newId(),
    newId(),
  ];
  const user = `INSERT INTO users (id, school_id, name, email, role, password_hash, created_at, updated_at, change_seq)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  await exec(
    user,
    admin,
    FIRST_SCHOOL_ID,
    'Admin',
    'admin@jobs.test',
    'admin',
    hash,
    FILED,
    FILED,
    1,
  );
  await exec(
    user,
    staff,
    FIRST_SCHOOL_ID,
    'Teknisi',
    'tek@jobs.test',
    'technician',
    hash,
    FILED,
    FILED,
    2,
  );
  await exec(
    'INSERT INTO areas (id, school_id, name, created_at, updated_at, change_seq) VALUES (?, ?, ?, ?, ?, ?)',
    area,
    FIRST_SCHOOL_ID,
    'Aula',
    FILED,
    FILED,
    3,
  );
  const report = `INSERT INTO reports (id, school_id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq)
     VALUES (?, ?, ?, ?, 'repair', ?, ?, ?, ?, ?, ?)`;
  await exec(
    report,
    pending,
    FIRST_SCHOOL_ID,
    staff,
    area,
    'Keran bocor',
    'pending',
    FILED,
    RECEIVED,
    RECEIVED,
    4,
  );
  await exec(
    report,
    filedDone,
    FIRST_SCHOOL_ID,
    staff,
    area,
    'Lampu diganti',
    'completed',
    FILED,
    RECEIVED,
    RECEIVED,
    5,
  );
  await exec(
    report,
    doneLater,
    FIRST_SCHOOL_ID,
    staff,
    area,
    'Pintu diperbaiki',
    'completed',
    FILED,
    RECEIVED,
    CHANGED,
    6,
  );
  await exec(
    `INSERT INTO report_photos (id, school_id, report_id, kind, sha256, mime_type, size_bytes, reporter_id, created_at, updated_at, change_seq)
     VALUES (?, ?, ?, 'before', ?, 'image/jpeg', 10, ?, ?, ?, ?)`,
    photo,
    FIRST_SCHOOL_ID,
    pending,
    'a'.repeat(64),
    staff,
    RECEIVED,
    RECEIVED,
    7,
  );
  await exec('UPDATE change_counter SET value = ?', COUNTER);
  return { staff, admin, area, pending, filedDone, doneLater, photo };
}

describe(`the upgrade to jobs (${testEngine})`, () => {
  it('makes every report its reporter’s job, dates completions, and moves no change number of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-jobs-migration-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0013_jobs',
      pgTag: '0008_jobs',
      pgWireTables: ['users', 'areas', 'reports', 'report_photos'],
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });

    const reports = await db.rows<{
      id: string;
      assignee_id: string | null;
      priority: string;
      due_date: string | null;
      due_time: string | null;
      completed_at: string | null;
      origin: string;
      change_seq: number;
    }>(
      'SELECT id, assignee_id, priority, due_date, due_time, completed_at, origin, change_seq FROM reports ORDER BY change_seq',
      [],
    );
    const job = { assignee_id: before.staff, priority: 'normal', due_date: null, due_time: null };
    // The jobs' migration moves no change number; the later one that numbers reports
    // (0016_report_numbers) gives every live report the next ones, in their old order.
    expect(reports.map((r) => ({ ...r, change_seq: Number(r.change_seq) }))).toEqual([
      { id: before.pending, ...job, completed_at: null, origin: 'staff', change_seq: COUNTER + 1 },
      // Filed done and never changed since: its filing time is when it was done.
      {
        id: before.filedDone,
        ...job,
        completed_at: FILED,
        origin: 'staff',
        change_seq: COUNTER + 2,
      },
      // Completed by a later change: the time of that change, the best there is.
      {
        id: before.doneLater,
        ...job,
        completed_at: CHANGED,
        origin: 'staff',
        change_seq: COUNTER + 3,
      },
    ]);
    expect(await db.rows('SELECT id, reporter_id, assignee_id FROM report_photos', [])).toEqual([
      { id: before.photo, reporter_id: before.staff, assignee_id: before.staff },
    ]);
    for (const table of ['report_events', 'report_releases']) {
      const [row] = await db.rows<{ n: number }>(`SELECT count(*) AS n FROM ${table}`, []);
      expect(Number(row?.n), table).toBe(0);
    }

    const { send, signIn } = appOnUpgraded(db, dir);
    const staffToken = await signIn('tek@jobs.test');
    const pull = async (cursor: number | '') => {
      const res = await send(`/api/sync/pull?cursor=${cursor}`, { token: staffToken });
      expect(res.status).toBe(200);
      return (await res.json()) as PullResponse;
    };

    // A device that pulled up to the counter before the upgrade fetches its reports again for
    // their numbers (0016_report_numbers), and nothing else: the jobs' migration moved nothing.
    expect((await pull(COUNTER)).changes.map((c) => [c.entity, c.id])).toEqual([
      ['reports', before.pending],
      ['reports', before.filedDone],
      ['reports', before.doneLater],
    ]);
    // A first sync after it sees the reports as jobs, wire fields and all (on PostgreSQL from
    // the stored change start-up rewrote through the new builder).
    const first = await pull('');
    const pulled = first.changes.flatMap((c) =>
      c.entity === 'reports' && c.op === 'put' ? [c.row] : [],
    );
    expect(pulled.map((r) => [r.id, r.assignee_id, r.priority, r.origin, r.completed_at])).toEqual([
      [before.pending, before.staff, 'normal', 'staff', null],
      [before.filedDone, before.staff, 'normal', 'staff', FILED],
      [before.doneLater, before.staff, 'normal', 'staff', CHANGED],
    ]);
    expect(first.changes.filter((c) => c.entity === 'report_photos').map((c) => c.id)).toEqual([
      before.photo,
    ]);

    // The device's queued work carries on: a completion of the pending job it holds.
    const pushed = await send('/api/sync/push', {
      token: staffToken,
      json: {
        protocol_version: PROTOCOL_VERSION,
        client_id: newId(),
        mutations: [
          {
            id: newId(),
            seq: 1,
            name: 'report.set_status',
            args: { id: before.pending, status: 'in_progress' },
            at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(pushed.status).toBe(200);
    expect(((await pushed.json()) as PushResponse).results.map((r) => r.status)).toEqual([
      'applied',
    ]);
    const next = await pull(COUNTER + 3);
    expect(next.changes.map((c) => [c.entity, c.id])).toContainEqual(['reports', before.pending]);
  });
});
