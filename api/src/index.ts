import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { connectDatabase, databaseTarget, DatabaseConfigError } from './db/connect.js';
import { adoptSchoolName } from './db/schools.js';
import { loadConfiguration } from './startup.js';
import { startPushSender } from './services/push-sender.js';
import { startRoundNotifier } from './services/round-notices.js';

/**
 * Process entry for a deployment: check the configuration (environment and photo store), open
 * and migrate the configured database, then serve.
 */
async function main(): Promise<void> {
  const { env, photos } = await loadConfiguration();
  const db = await connectDatabase(databaseTarget(env.DATABASE_URL, env.dataDir));
  // The migration named the first school after the footer; a deployment's SCHOOL_NAME wins once.
  await adoptSchoolName(db, env.SCHOOL_NAME);
  // Every process sends pushes: the deliveries table is shared, each row claimed by one.
  const sender = startPushSender(db, env);
  // Every process looks for rounds due soon or missed each minute; each notice is written once.
  const rounds = startRoundNotifier(db, env);
  const server = serve(
    { fetch: createApp({ db, env, photos }).fetch, port: env.PORT, hostname: env.HOST },
    (info) => {
      console.log(`URS API listening on http://localhost:${info.port}`);
    },
  );
  const shutdown = () => {
    server.close(() => {
      void Promise.all([sender?.stop(), rounds.stop()])
        .then(() => db.close())
        .then(() => process.exit(0));
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  // Bad configuration is the operator's to fix: one line, no stack trace.
  const message = err instanceof DatabaseConfigError ? err.message : String(err);
  console.error(`URS API cannot start: ${message}`);
  process.exit(1);
});
