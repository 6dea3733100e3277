// @vitest-environment jsdom
import { newId } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UrsDatabase } from '../../../db/database.js';
import { openTestDatabase, reportCreate, reportRow } from '../../../test/sync-fixtures.js';
import { myReportsPage } from './report-queries.js';

const ME = newId();
const OTHER = newId();
let db: UrsDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

/** `n` reports of `userId`, filed a minute apart; descriptions number them from the oldest. */
async function filed(userId: string, n: number) {
  const start = Date.parse('2026-11-01T08:00:00.000Z');
  await db.reports.bulkPut(
    Array.from({ length: n }, (_, i) => {
      const at = new Date(start + i * 60_000).toISOString();
      return reportRow(reportCreate({ description: `Laporan ${i + 1}` }), userId, at);
    }),
  );
}

const numbers = (page: { rows: { description: string }[] }) =>
  page.rows.map((row) => Number(row.description.replace('Laporan ', '')));

describe('myReportsPage', () => {
  it("reads one page of the user's own reports, last filed first, and counts them all", async () => {
    await filed(ME, 25);
    await filed(OTHER, 3);
    const first = await myReportsPage(db, ME, 1, 10);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 25 });
    expect(numbers(first)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    const last = await myReportsPage(db, ME, 3, 10);
    expect(numbers(last)).toEqual([5, 4, 3, 2, 1]);
    expect(last.rows.every((row) => row.reporter_id === ME)).toBe(true);
  });

  it('shows the nearest page for one out of range, and the first for an empty list', async () => {
    await filed(ME, 12);
    expect(await myReportsPage(db, ME, 9, 10)).toMatchObject({ page: 2, pages: 2, total: 12 });
    expect(await myReportsPage(db, ME, Number.NaN, 10)).toMatchObject({ page: 1 });
    expect(await myReportsPage(db, OTHER, 1, 10)).toEqual({
      rows: [],
      page: 1,
      pages: 1,
      total: 0,
    });
  });
});
