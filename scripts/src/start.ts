import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import {
  adoptSchoolName,
  createApp,
  loadConfiguration,
  startPushSender,
  startRoundNotifier,
} from '@urs/api';
import { openConfiguredDatabase } from './lib/open-database.js';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoSchool } from './seed/index.js';

/**
 * `npm start`: migrate, seed a demo school into an empty database, and serve the API and
 * the built PWA on one port.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { env, photos } = await loadConfiguration({
  ...process.env,
  DATA_DIR: process.env['DATA_DIR'] ?? path.join(repoRoot, 'data'),
  WEB_DIST_DIR: process.env['WEB_DIST_DIR'] ?? path.join(repoRoot, 'web', 'dist'),
});
const { db, where } = await openConfiguredDatabase(env, 'URS cannot start');
// The migration named the first school after the footer; a deployment's SCHOOL_NAME wins once.
await adoptSchoolName(db, env.SCHOOL_NAME);
const sender = startPushSender(db, env);
// Rounds due soon or missed: looked for every minute (services/round-notices.ts).
const rounds = startRoundNotifier(db, env);

let seeded = false;
if (await isDatabaseEmpty(db)) {
  console.log('Empty database: seeding the demo school…');
  const summary = await seedDemoSchool(db, { photos, scryptLogN: env.SCRYPT_LOG_N });
  console.log(`Seeded: ${JSON.stringify(summary)}`);
  seeded = true;
}

const server = serve(
  { fetch: createApp({ db, env, photos }).fetch, port: env.PORT, hostname: env.HOST },
  (info) => {
    const url = `http://localhost:${info.port}`;
    console.log(`\nURS is running at ${url}  (API health: ${url}/api/health)`);
    console.log(`Database: ${where}${seeded ? ' (freshly seeded)' : ''}`);
    console.log('Demo accounts (change these before real use):');
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.role.padEnd(16)} ${account.email.padEnd(34)} ${account.password}`);
    }
  },
);

function shutdown() {
  server.close(() => {
    void Promise.all([sender?.stop(), rounds.stop()])
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
