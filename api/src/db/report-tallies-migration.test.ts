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
 * The upgrade that keeps the analytics' report figures (migrations/0021_kept_report_figures.sql,
 * migrations-pg/0016_kept_report_figures.sql): the reports there already are counted, per school,
 * in WIB, as a recount from the code counts them; the triggers then keep them. On each engine.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

const WIB = { offsetMinutes: 420 };

async function fillOldSchema(exec: OldSchemaExec): Promise<{ other: string; firstArea: string }> {
  const at = '2025-01-01T00:00:00.000Z';
  const other = await oldSecondSchool(exec, at);
  const { user, area } = OLD_INSERT;
  const report = `INSERT INTO reports (id, school_id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq, deleted_at, origin)
     VALUES (?, ?, ?, ?, 'repair', 'x', ?, ?, ?, ?, ?, ?, ?)`;
  let seq = 0;
  let firstArea = '';
  for (const school of [FIRST_SCHOOL_ID, other]) {
    const people = [newId(), newId()];
    const places = [newId(), newId()];
    for (const [i, id] of people.entries()) {
      await exec(
        user,
        id,
        school,
        `Staf ${i}`,
        `staf${i}@${school}.test`,
        i === 0 ? 'gardener' : 'admin',
        at,
        at,
        ++seq,
      );
    }
    for (const [i, id] of places.entries()) {
      await exec(area, id, school, `Area ${i}`, at, at, ++seq);
    }
    if (school === FIRST_SCHOOL_ID) firstArea = places[0] ?? '';
    // Filing times on either side of a WIB midnight (17:00 UTC), some deleted, some by poster.
    for (let i = 0; i < 40; i++) {
      const filed = new Date(Date.parse('2026-10-01T15:00:00.000Z') + i * 5_400_000).toISOString();
      await exec(
        report,
        newId(),
        school,
        people[i % 2],
        places[(i >> 1) % 2],
        REPORT_STATUSES[i % 4],
        filed,
        filed,
        filed,
        ++seq,
        i % 7 === 0 ? filed : null,
        i % 5 === 0 ? 'poster' : 'staff',
      );
    }
  }
  return { other, firstArea };
}

type Figures = Record<string, Record<string, unknown>[]>;

async function kept(db: Db, school: string): Promise<Figures> {
  const out: Figures = {};
  for (const table of [
    'report_totals',
    'report_days',
    'report_area_days',
    'report_reporter_days',
  ]) {
    const rows = await db.rows<Record<string, unknown>>(
      `SELECT * FROM ${table} WHERE school_id = ? AND n <> 0 ORDER BY 1, 2, 3`,
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

describe(`the upgrade that keeps the report figures (${testEngine})`, () => {
  it('counts every school’s reports there already as a recount does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-report-tallies-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0021_kept_report_figures',
      pgTag: '0016_kept_report_figures',
      pgWireTables: ['users', 'areas', 'reports'],
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });
    for (const school of [FIRST_SCHOOL_ID, before.other]) {
      const migrated = await kept(db, school);
      // 40 reports, the deleted ones left out.
      const totals = migrated['report_totals'] ?? [];
      expect(totals.reduce((sum, r) => sum + Number(r['n']), 0)).toBe(34);
      // Two WIB days and a third: 15:00 UTC on the first is 22:00 WIB, 40 x 90 min later the 4th.
      expect((migrated['report_days'] ?? []).map((r) => r['day'])).toEqual([
        '2026-10-01',
        '2026-10-02',
        '2026-10-03',
        '2026-10-04',
      ]);
      await db.write((tx) => recountSchool(tx, school, WIB));
      expect(await kept(db, school)).toEqual(migrated);
    }
    // The triggers run from the upgrade on.
    await db.write((tx) =>
      tx.update(reports).set({ status: 'cancelled' }).where(eq(reports.areaId, before.firstArea)),
    );
    const after = await kept(db, FIRST_SCHOOL_ID);
    await db.write((tx) => recountSchool(tx, FIRST_SCHOOL_ID, WIB));
    expect(await kept(db, FIRST_SCHOOL_ID)).toEqual(after);
    expect(
      (after['report_totals'] ?? [])
        .filter((r) => r['area_id'] === before.firstArea)
        .map((r) => r['status']),
    ).toEqual(['cancelled']);
  });
});
