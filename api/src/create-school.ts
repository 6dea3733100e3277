import { connectDatabase, databaseTarget, DatabaseConfigError } from './db/connect.js';
import { loadEnv } from './env.js';
import { ConfigError } from './lib/config-error.js';
import { createSchoolFrom } from './services/first-admin.js';

/**
 * `node api/dist/create-school.js`: adds a school and its first administrator to the
 * configured database (the same `DATABASE_URL` or `DATA_DIR` the API uses; migrated first if it
 * is new), from `URS_SCHOOL_NAME`, `URS_ADMIN_NAME`, `URS_ADMIN_EMAIL` and `URS_ADMIN_PASSWORD`.
 * Prints the school's id (what `create-admin.js` takes as `URS_SCHOOL_ID`) and the registration
 * code its staff register with.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const db = await connectDatabase(databaseTarget(env.DATABASE_URL, env.dataDir));
  try {
    const { school, admin } = await createSchoolFrom(db, process.env, env.SCRYPT_LOG_N);
    console.log(
      `Created the school ${school.name} with its administrator ${admin.name} <${admin.email}>.`,
    );
    console.log(`school id: ${school.id}`);
    console.log(`registration code: ${school.registrationCode ?? '(none)'}`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  // Input or configuration the operator must fix: one line, no stack trace.
  const known = err instanceof ConfigError || err instanceof DatabaseConfigError;
  console.error(`URS cannot create the school: ${known ? err.message : String(err)}`);
  process.exit(1);
});
