import { connectDatabase, databaseTarget, DatabaseConfigError } from './db/connect.js';
import { loadEnv } from './env.js';
import { ConfigError } from './lib/config-error.js';
import { createAdminFrom } from './services/first-admin.js';

/**
 * `node api/dist/create-admin.js`: adds an administrator to the configured database (the same
 * `DATABASE_URL` or `DATA_DIR` the API uses; migrated first if it is new), from
 * `URS_ADMIN_NAME`, `URS_ADMIN_EMAIL` and `URS_ADMIN_PASSWORD`: a school's admin (of the school
 * `URS_SCHOOL_ID` names, needed once there are several), or with `URS_ROLE=district_admin` the
 * district's. A district's first admin comes from here: nothing else makes one on an empty
 * database but the demo seed.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const db = await connectDatabase(databaseTarget(env.DATABASE_URL, env.dataDir));
  try {
    const { admin, school } = await createAdminFrom(db, process.env, env.SCRYPT_LOG_N);
    const who = `${admin.name} <${admin.email}>`;
    if (school === null) {
      console.log(`Created the district administrator ${who}.`);
    } else {
      const inactive =
        school.deactivatedAt === null
          ? ''
          : ' (deactivated: they can sign in once it is reactivated)';
      console.log(`Created the administrator ${who} of ${school.name}${inactive}.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  // Input or configuration the operator must fix: one line, no stack trace.
  const known = err instanceof ConfigError || err instanceof DatabaseConfigError;
  console.error(`URS cannot create the administrator: ${known ? err.message : String(err)}`);
  process.exit(1);
});
