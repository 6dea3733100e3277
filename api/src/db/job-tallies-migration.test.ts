import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, REPORT_STATUSES } from '@urs/sync-protocol';
import { recountSchool } from '../services/report-tallies.js';
import { testEngine } from '../test/databases.js';
import {
  OLD_INSERT,
  oldSecondSchool,
  type OldSchemaExec,
  upgradedFrom,
} from '../test/old-schema.js';
import type { Db } from './handles.js';
import { reports } from './schema.js';
import { FIRST_SCHOOL_ID } from './schools.js';

/*
 * The upgrade that keeps the analytics' job figures (migrations/0023_kept_job_figures.sql,
 * migrations-pg/0018_kept_job_figures.sql): the jobs there already are counted, per school, in
 * WIB, as a recount from the code counts them; the triggers then keep them. On each engine.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

const WIB = { offsetMinutes: 420 };
const pad = (n: number) => String(n).padStart(2, '0');

async function fillOldSchema(exec: OldSchemaExec): Promise<{ other: string; worker: string }> {
  const at = '2025-01-01T00:00:00.000Z';
  const other = await oldSecondSchool(exec, at);
  const { user, area } = OLD_INSERT;
  const report = `INSERT INTO reports (id, school_id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq, deleted_at, assignee_id, due_date, due_time, completed_at)
     VALUES (?, ?, ?, ?, 'repair', 'x', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  let seq = 0;
  let worker = '';
  for (const school of [FIRST_SCHOOL_ID, other]) {
    const people = [newId(), newId()];
    const place = newId();
    for (const [i, id] of people.entries()) {
      await exec(
        user,
        id,
        school,
        `Staf ${i}`,
        `staf${i}@${school}.test`,
        'technician',
        at,
        at,
        ++seq,
      );
    }
    await exec(area, place, school, 'Area', at, at, ++seq);
    if (school === FIRST_SCHOOL_ID) worker = people[0] ?? '';
    // Jobs of either person or the queue, due over three months with and without a time,
    // completed minutes to days after filing, on either side of a WIB midnight; some deleted.
    for (let i = 0; i < 60; i++) {
      const filed = Date.parse('2026-10-01T15:00:00.000Z') + i * 37 * 3_600_000;
      const status = REPORT_STATUSES[i % 4] ?? 'pending';
      const due =
        i % 5 === 0
          ? null
          : new Date(filed + ((i % 9) - 3) * 86_400_000).toISOString().slice(0, 10);
      await exec(
        report,
        newId(),
        school,
        people[0],
        place,
        status,
        new Date(filed).toISOString(),
        at,
        at,
        ++seq,
        i % 11 === 0 ? at : null,
        i % 3 === 0 ? null : people[i % 2],
        due,
        due !== null && i % 2 === 0 ? `${pad(i % 24)}:${pad((i * 7) % 60)}` : null,
        status === 'completed' ? new Date(filed + i * i * 97_000).toISOString() : null,
      );
    }
  }
  return { other, worker };
}

type Figures = Record<string, Record<string, unknown>[]>;

async function kept(db: Db, school: string): Promise<Figures> {
  const out: Figures = {};
  for (const table of ['job_open_months', 'job_open_days', 'job_done_days']) {
    const rows = await db.rows<Record<string, unknown>>(
      `SELECT * FROM ${table} WHERE school_id = ? AND n <> 0 ORDER BY 1, 2, 3, 4`,
      [school],
    );
    out[table] = rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
      ),
    );
  }
  return out;
}

const sum = (rows: Record<string, unknown>[] | undefined, key = 'n') =>
  (rows ?? []).reduce((total, r) => total + Number(r[key]), 0);

describe(`the upgrade that keeps the job figures (${testEngine})`, () => {
  it('counts every school’s jobs there already as a recount does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-job-tallies-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0023_kept_job_figures',
      pgTag: '0018_kept_job_figures',
      pgWireTables: ['users', 'areas', 'reports'],
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });
    for (const school of [FIRST_SCHOOL_ID, before.other]) {
      const migrated = await kept(db, school);
      // 60 jobs, 5 deleted (i % 11 == 0): 27 open and 14 completed of the live ones.
      expect(sum(migrated['job_open_months'])).toBe(27);
      expect(sum(migrated['job_done_days'])).toBe(14);
      expect(sum(migrated['job_done_days'], 'on_time')).toBeGreaterThan(0);
      expect(sum(migrated['job_open_days'])).toBeLessThan(27);
      await db.write((tx) => recountSchool(tx, school, WIB));
      expect(await kept(db, school)).toEqual(migrated);
    }
    // The triggers run from the upgrade on.
    await db.write((tx) =>
      tx
        .update(reports)
        .set({ status: 'completed', completedAt: '2026-12-01T03:00:00.000Z' })
        .where(eq(reports.assigneeId, before.worker)),
    );
    const after = await kept(db, FIRST_SCHOOL_ID);
    await db.write((tx) => recountSchool(tx, FIRST_SCHOOL_ID, WIB));
    expect(await kept(db, FIRST_SCHOOL_ID)).toEqual(after);
    expect(
      (after['job_open_months'] ?? []).filter((r) => r['assignee_id'] === before.worker),
    ).toEqual([]);
  });
});
