import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfiguration } from '@urs/api';
import { openConfiguredDatabase } from '../lib/open-database.js';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoSchool } from './index.js';

/**
 * `npm run seed`: migrate, then seed the demo school if the database has no users yet.
 * DATA_DIR defaults to the repository's `data/`, the same place `npm start` uses.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { env, photos } = await loadConfiguration({
  ...process.env,
  DATA_DIR: process.env['DATA_DIR'] ?? path.join(repoRoot, 'data'),
});
const { db, where: file } = await openConfiguredDatabase(env, 'Cannot seed');
try {
  if (!(await isDatabaseEmpty(db))) {
    console.log(`${file} already has data: nothing seeded.`);
  } else {
    const started = Date.now();
    const summary = await seedDemoSchool(db, { photos, scryptLogN: env.SCRYPT_LOG_N });
    console.log(
      `Seeded the demo school (SMA Harapan Nusantara) into ${file} in ${Date.now() - started} ms:`,
    );
    for (const [table, rows] of Object.entries(summary)) {
      console.log(`  ${table.padEnd(18)} ${String(rows).padStart(5)}`);
    }
    console.log('Demo accounts (change these before real use):');
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.role.padEnd(16)} ${account.email.padEnd(34)} ${account.password}`);
    }
  }
} finally {
  await db.close();
}
