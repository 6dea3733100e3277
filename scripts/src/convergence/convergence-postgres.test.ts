import { describe, it } from 'vitest';
import { runCases } from './cases.js';

/*
 * The same property with two API processes sharing one PostgreSQL, each request going to one
 * of them at random. Needs TEST_DATABASE_URL (a role that may CREATEDB; `.ci/run` sets it up).
 * Fewer cases than on SQLite: each one creates and drops a database.
 */
const CASES = Number(process.env['CONVERGENCE_PG_CASES'] ?? 25);
/**
 * Two schools: fewer again (about 5 s a case on a 2-core host); the 50 two-school cases on
 * SQLite and the one-school cases here carry the rest of the property.
 */
const SCHOOL_CASES = Math.min(CASES, 10);

describe.skipIf(!process.env['TEST_DATABASE_URL'])(
  'convergence with two API processes on one PostgreSQL',
  () => {
    it(`${CASES} seeded cases: every device and the server converge, every mutation applied once`, async () => {
      await runCases(CASES, { engine: 'postgres', processes: 2 });
    }, 900_000);

    // Issue 39: two schools pushing and pulling at once through the two processes.
    it(`${SCHOOL_CASES} seeded cases with two schools: each school converges, nothing crosses`, async () => {
      await runCases(SCHOOL_CASES, { engine: 'postgres', processes: 2, schools: 2 });
    }, 900_000);
  },
);
