import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { databaseFile, migrateDatabase, openDatabase } from './db/client.js';
import { loadEnv } from './env.js';

/** Process entry for a deployment: migrate, then serve. `npm start` adds seeding on top. */
const env = loadEnv();
const db = openDatabase(databaseFile(env.dataDir));
migrateDatabase(db);
const server = serve(
  { fetch: createApp({ db, env }).fetch, port: env.PORT, hostname: env.HOST },
  (info) => {
    console.log(`URS API listening on http://localhost:${info.port}`);
  },
);

function shutdown() {
  server.close(() => {
    db.close();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
