import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfiguration } from '@urs/api';
import { openConfiguredDatabase } from '../lib/open-database.js';
import { DEMO_ACCOUNTS, demoDistrict, isDatabaseEmpty, seedDemoSchool } from './index.js';

/**
 * `npm run seed`: migrate, then seed the demo school if the database has no users yet.
 * `SEED_SCHOOLS=N` (default 1) seeds a demo district of N schools, the demo school first.
 * DATA_DIR defaults to the repository's `data/`, the same place `npm start` uses.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { env, photos } = await loadConfiguration({
  ...process.env,
  DATA_DIR: process.env['DATA_DIR'] ?? path.join(repoRoot, 'data'),
});
const district = (() => {
  try {
    return demoDistrict(Number(process.env['SEED_SCHOOLS'] || 1));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
})();
const { db, where: file } = await openConfiguredDatabase(env, 'Cannot seed');
try {
  if (!(await isDatabaseEmpty(db))) {
    console.log(`${file} already has data: nothing seeded.`);
  } else {
    const started = Date.now();
    const summary = await seedDemoSchool(db, {
      photos,
      scryptLogN: env.SCRYPT_LOG_N,
      schools: district.length,
    });
    const what =
      district.length === 1
        ? 'the demo school (SMA Harapan Nusantara)'
        : `a demo district of ${district.length} schools`;
    console.log(`Seeded ${what} into ${file} in ${Date.now() - started} ms:`);
    for (const [table, rows] of Object.entries(summary)) {
      console.log(`  ${table.padEnd(18)} ${String(rows).padStart(5)}`);
    }
    console.log('Demo accounts (change these before real use):');
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.role.padEnd(16)} ${account.email.padEnd(34)} ${account.password}`);
    }
    if (district.length > 1) {
      console.log('Administrators of the other schools (same staff logins at @s<N>.urs.sch.id):');
      for (const school of district.slice(1)) {
        console.log(
          `  ${school.name.padEnd(32)} ${school.admin.email.padEnd(28)} ${school.admin.password}`,
        );
      }
    }
  }
} finally {
  await db.close();
}
