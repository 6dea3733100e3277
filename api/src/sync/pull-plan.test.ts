import { SYNCED_ENTITIES } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/databases.js';
import { makeTestApp } from '../test/harness.js';
import { explainedPage } from './pull.js';

/*
 * Every branch of the page reads one range of its table's (school_id, change_seq) index in
 * order (decision 027), or for a staff member's jobs of its (school_id, reporter_id or
 * assignee_id, change_seq) index (decision 028): on SQLite no table is scanned whole and no page
 * is sorted in a temporary B-tree, whatever the size of the district's other schools.
 */
describe.skipIf(testEngine !== 'sqlite')('the pull page plan on SQLite', () => {
  it('searches a school-led index per branch and sorts nothing', async () => {
    const t = await makeTestApp();
    try {
      const plan = await explainedPage('EXPLAIN QUERY PLAN').rows(t.db, {
        session: 'no-such-hash',
        cursor: 0,
        limit: 100,
        since: new Date(0).toISOString(),
        notifiedSince: new Date(0).toISOString(),
      });
      const details = plan.map((row) => String(row['detail']));
      // A user's inbox is a range of its own user-led index (decision 031), and their
      // preferences one row by key, both tested below.
      const own = ['notifications', 'notification_prefs'];
      for (const table of SYNCED_ENTITIES.filter((e) => !own.includes(e))) {
        const reads = details.filter((d) => new RegExp(`^(SCAN|SEARCH) ${table} `).test(d));
        // Each branch and count: one range of the school's changes past the cursor.
        expect(
          reads.filter((d) => d.endsWith('(school_id=? AND change_seq>?)')).length,
          table,
        ).toBeGreaterThan(0);
        // Anything else is a lookup by key (the session's user, a user's read of one
        // announcement) or the unread count's school-led index, never a scan.
        for (const read of reads) {
          expect(read, table).toMatch(
            /^SEARCH .* \((school_id=\?|id=\?\)$|user_id=\? AND announcement_id=\?\)$)/,
          );
        }
      }
      // A staff member's jobs (decision 028): the rows they filed and the rows assigned to them,
      // each a range of its own school-led index; their releases, one range of theirs.
      for (const table of ['reports', 'report_photos', 'report_events']) {
        for (const holder of ['reporter_id', 'assignee_id']) {
          const range = `SEARCH ${table} USING (COVERING )?INDEX \\S+ \\(school_id=\\? AND ${holder}=\\? AND change_seq>\\?\\)$`;
          expect(
            details.filter((d) => new RegExp(range).test(d)).length,
            `${table} by ${holder}`,
          ).toBeGreaterThan(0);
        }
      }
      const releases = details.filter((d) => /^(SCAN|SEARCH) report_releases /.test(d));
      expect(releases.length).toBeGreaterThan(0);
      for (const read of releases) {
        expect(read).toMatch(/\(school_id=\? AND user_id=\? AND change_seq>\?\)$/);
      }
      const inbox = details.filter((d) => /^(SCAN|SEARCH) notifications /.test(d));
      expect(inbox.length).toBeGreaterThan(0);
      for (const read of inbox) {
        expect(read).toMatch(/\(school_id=\? AND user_id=\? AND change_seq>\?\)$/);
      }
      const prefs = details.filter((d) => /^(SCAN|SEARCH) notification_prefs /.test(d));
      expect(prefs.length).toBeGreaterThan(0);
      for (const read of prefs) expect(read).toMatch(/\(id=\?\)$/);
      expect(details.filter((d) => d.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
