import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from './db/schema.js';
import { FIRST_SCHOOL_ID } from './db/schools.js';
import { entryDatabase, type EntryDatabase } from './test/entry-database.js';
import { runEntry } from './test/run-entry.js';

const entry = fileURLToPath(new URL('./create-school.ts', import.meta.url));
let database: EntryDatabase;
beforeAll(async () => {
  database = await entryDatabase();
});
afterAll(() => database.drop());

/** The real process entry, from source, on a new database of the tests' engine. */
const run = (vars: Record<string, string>) =>
  runEntry(entry, { ...database.vars, SCRYPT_LOG_N: '10', ...vars });

const school = {
  URS_SCHOOL_NAME: 'SMP Negeri 2 Sleman',
  URS_ADMIN_NAME: 'Dewi Lestari',
  URS_ADMIN_EMAIL: 'Dewi.Lestari@smpn2sleman.sch.id',
  URS_ADMIN_PASSWORD: 'kata-sandi-kuat',
};

// Each case compiles the entry with tsx in a process of its own: slow on a loaded machine.
describe('node api/dist/create-school.js', { timeout: 60_000 }, () => {
  it('migrates a new database, adds the school and its admin, and prints its id and code', async () => {
    const made = await run(school);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const printed =
      /^Created the school SMP Negeri 2 Sleman with its administrator Dewi Lestari <dewi\.lestari@smpn2sleman\.sch\.id>\.\nschool id: (\S+)\nregistration code: (\S+)\n$/.exec(
        made.stdout,
      );
    expect(printed, made.stdout).not.toBeNull();
    const [, id, code] = printed ?? [];

    const db = database.open();
    try {
      const rows = await db.select().from(schools).orderBy(schools.name);
      // The migration's first school, and the new one beside it, active, with the code printed.
      expect(rows.map((row) => [row.id, row.name])).toEqual([
        [FIRST_SCHOOL_ID, 'SMA Harapan Nusantara'],
        [id, 'SMP Negeri 2 Sleman'],
      ]);
      expect(rows[1]).toMatchObject({ registrationCode: code, deactivatedAt: null });
      const [admin] = await db
        .select()
        .from(users)
        .where(eq(users.email, 'dewi.lestari@smpn2sleman.sch.id'));
      expect(admin).toMatchObject({ role: 'admin', schoolId: id, name: 'Dewi Lestari' });
    } finally {
      await db.close();
    }
  });

  it('refuses a taken school name in one line, naming the variable, and adds nothing', async () => {
    const again = await run({ ...school, URS_ADMIN_EMAIL: 'kepala@smpn2sleman.sch.id' });
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr: 'URS cannot create the school: URS_SCHOOL_NAME: Nama sekolah sudah dipakai.\n',
    });
    const db = database.open();
    try {
      expect(await db.select().from(schools)).toHaveLength(2);
      expect(
        await db.select().from(users).where(eq(users.email, 'kepala@smpn2sleman.sch.id')),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('refuses a taken email, and names every missing or weak value, each in one line', async () => {
    const taken = await run({ ...school, URS_SCHOOL_NAME: 'SMP Negeri 3 Sleman' });
    expect(taken).toEqual({
      code: 1,
      stdout: '',
      stderr: 'URS cannot create the school: URS_ADMIN_EMAIL: Email sudah terdaftar.\n',
    });

    const weak = await run({ URS_ADMIN_EMAIL: 'bukan-email', URS_ADMIN_PASSWORD: 'pendek' });
    expect(weak.code).toBe(1);
    expect(weak.stdout).toBe('');
    expect(weak.stderr).toMatch(/^URS cannot create the school: [^\n]+\n$/);
    const named = weak.stderr
      .replace('URS cannot create the school: ', '')
      .split('; ')
      .map((part) => part.split(':')[0]);
    expect(named).toEqual([
      'URS_SCHOOL_NAME',
      'URS_ADMIN_NAME',
      'URS_ADMIN_EMAIL',
      'URS_ADMIN_PASSWORD',
    ]);
  });
});
