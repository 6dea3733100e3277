import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId, type Report, type ReportStatus } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../db/database.js';
import { summarize } from './dashboard-stats.js';
import { loadDashboardSummary } from './dashboard-summary.js';
import { testReport } from '../../test/report.js';

const ADMIN = newId();
const STAFF = newId();
const NOW = new Date(2026, 10, 19, 12, 0); // Thursday
const HOUR_MS = 3_600_000;

let db: UrsDatabase;

/** Reports every nine hours over the past 60 days, in every status, by two reporters. */
function aSchoolsReports(): Report[] {
  const statuses: ReportStatus[] = ['pending', 'in_progress', 'completed', 'cancelled'];
  return Array.from({ length: 160 }, (_, i) =>
    testReport(
      newId(),
      new Date(NOW.getTime() - i * 9 * HOUR_MS),
      statuses[i % statuses.length] ?? 'pending',
      { reporter: i % 3 === 0 ? STAFF : ADMIN },
    ),
  );
}

beforeEach(() => {
  db = openUrsDatabase(`urs-dashboard-test-${newId()}`, { indexedDB, IDBKeyRange });
});

afterEach(() => db.close());

describe("the dashboard's figures from the device", () => {
  it('gives an admin the same figures as summing up every report on the device', async () => {
    const reports = aSchoolsReports();
    await db.reports.bulkPut(reports);
    const summary = await loadDashboardSummary(db, { userId: ADMIN, isAdmin: true }, NOW);
    expect(summary).toEqual(summarize(reports, NOW));
    expect(summary.total).toBe(160);
    expect(summary.latest).toHaveLength(5);
  });

  it('counts a staff member only their own reports', async () => {
    const reports = aSchoolsReports();
    await db.reports.bulkPut(reports);
    const own = reports.filter((r) => r.reporter_id === STAFF);
    const summary = await loadDashboardSummary(db, { userId: STAFF, isAdmin: false }, NOW);
    expect(summary).toEqual(summarize(own, NOW));
    expect(summary.latest.every((r) => r.reporter_id === STAFF)).toBe(true);
  });

  it('shows an empty device as zeros and no recent reports', async () => {
    const summary = await loadDashboardSummary(db, { userId: ADMIN, isAdmin: true }, NOW);
    expect(summary).toEqual({
      week: { total: 0, pending: 0, completed: 0 },
      total: 0,
      completed: 0,
      latest: [],
    });
  });
});
