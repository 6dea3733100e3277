import {
  connectDatabase,
  DatabaseConfigError,
  databaseTarget,
  redact,
  type Db,
  type Env,
} from '@urs/api';

/**
 * The database the environment names, migrated, and where it is for the operator's messages
 * (the SQLite file, or the PostgreSQL URL with its password masked). A configuration that
 * cannot work, a malformed `DATABASE_URL` included, ends the process with one line starting
 * with `prefix`: `databaseTarget` throws before any connection is tried, so it is inside too.
 */
export async function openConfiguredDatabase(
  env: Env,
  prefix: string,
): Promise<{ db: Db; where: string }> {
  try {
    const target = databaseTarget(env.DATABASE_URL, env.dataDir);
    const where = target.engine === 'sqlite' ? target.file : redact(target.url);
    return { db: await connectDatabase(target), where };
  } catch (err) {
    console.error(`${prefix}: ${err instanceof DatabaseConfigError ? err.message : String(err)}`);
    process.exit(1);
  }
}
