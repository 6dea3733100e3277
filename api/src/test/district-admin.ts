import type { AccountRole } from '@urs/sync-protocol';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { createUser } from '../services/users.js';

/**
 * Adds a district administrator (no school) to the database a running server uses (its
 * DATA_DIR's SQLite, or `databaseUrl`), through the users service as `create-admin.js` and the
 * API tests' `signIn` do, for the browser tests: nothing in a fresh install makes one but the
 * command line. The server sees the account at its next request (sessions and users are read
 * from the database on each one).
 */
export async function addDistrictAdmin(
  where: { dataDir: string; databaseUrl?: string },
  account: { name: string; email: string; password: string },
  scryptLogN = 10,
): Promise<void> {
  const db = await connectDatabase(databaseTarget(where.databaseUrl, where.dataDir));
  const role: AccountRole = 'district_admin';
  try {
    await createUser(db, { ...account, role, schoolId: null }, scryptLogN);
  } finally {
    await db.close();
  }
}
