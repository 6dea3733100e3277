import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runEntry } from './test/run-entry.js';

const entry = fileURLToPath(new URL('./create-admin.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-create-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The real process entry, from source, on a SQLite database of its own. */
const run = (vars: Record<string, string>) =>
  runEntry(entry, { DATA_DIR: dataDir, SCRYPT_LOG_N: '10', ...vars });

const admin = {
  URS_ADMIN_NAME: 'Dewi Lestari',
  URS_ADMIN_EMAIL: 'dewi.lestari@dinas.go.id',
  URS_ADMIN_PASSWORD: 'kata-sandi-kuat',
};

// Each case compiles the entry with tsx in a process of its own: slow on a loaded machine.
describe('node api/dist/create-admin.js', { timeout: 60_000 }, () => {
  it('migrates a new database and adds the administrator, then refuses the same email in one line', async () => {
    const made = await run(admin);
    expect(made).toEqual({
      code: 0,
      stdout: 'Created the administrator Dewi Lestari <dewi.lestari@dinas.go.id>.\n',
      stderr: '',
    });
    expect(fs.existsSync(path.join(dataDir, 'urs.sqlite'))).toBe(true);

    const again = await run(admin);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      /^URS cannot create the administrator: URS_ADMIN_EMAIL: [^\n]+\n$/,
    );
  });
});
