// @vitest-environment jsdom
import { newId } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UrsDatabase } from '../../../db/database.js';
import {
  openTestDatabase,
  photoRow,
  reportCreate,
  reportRow,
} from '../../../test/sync-fixtures.js';
import { reportCardFacts } from './report-queries.js';

const AT = '2026-11-01T08:00:00.000Z';
let db: UrsDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

describe('reportCardFacts', () => {
  it('names the area and reporter and counts the photos of every card at once', async () => {
    const areaId = newId();
    const userId = newId();
    await db.areas.put({
      id: areaId,
      name: 'Lab Kimia',
      description: null,
      active: true,
      created_at: AT,
      updated_at: AT,
    });
    const [a, b, c] = [0, 1, 2].map(() => reportRow(reportCreate({ area_id: areaId }), userId, AT));
    if (a === undefined || b === undefined || c === undefined) throw new Error('three reports');
    await db.reports.bulkPut([a, b, c]);
    await db.report_photos.bulkPut([
      photoRow(a.id, AT),
      photoRow(a.id, AT, { kind: 'after' }),
      photoRow(b.id, AT),
      photoRow(newId(), AT),
    ]);

    const facts = await reportCardFacts(db, [a, b, c]);
    expect(facts.get(a.id)).toEqual({ area: 'Lab Kimia', reporter: undefined, photoCount: 2 });
    expect(facts.get(b.id)?.photoCount).toBe(1);
    expect(facts.get(c.id)?.photoCount).toBe(0);
    expect(facts.size).toBe(3);
  });
});
