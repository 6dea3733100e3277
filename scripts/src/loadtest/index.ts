import { postgresAdminUrl } from '../bench/postgres-target.js';
import { runLoadtest } from './run.js';

/*
 * `npm run loadtest` (issue 43): PostgreSQL, LOADTEST_PROCESSES API processes behind a
 * round-robin proxy, a local S3 store for photos, a seeded district, simulated devices ramped
 * until a device request's p95 passes 250 ms or a request fails, admins reading beside them.
 * LOADTEST_SECONDS and LOADTEST_DEVICES fix a short run; LOADTEST_FAULTS=1 injects the faults
 * (run.ts injectFaults) on a PostgreSQL cluster of the run's own.
 */
const number = (name: string, fallback: number) => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number(value);
};

const adminUrl = await postgresAdminUrl();
if (adminUrl === undefined) {
  console.error(
    'loadtest: no PostgreSQL (set TEST_DATABASE_URL, or start the local cluster: pg_ctlcluster 15 main start)',
  );
  process.exit(1);
}
const devices = process.env['LOADTEST_DEVICES'];
const result = await runLoadtest({
  adminUrl,
  processes: number('LOADTEST_PROCESSES', 2),
  schools: number('LOADTEST_SCHOOLS', 4),
  devices: devices === undefined || devices === '' ? undefined : Number(devices),
  seconds: number('LOADTEST_SECONDS', 60),
  intervalMs: number('LOADTEST_INTERVAL_SECONDS', 5) * 1000,
  workShare: number('LOADTEST_WORK_SHARE', 0.3),
  admins: number('LOADTEST_ADMINS', 2),
  faults: process.env['LOADTEST_FAULTS'] === '1',
  privatePostgres: process.env['LOADTEST_PRIVATE_PG'] === '1',
  photoOutageSeconds: number('LOADTEST_PHOTO_OUTAGE_SECONDS', 60),
  postgresDownSeconds: number('LOADTEST_PG_DOWN_SECONDS', 5),
  log: (line) => {
    console.error(`[loadtest] ${line}`);
  },
});
for (const line of result.report) console.log(line);
process.exit(
  result.lost === 0 && result.doubled === 0 && result.diverged === 0 && result.acknowledged > 0
    ? 0
    : 1,
);
