import { fileURLToPath } from 'node:url';
import { newId } from '@urs/sync-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, jobDoneDays, reportDays, reports, schools, users } from './db/schema.js';
import { FIRST_SCHOOL_ID } from './db/schools.js';
import { entryDatabase, type EntryDatabase } from './test/entry-database.js';
import { runEntry } from './test/run-entry.js';

const entry = fileURLToPath(new URL('./rebuild-analytics.ts', import.meta.url));
let database: EntryDatabase;
beforeAll(async () => {
  database = await entryDatabase();
});
afterAll(() => database.drop());

// The entry compiles with tsx in a process of its own: slow on a loaded machine.
describe('node api/dist/rebuild-analytics.js', { timeout: 60_000 }, () => {
  it('recounts every school’s kept figures from its reports, at SCHOOL_UTC_OFFSET', async () => {
    // A first run migrates the new database.
    expect((await runEntry(entry, database.vars)).code).toBe(0);
    const db = database.open();
    try {
      const at = '2026-10-01T16:30:00.000Z'; // 23:30 WIB, 01:30 WIT the next day
      const [user, area] = [newId(), newId()];
      await db.write(async (tx) => {
        await tx.insert(users).values({
          id: user,
          schoolId: FIRST_SCHOOL_ID,
          name: 'Staf',
          email: 'staf@rebuild.test',
          role: 'gardener',
          passwordHash: 'x',
          createdAt: at,
          updatedAt: at,
          changeSeq: 1,
        });
        await tx.insert(areas).values({
          id: area,
          schoolId: FIRST_SCHOOL_ID,
          name: 'Aula',
          createdAt: at,
          updatedAt: at,
          changeSeq: 2,
        });
        await tx.insert(reports).values({
          id: newId(),
          schoolId: FIRST_SCHOOL_ID,
          reporterId: user,
          areaId: area,
          workType: 'repair',
          description: 'x',
          reportedAt: at,
          createdAt: at,
          updatedAt: at,
          changeSeq: 3,
          // A job done 90 minutes later: 03:00 WIT on the 2nd, after its day (ends 15:00 UTC).
          status: 'completed',
          assigneeId: user,
          dueDate: '2026-10-01',
          completedAt: '2026-10-01T18:00:00.000Z',
        });
        // Figures someone doubts: lost.
        await tx.delete(reportDays);
        await tx.delete(jobDoneDays);
      });
      const run = await runEntry(entry, { ...database.vars, SCHOOL_UTC_OFFSET: '+09:00' });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Recounted the analytics of [^\n]+ in \d+ ms\.\n$/);
      expect(await db.select().from(reportDays)).toEqual([
        { schoolId: FIRST_SCHOOL_ID, day: '2026-10-02', n: 1, completed: 1 },
      ]);
      // The jobs' figures too (decision 036), the completion dated and judged in WIT.
      expect(await db.select().from(jobDoneDays)).toEqual([
        {
          schoolId: FIRST_SCHOOL_ID,
          day: '2026-10-02',
          assigneeId: user,
          minutes: 90,
          n: 1,
          withDue: 1,
          onTime: 0,
        },
      ]);
      const [school] = await db.select({ offset: schools.tallyOffsetMinutes }).from(schools);
      expect(Number(school?.offset)).toBe(540);
    } finally {
      await db.close();
    }
  });
});
