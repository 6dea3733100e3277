import { FIRST_SCHOOL_ID, sqliteWriter, type App } from '@urs/api';
import { benchServer } from './bench-server.js';
import { JOB_PRIORITIES, newId, REPORT_STATUSES, STAFF_ROLES } from '@urs/sync-protocol';
import { time, type BenchRow } from '../lib/measure.js';

export const SCHOOL_STAFF = 120;
export const SCHOOL_AREAS = 40;

/**
 * A school with `reports` reports over the last year, 120 staff, 40 areas, written directly.
 * Each report is a job (decision 028): its reporter's (one in 97 unassigned), priorities in
 * turn, three in ten due three days after filing (two in ten at 14:00), each completed one
 * completed 0-4 days after filing. postgres-bench.ts writes the same.
 */
async function school(reports: number) {
  const server = await benchServer('analytics');
  const { db, app } = server;
  const sqlite = sqliteWriter(db);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  sqlite.transaction(() => {
    let seq = 0;
    const user = sqlite.prepare(
      `INSERT INTO users (school_id, id, name, email, role, password_hash, created_at, updated_at, change_seq) VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const staff = Array.from({ length: SCHOOL_STAFF }, (_, i) => {
      const id = newId();
      user.run(
        id,
        `Staf ${i}`,
        `staf${i}@bench.test`,
        STAFF_ROLES[i % STAFF_ROLES.length],
        'x',
        iso(now),
        iso(now),
        ++seq,
      );
      return id;
    });
    const areaStmt = sqlite.prepare(
      `INSERT INTO areas (school_id, id, name, created_at, updated_at, change_seq) VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, ?, ?)`,
    );
    const areaIds = Array.from({ length: SCHOOL_AREAS }, (_, i) => {
      const id = newId();
      areaStmt.run(id, `Area ${i}`, iso(now), iso(now), ++seq);
      return id;
    });
    const report = sqlite.prepare(
      `INSERT INTO reports (school_id, id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq, assignee_id, priority, due_date, due_time, completed_at)
       VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, 'cleaning', 'Laporan bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < reports; i++) {
      const filed = now - Math.floor((i / reports) * 365 * 86_400_000);
      const at = iso(filed);
      const status = REPORT_STATUSES[i % 4] ?? 'pending';
      const reporter = staff[i % staff.length];
      report.run(
        newId(),
        reporter,
        areaIds[(i * 7) % areaIds.length],
        status,
        at,
        at,
        at,
        ++seq,
        i % 97 === 0 ? null : reporter,
        JOB_PRIORITIES[i % JOB_PRIORITIES.length],
        i % 10 < 3 ? iso(filed + 3 * 86_400_000).slice(0, 10) : null,
        i % 10 < 2 ? '14:00' : null,
        status === 'completed' ? iso(filed + (i % 5) * 86_400_000) : null,
      );
    }
    const activity = sqlite.prepare(
      'INSERT OR IGNORE INTO user_activity (user_id, day) VALUES (?, ?)',
    );
    for (let d = 0; d < 60; d++) {
      for (let u = 0; u < staff.length; u += 1 + (d % 3))
        activity.run(staff[u], iso(now - d * 86_400_000).slice(0, 10));
    }
    sqlite
      .prepare(`UPDATE change_counter SET value = ? WHERE school_id = '${FIRST_SCHOOL_ID}'`)
      .run(seq);
  })();
  sqlite.pragma('optimize');
  const { token, userId } = await server.register('admin@bench.test');
  sqlite.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(userId);
  return { app, token, server };
}

/** `samples` timings of `GET /api/analytics` as the admin behind `token`, sorted. */
export async function measureAnalytics(app: App, token: string, samples: number) {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    out.push(
      await time(async () => {
        const res = await app.request('/api/analytics', {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200) throw new Error(`analytics answered ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  return out.sort((a, b) => a - b);
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * q) / 100))] ?? 0;

/**
 * The analytics row: the large school's p50 against the small one's, same run. Issue 43: within
 * 2x, the report figures being read from the counts kept per day (decision 034).
 */
export function analyticsRow(
  engine: string,
  reports: number,
  base: number[],
  big: number[],
): BenchRow {
  return {
    name: `${engine}GET /api/analytics at ${reports.toLocaleString('en')} reports: p50 ${percentile(big, 50).toFixed(1)} ms, p95 ${percentile(big, 95).toFixed(1)} ms`,
    baseline: `same at 2,000 reports (p50 ${percentile(base, 50).toFixed(1)} ms)`,
    ms: percentile(big, 50),
    baselineMs: percentile(base, 50),
    target: 2,
  };
}

/** `GET /api/analytics` at 200,000 reports against the same at 2,000, in the same run. */
export async function analyticsBench(samples: number, reports = 200_000): Promise<BenchRow[]> {
  const small = await school(2_000);
  const large = await school(reports);
  const base = await measureAnalytics(small.app, small.token, samples);
  const big = await measureAnalytics(large.app, large.token, samples);
  await small.server.close();
  await large.server.close();
  return [analyticsRow('', reports, base, big)];
}
