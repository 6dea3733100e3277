import { SYNCED_ENTITIES } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/databases.js';
import { makeTestApp } from '../test/harness.js';
import { explainedPage } from './pull.js';

/*
 * Every branch of the page reads one range of its table's (school_id, change_seq) index in
 * order (decision 027): on SQLite no table is scanned whole and no page is sorted in a temporary
 * B-tree, whatever the size of the district's other schools.
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
      });
      const details = plan.map((row) => String(row['detail']));
      for (const table of SYNCED_ENTITIES) {
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
      expect(details.filter((d) => d.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
