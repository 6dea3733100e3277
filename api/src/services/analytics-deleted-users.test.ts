import { describe, expect, it } from 'vitest';
import { userActivity } from '../db/schema.js';
import { useSyncFixture } from '../sync/test-kit.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { analyticsSnapshot } from './analytics.js';

const wib = { offsetMinutes: 420 };
const NOW = new Date('2026-11-22T05:00:00.000Z'); // Sunday 12:00 WIB

const f = useSyncFixture('gardener', 'Taman');

describe('analytics after a user is deleted', () => {
  it('counts only live users in daily active users, as in the 30-day figure', async () => {
    const stays = await f.t.signIn('custodian');
    const leaves = await f.t.signIn('custodian');
    // Signing in recorded today's real date; this test sets its own days.
    await f.t.db.write((tx) => tx.delete(userActivity));
    for (const userId of [stays.user.id, leaves.user.id]) {
      await f.t.db.write((tx) => tx.insert(userActivity).values({ userId, day: '2026-11-20' }));
    }
    const removed = await f.t.request(`/api/users/${leaves.user.id}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    expect(removed.status).toBe(200);
    const s = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(s.users.active_30d).toBe(1);
    expect(s.daily_active_users_30d.filter((d) => d.users > 0)).toEqual([
      { date: '2026-11-20', users: 1 },
    ]);
  });
});
