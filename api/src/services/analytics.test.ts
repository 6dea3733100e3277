import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { itemRequests, reports, userActivity, users } from '../db/schema.js';
import { useSyncFixture } from '../sync/test-kit.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { analyticsSnapshot } from './analytics.js';

const wib = { offsetMinutes: 420 };
const NOW = new Date('2026-11-22T05:00:00.000Z'); // Sunday 12:00 WIB

const f = useSyncFixture('gardener', 'Taman');

/** A report filed (on the device) at `reportedAt` and received by the server at `receivedAt`. */
async function report(
  reportedAt: string,
  status?: 'in_progress' | 'completed',
  receivedAt = reportedAt,
) {
  const id = newId();
  await f.staff.push([
    'report.create',
    {
      id,
      area_id: f.areaId,
      work_type: 'maintenance',
      description: 'x',
      ...(status && { status }),
    },
  ]);
  await f.t.db.write((tx) =>
    tx.update(reports).set({ reportedAt, createdAt: receivedAt }).where(eq(reports.id, id)),
  );
}

describe('analytics snapshot', () => {
  it('counts by status, this week, the daily and monthly windows in school-local time', async () => {
    await report('2026-11-21T18:00:00.000Z', 'completed'); // Sun 01:00 WIB: today
    await report('2026-11-21T16:00:00.000Z'); // Sat 23:00 WIB
    await report('2026-11-16T17:30:00.000Z', 'in_progress'); // Tue 17th 00:30 WIB, this week
    await report('2026-11-15T16:30:00.000Z'); // Sun 15th 23:30 WIB: last week, outside 7 days
    await report('2026-09-02T03:00:00.000Z', 'completed');
    await report('2026-04-30T03:00:00.000Z'); // outside six months
    const s = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(s.today).toBe('2026-11-22');
    expect(s.reports).toEqual({
      total: 6,
      by_status: { pending: 3, in_progress: 1, completed: 2, cancelled: 0 },
      this_week: 3,
    });
    expect(s.daily_7d.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(s.daily_7d.map((d) => d.created)).toEqual([0, 1, 0, 0, 0, 1, 1]);
    expect(s.daily_7d.at(-1)).toEqual({ date: '2026-11-22', created: 1, completed: 1 });
    expect(s.monthly_6m.map((m) => `${m.month}:${m.created}`)).toEqual([
      '2026-06:0',
      '2026-07:0',
      '2026-08:0',
      '2026-09:1',
      '2026-10:0',
      '2026-11:4',
    ]);
    expect(s.priority_areas.most_pending).toEqual([{ id: f.areaId, name: 'Taman', count: 3 }]);
    const gardeners = s.productivity_by_role.find((r) => r.role === 'gardener');
    expect(gardeners).toEqual({
      role: 'gardener',
      staff: 1,
      reports_30d: 4,
      completed_30d: 1,
      completion_rate: 25,
    });
  });

  it('counts a report on the day it was filed on the device, not the day the server received it', async () => {
    // Filed offline on Sunday the 15th, 23:30 WIB (last week); received on Tuesday the 17th.
    await report('2026-11-15T16:30:00.000Z', undefined, '2026-11-17T02:00:00.000Z');
    // Filed on Friday the 20th in a dead zone; received today, Sunday the 22nd.
    await report('2026-11-20T02:00:00.000Z', 'completed', '2026-11-22T04:00:00.000Z');
    const s = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(s.reports.this_week).toBe(1);
    expect(s.daily_7d.map((d) => d.created)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(s.daily_7d.find((d) => d.date === '2026-11-20')).toEqual({
      date: '2026-11-20',
      created: 1,
      completed: 1,
    });
  });

  it('measures active users over 30 days and daily active users from recorded activity', async () => {
    // Signing in during the fixture recorded today's real date; this test sets its own days.
    await f.t.db.write((tx) => tx.delete(userActivity));
    const ids = (await f.t.db.select({ id: users.id }).from(users).orderBy(users.role)).map(
      (u) => u.id,
    );
    const add = (userId: string, day: string) =>
      f.t.db.write((tx) => tx.insert(userActivity).values({ userId, day }));
    await add(ids[0] ?? '', '2026-11-22');
    await add(ids[0] ?? '', '2026-11-20');
    await add(ids[1] ?? '', '2026-11-20');
    await add(ids[1] ?? '', '2026-10-01'); // outside 30 days
    const s = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(s.users).toEqual({ total: 2, active_30d: 2, active_rate: 100, inactive: 0 });
    expect(s.daily_active_users_30d).toHaveLength(30);
    expect(s.daily_active_users_30d.filter((d) => d.users > 0)).toEqual([
      { date: '2026-11-20', users: 2 },
      { date: '2026-11-22', users: 1 },
    ]);
  });

  it('summarises 30 days of item requests: daily average and approval rate', async () => {
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Pupuk', unit: 'kg', stock: 10 }]);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = newId();
      ids.push(id);
      await f.staff.push(['request.create', { id, type: 'stock', item_id: item, quantity: 1 }]);
    }
    await f.admin.push(
      ['request.approve', { id: ids[0] }],
      ['request.approve', { id: ids[1] }],
      ['request.reject', { id: ids[2] }],
    );
    await f.t.db.write((tx) =>
      tx.update(itemRequests).set({ createdAt: '2026-11-20T03:00:00.000Z' }),
    );
    const s = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(s.requests_30d).toMatchObject({
      created: 4,
      approved: 2,
      rejected: 1,
      pending: 1,
      approval_rate: 66.7,
      daily_average: 0.1,
    });
    expect(s.requests_30d.daily.find((d) => d.date === '2026-11-20')?.created).toBe(4);
  });
});
