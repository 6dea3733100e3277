import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { databaseFile, migrateDatabase, openDatabase } from './db/client.js';
import { loadConfiguration } from './startup.js';

/** Process entry for a deployment: check the configuration, migrate, then serve. */
const { env, photos } = await loadConfiguration();
const db = openDatabase(databaseFile(env.dataDir));
migrateDatabase(db);
const server = serve(
  { fetch: createApp({ db, env, photos }).fetch, port: env.PORT, hostname: env.HOST },
  (info) => {
    console.log(`URS API listening on http://localhost:${info.port}`);
  },
);

function shutdown() {
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
