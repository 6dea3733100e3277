import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, type PullResponse } from '@urs/sync-protocol';
import { hashPassword } from '../lib/passwords.js';
import { testEngine } from '../test/databases.js';
import { TEST_PASSWORD } from '../test/harness.js';
import { appOnUpgraded, type OldSchemaExec, upgradedFrom } from '../test/old-schema.js';
import { nextReportNumber } from './report-numbers.js';
import { FIRST_SCHOOL_ID } from './schools.js';

/*
 * The upgrade that numbers reports (migrations/0016_report_numbers.sql,
 * migrations-pg/0011_report_numbers.sql): every report gets the number the server would have
 * given it, per school and per year of its arrival in WIB, in filing order; the live ones take
 * new change numbers so devices pull them again with their numbers; the count goes on from
 * there. On each engine.
 */

const COUNTER = 50;
const OTHER_COUNTER = 7;
const WIB = { offsetMinutes: 7 * 60 };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

interface Filed {
  id: string;
  /** Filing time on the device. */
  reportedAt: string;
  /** Arrival at the server. */
  createdAt: string;
  changeSeq: number;
  deleted?: boolean;
}

interface Before {
  other: string;
  /** The first school's reports by name. */
  mine: Record<string, Filed>;
  /** The other school's one report. */
  theirs: string;
}

/** The first school's reports, in the order they were written (change_seq). */
const MINE: Record<string, Omit<Filed, 'id'>> = {
  // Arrived in 2025 (UTC and WIB alike).
  old: {
    reportedAt: '2025-06-01T02:00:00.000Z',
    createdAt: '2025-06-01T02:05:00.000Z',
    changeSeq: 4,
  },
  // Filed in 2025 but arrived 01:00 WIB on 1 January 2026 (still 2025 in UTC): a 2026 number.
  newYear: {
    reportedAt: '2025-12-31T10:00:00.000Z',
    createdAt: '2025-12-31T18:00:00.000Z',
    changeSeq: 5,
  },
  // Arrived before `filedFirst` but filed after it: filing order decides.
  filedLater: {
    reportedAt: '2026-03-02T01:00:00.000Z',
    createdAt: '2026-03-02T01:01:00.000Z',
    changeSeq: 6,
  },
  filedFirst: {
    reportedAt: '2026-03-01T01:00:00.000Z',
    createdAt: '2026-03-05T01:00:00.000Z',
    changeSeq: 7,
  },
  // Deleted: numbered in its place (as it was when it arrived), its tombstone left as it is.
  deleted: {
    reportedAt: '2026-04-01T01:00:00.000Z',
    createdAt: '2026-04-01T01:00:00.000Z',
    changeSeq: 8,
    deleted: true,
  },
  last: {
    reportedAt: '2026-05-01T01:00:00.000Z',
    createdAt: '2026-05-01T01:00:00.000Z',
    changeSeq: 9,
  },
};

async function fillOldSchema(exec: OldSchemaExec): Promise<Before> {
  const hash = await hashPassword(TEST_PASSWORD, 10);
  const at = '2025-01-01T00:00:00.000Z';
  const other = newId();
  await exec(
    'INSERT INTO schools (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
    other,
    'SMP Lain',
    at,
    at,
  );
  await exec('INSERT INTO change_counter (school_id, value) VALUES (?, ?)', other, OTHER_COUNTER);
  const user = `INSERT INTO users (id, school_id, name, email, role, password_hash, created_at, updated_at, change_seq)
    VALUES (?, ?, ?, ?, 'admin', ?, ?, ?, ?)`;
  const area = `INSERT INTO areas (id, school_id, name, created_at, updated_at, change_seq) VALUES (?, ?, 'Aula', ?, ?, ?)`;
  const report = `INSERT INTO reports (id, school_id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq, deleted_at)
     VALUES (?, ?, ?, ?, 'repair', ?, 'pending', ?, ?, ?, ?, ?)`;
  const [admin, otherAdmin, myArea, theirArea] = [newId(), newId(), newId(), newId()];
  await exec(user, admin, FIRST_SCHOOL_ID, 'Admin', 'admin@nomor.test', hash, at, at, 1);
  await exec(area, myArea, FIRST_SCHOOL_ID, at, at, 2);
  await exec(user, otherAdmin, other, 'Admin Lain', 'admin@lain.test', hash, at, at, 1);
  await exec(area, theirArea, other, at, at, 2);
  const mine: Record<string, Filed> = {};
  for (const [name, r] of Object.entries(MINE)) {
    const id = newId();
    mine[name] = { id, ...r };
    await exec(
      report,
      id,
      FIRST_SCHOOL_ID,
      admin,
      myArea,
      name,
      r.reportedAt,
      r.createdAt,
      r.createdAt,
      r.changeSeq,
      r.deleted === true ? r.createdAt : null,
    );
  }
  const theirs = newId();
  const t = MINE['last'];
  if (t === undefined) throw new Error('no report named last');
  await exec(
    report,
    theirs,
    other,
    otherAdmin,
    theirArea,
    'theirs',
    t.reportedAt,
    t.createdAt,
    t.createdAt,
    3,
    null,
  );
  await exec('UPDATE change_counter SET value = ? WHERE school_id = ?', COUNTER, FIRST_SCHOOL_ID);
  return { other, mine, theirs };
}

describe(`the upgrade that numbers reports (${testEngine})`, () => {
  it('numbers every report per school and year of arrival in filing order, and devices pull them again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-report-numbers-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0016_report_numbers',
      pgTag: '0011_report_numbers',
      pgWireTables: ['users', 'areas', 'reports'],
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });
    const { mine } = before;
    const id = (name: string) => mine[name]?.id;

    const rows = await db.rows<{ id: string; number: string; change_seq: number }>(
      'SELECT id, number, change_seq FROM reports WHERE school_id = ? ORDER BY change_seq',
      [FIRST_SCHOOL_ID],
    );
    expect(rows.map((r) => [r.id, r.number, Number(r.change_seq)])).toEqual([
      // The tombstone keeps its change number; its own number is taken in filing order.
      [id('deleted'), 'LAP-2026-000004', 8],
      // The live ones follow the counter, in their old order.
      [id('old'), 'LAP-2025-000001', COUNTER + 1],
      [id('newYear'), 'LAP-2026-000001', COUNTER + 2],
      [id('filedLater'), 'LAP-2026-000003', COUNTER + 3],
      [id('filedFirst'), 'LAP-2026-000002', COUNTER + 4],
      [id('last'), 'LAP-2026-000005', COUNTER + 5],
    ]);
    // The other school counts its own, from its own counter.
    const theirs = await db.rows<{ number: string; change_seq: number }>(
      'SELECT number, change_seq FROM reports WHERE school_id = ?',
      [before.other],
    );
    expect(theirs.map((r) => [r.number, Number(r.change_seq)])).toEqual([
      ['LAP-2026-000001', OTHER_COUNTER + 1],
    ]);
    const counters = await db.rows<{ school_id: string; value: number }>(
      'SELECT school_id, value FROM change_counter ORDER BY value',
      [],
    );
    expect(counters.map((c) => [c.school_id, Number(c.value)])).toEqual([
      [before.other, OTHER_COUNTER + 1],
      [FIRST_SCHOOL_ID, COUNTER + 5],
    ]);

    // The next report of each year goes on from the backfilled ones.
    await db.write(async (tx) => {
      expect(await nextReportNumber(tx, FIRST_SCHOOL_ID, '2026-06-01T00:00:00.000Z', WIB)).toBe(
        'LAP-2026-000006',
      );
      expect(await nextReportNumber(tx, FIRST_SCHOOL_ID, '2025-06-02T00:00:00.000Z', WIB)).toBe(
        'LAP-2025-000002',
      );
      expect(await nextReportNumber(tx, before.other, '2026-06-01T00:00:00.000Z', WIB)).toBe(
        'LAP-2026-000002',
      );
    });

    // A device that had pulled everything before the upgrade gets the live reports again, with
    // their numbers (on PostgreSQL from the stored change start-up rewrote).
    const { send, signIn } = appOnUpgraded(db, dir);
    const token = await signIn('admin@nomor.test');
    const res = await send(`/api/sync/pull?cursor=${COUNTER}`, { token });
    expect(res.status).toBe(200);
    const pulled = ((await res.json()) as PullResponse).changes.flatMap((c) =>
      c.entity === 'reports' && c.op === 'put' ? [[c.id, c.row.number]] : [],
    );
    expect(pulled).toEqual([
      [id('old'), 'LAP-2025-000001'],
      [id('newYear'), 'LAP-2026-000001'],
      [id('filedLater'), 'LAP-2026-000003'],
      [id('filedFirst'), 'LAP-2026-000002'],
      [id('last'), 'LAP-2026-000005'],
    ]);
  });
});
