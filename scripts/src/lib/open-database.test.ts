import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEntry } from '@urs/api';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-open-database-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A script entry, from source, as an operator would run it. */
const run = (entry: string, vars: Record<string, string>) =>
  runEntry(fileURLToPath(new URL(entry, import.meta.url)), {
    DATA_DIR: dataDir,
    PORT: '0',
    ...vars,
  });

const MALFORMED = 'jdbc:postgresql://db.internal/urs';
const WHY = `DATABASE_URL: "${MALFORMED}" is neither a postgres:// URL nor a SQLite file path (`;

/** Exactly one line on stderr, starting with `start`: the operator's message, no stack trace. */
function oneLine(stderr: string, start: string): void {
  expect(stderr.split('\n')).toEqual([expect.any(String), '']);
  expect(stderr.startsWith(start)).toBe(true);
}

// Each case compiles its entry with tsx in a process of its own: slow on a loaded machine.
describe(
  'npm start and npm run seed with a DATABASE_URL that cannot work',
  { timeout: 60_000 },
  () => {
    it('npm start stops with one line, no stack trace', async () => {
      const result = await run('../start.ts', { DATABASE_URL: MALFORMED });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      oneLine(result.stderr, `URS cannot start: ${WHY}`);
    });

    it('npm run seed stops with one line, no stack trace', async () => {
      const result = await run('../seed/cli.ts', { DATABASE_URL: MALFORMED });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      oneLine(result.stderr, `Cannot seed: ${WHY}`);
    });
  },
);
