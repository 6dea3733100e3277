import { FIRST_SCHOOL_ID, loadConfiguration, tables } from '@urs/api';
import { newId, WORK_TYPES } from '@urs/sync-protocol';
import { and, eq, isNull } from 'drizzle-orm';
import { openConfiguredDatabase } from '../lib/open-database.js';
import { insertStamped, seedDemoSchool } from '../seed/index.js';

/**
 * The school the Lighthouse and long-tasks runs measure: the demo school (what `npm start`
 * seeds) topped up with completed reports of earlier years until it holds `rows` rows for a
 * pull, so a new phone's first sync carries a school's real weight (issue 44 speaks of 10,000
 * rows), not the demo's few. Written into `dataDir` before the server starts, which then finds
 * the database seeded. Returns how many rows the school holds, across the synced tables.
 */
export async function seedSchoolHistory(dataDir: string, rows: number): Promise<number> {
  const { env, photos } = await loadConfiguration({ ...process.env, DATA_DIR: dataDir });
  const { db } = await openConfiguredDatabase(env, 'Cannot seed the measured school');
  try {
    const summary = await seedDemoSchool(db, { photos, scryptLogN: env.SCRYPT_LOG_N });
    const demoRows = Object.values(summary).reduce((sum, n) => sum + n, 0);
    const extraReports = Math.max(0, rows - demoRows);
    const people = await db
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(and(eq(tables.users.schoolId, FIRST_SCHOOL_ID), isNull(tables.users.deletedAt)));
    const areas = await db
      .select({ id: tables.areas.id })
      .from(tables.areas)
      .where(eq(tables.areas.schoolId, FIRST_SCHOOL_ID));
    if (people.length === 0 || areas.length === 0) throw new Error('demo seed: no staff or areas');
    const day = 24 * 60 * 60 * 1000;
    // Two to three years back, before the demo's own history (about seven months).
    const start = Date.now() - 3 * 365 * day;
    const counted = new Map<number, number>();
    const history = Array.from({ length: extraReports }, (_, i) => {
      const at = new Date(start + Math.floor((i * 2 * 365 * day) / Math.max(1, extraReports)));
      const when = at.toISOString();
      const year = at.getUTCFullYear();
      const n = (counted.get(year) ?? 0) + 1;
      counted.set(year, n);
      const done = new Date(at.getTime() + 2 * day).toISOString();
      return {
        id: newId(),
        createdAt: when,
        updatedAt: done,
        deletedAt: null,
        reporterId: people[i % people.length]?.id ?? '',
        areaId: areas[i % areas.length]?.id ?? '',
        workType: WORK_TYPES[i % WORK_TYPES.length] ?? 'cleaning',
        description: `Riwayat ${i + 1}: lantai dan jendela dibersihkan, sampah diangkut.`,
        status: 'completed' as const,
        reportedAt: when,
        completedAt: done,
        number: `LAP-${year}-${String(n).padStart(6, '0')}`,
      };
    });
    if (history.length > 0) {
      await db.write((tx) => insertStamped(tx, FIRST_SCHOOL_ID, tables.reports, history));
    }
    return demoRows + history.length;
  } finally {
    await db.close();
  }
}
