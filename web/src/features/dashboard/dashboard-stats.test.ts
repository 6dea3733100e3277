import { describe, expect, it } from 'vitest';
import type { Report, ReportStatus } from '@urs/sync-protocol';
import { startOfWeek, summarize } from './dashboard-stats.js';

function report(id: string, created: Date, status: ReportStatus): Report {
  return {
    id,
    reporter_id: 'u',
    area_id: 'a',
    category_id: null,
    work_type: 'cleaning',
    description: id,
    status,
    admin_note: null,
    created_at: created.toISOString(),
    updated_at: created.toISOString(),
  };
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
});
