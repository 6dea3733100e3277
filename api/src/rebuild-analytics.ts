import { connectDatabase, databaseTarget, DatabaseConfigError } from './db/connect.js';
import { schools } from './db/schema.js';
import { loadEnv } from './env.js';
import { ConfigError } from './lib/config-error.js';
import { parseUtcOffset } from './lib/school-time.js';
import { recountSchool } from './services/report-tallies.js';

/**
 * `node api/dist/rebuild-analytics.js`: recounts the analytics' kept report and job figures of
 * every school of the configured database (the same `DATABASE_URL` or `DATA_DIR` the API uses)
 * from its reports, dated at `SCHOOL_UTC_OFFSET`; each school in a transaction of its own
 * (docs/decisions/034-kept-report-figures.md, 036-kept-job-figures.md). Not needed after an
 * upgrade (the migration counts them, the API recounts a school dated at another offset): for
 * figures anyone doubts.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const clock = { offsetMinutes: parseUtcOffset(env.SCHOOL_UTC_OFFSET) };
  const db = await connectDatabase(databaseTarget(env.DATABASE_URL, env.dataDir));
  try {
    for (const school of await db.select({ id: schools.id, name: schools.name }).from(schools)) {
      const started = Date.now();
      await db.write((tx) => recountSchool(tx, school.id, clock));
      console.log(`Recounted the analytics of ${school.name} in ${Date.now() - started} ms.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DatabaseConfigError;
  console.error(`URS cannot rebuild the analytics: ${known ? err.message : String(err)}`);
  process.exit(1);
});
