import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { newId } from '@urs/sync-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema.js';
import { insertSchool } from './db/schools.js';
import { entryDatabase, type EntryDatabase } from './test/entry-database.js';
import { runEntry } from './test/run-entry.js';

const entry = fileURLToPath(new URL('./create-admin.ts', import.meta.url));
let database: EntryDatabase;
beforeAll(async () => {
  database = await entryDatabase();
});
afterAll(() => database.drop());

/** The real process entry, from source, on a new database of the tests' engine. */
const run = (vars: Record<string, string>) =>
  runEntry(entry, { ...database.vars, SCRYPT_LOG_N: '10', ...vars });

const admin = {
  URS_ADMIN_NAME: 'Dewi Lestari',
  URS_ADMIN_EMAIL: 'dewi.lestari@dinas.go.id',
  URS_ADMIN_PASSWORD: 'kata-sandi-kuat',
};

async function userOf(email: string) {
  const db = database.open();
  try {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    await db.close();
  }
}

// Each case compiles the entry with tsx in a process of its own: slow on a loaded machine.
describe('node api/dist/create-admin.js', { timeout: 60_000 }, () => {
  it('migrates a new database and adds the administrator, then refuses the same email in one line', async () => {
    const made = await run(admin);
    expect(made).toEqual({
      code: 0,
      stdout:
        'Created the administrator Dewi Lestari <dewi.lestari@dinas.go.id> of SMA Harapan Nusantara.\n',
      stderr: '',
    });

    const again = await run(admin);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      /^URS cannot create the administrator: URS_ADMIN_EMAIL: [^\n]+\n$/,
    );
  });

  it('makes a district administrator of no school with URS_ROLE, and refuses an unknown role', async () => {
    const district = {
      ...admin,
      URS_ADMIN_EMAIL: 'kepala@dinas.go.id',
      URS_ROLE: 'district_admin',
    };
    expect(await run(district)).toEqual({
      code: 0,
      stdout: 'Created the district administrator Dewi Lestari <kepala@dinas.go.id>.\n',
      stderr: '',
    });
    expect(await userOf('kepala@dinas.go.id')).toMatchObject({
      role: 'district_admin',
      schoolId: null,
    });

    const unknown = await run({ ...admin, URS_ADMIN_EMAIL: 'x@dinas.go.id', URS_ROLE: 'dinas' });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(
      /^URS cannot create the administrator: URS_ROLE: "dinas" [^\n]+\n$/,
    );
  });

  it('with a second school, needs URS_SCHOOL_ID and puts the admin in the school it names', async () => {
    const second = newId();
    const db = database.open();
    try {
      await db.write((tx) => insertSchool(tx, { id: second, name: 'SMP Negeri 2 Sleman' }));
    } finally {
      await db.close();
    }
    const account = { ...admin, URS_ADMIN_EMAIL: 'admin@smpn2sleman.sch.id' };

    const unnamed = await run(account);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr).toMatch(
      /^URS cannot create the administrator: URS_SCHOOL_ID: this deployment has 2 schools; [^\n]+\n$/,
    );
    expect(unnamed.stderr).toContain(`${second} (SMP Negeri 2 Sleman)`);

    const unknown = await run({ ...account, URS_SCHOOL_ID: newId() });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^URS cannot create the administrator: URS_SCHOOL_ID: no school has the id [^\n]+\n$/,
    );
    expect(await userOf('admin@smpn2sleman.sch.id')).toBeUndefined();

    expect(await run({ ...account, URS_SCHOOL_ID: second })).toEqual({
      code: 0,
      stdout:
        'Created the administrator Dewi Lestari <admin@smpn2sleman.sch.id> of SMP Negeri 2 Sleman.\n',
      stderr: '',
    });
    expect(await userOf('admin@smpn2sleman.sch.id')).toMatchObject({
      role: 'admin',
      schoolId: second,
    });
  });
});
