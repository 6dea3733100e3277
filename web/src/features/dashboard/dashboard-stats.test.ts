import { describe, expect, it } from 'vitest';
import type { Report, ReportStatus } from '@urs/sync-protocol';
import { testReport } from '../../test/report.js';
import { startOfWeek, summarize } from './dashboard-stats.js';

/** A report filed on the device at `filed`, received by the server at `received`. */
function report(id: string, filed: Date, status: ReportStatus, received = filed): Report {
  return testReport(id, filed, status, { received });
}

describe('dashboard summary', () => {
  it('starts the week on Monday at local midnight', () => {
    const sunday = new Date(2026, 10, 22, 15, 0); // Sunday 22 Nov 2026
    expect(startOfWeek(sunday)).toEqual(new Date(2026, 10, 16));
    const monday = new Date(2026, 10, 16, 0, 5);
    expect(startOfWeek(monday)).toEqual(new Date(2026, 10, 16));
  });

  it('counts this week, totals, and lists the last seven days newest first', () => {
    const now = new Date(2026, 10, 19, 12, 0); // Thursday
    const reports = [
      report('mon', new Date(2026, 10, 16, 8), 'pending'),
      report('wed', new Date(2026, 10, 18, 8), 'completed'),
      report('thu', new Date(2026, 10, 19, 9), 'in_progress'),
      report('lastSun', new Date(2026, 10, 15, 23), 'pending'),
      report('old', new Date(2026, 9, 1), 'completed'),
    ];
    const summary = summarize(reports, now);
    expect(summary.week).toEqual({ total: 3, pending: 1, completed: 1 });
    expect(summary.total).toBe(5);
    expect(summary.completed).toBe(2);
    expect(summary.latest.map((r) => r.id)).toEqual(['thu', 'wed', 'mon', 'lastSun']);
    expect(summarize(reports, now, 2).latest.map((r) => r.id)).toEqual(['thu', 'wed']);
  });

  it('counts a report in the week it was filed on the device, whenever the server received it', () => {
    const now = new Date(2026, 10, 19, 12, 0); // Thursday
    const reports = [
      // Filed in a dead zone last Friday, received this Wednesday: last week's work.
      report('deadZone', new Date(2026, 10, 13, 15), 'pending', new Date(2026, 10, 18, 10)),
      // Filed this Tuesday, received this Wednesday.
      report('tue', new Date(2026, 10, 17, 9), 'completed', new Date(2026, 10, 18, 8)),
    ];
    const summary = summarize(reports, now);
    expect(summary.week).toEqual({ total: 1, pending: 0, completed: 1 });
    // Still among the last seven days' reports, in the order the work was filed.
    expect(summary.latest.map((r) => r.id)).toEqual(['tue', 'deadZone']);
  });
});
