import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { redact } from '@urs/api';
import type { BenchRow } from '../lib/measure.js';
import { postgresAdminUrl, ROWS_MARKER } from './postgres-target.js';

const ENTRY = fileURLToPath(new URL('./postgres-bench.js', import.meta.url));
const SCHOOLS_ENTRY = fileURLToPath(new URL('./schools-bench.js', import.meta.url));

/**
 * The PostgreSQL cases (postgres-bench.ts) in a child process, when a server is reachable;
 * otherwise says so and returns no rows.
 */
export function postgresBench(): Promise<BenchRow[]> {
  return inChildProcess(ENTRY, 'PostgreSQL cases');
}

/** The district cases (schools-bench.ts: 50 schools, 8 schools pushing), likewise. */
export function schoolsBench(): Promise<BenchRow[]> {
  return inChildProcess(SCHOOLS_ENTRY, 'PostgreSQL schools cases');
}

async function inChildProcess(entry: string, what: string): Promise<BenchRow[]> {
  const adminUrl = await postgresAdminUrl();
  if (adminUrl === undefined) {
    console.log(
      `${what} skipped: no server reachable (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a role that may CREATEDB, or start the local cluster).`,
    );
    return [];
  }
  console.log(`${what} on ${redact(adminUrl)}, in databases of their own, dropped after.`);
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, BENCH_PG_ADMIN_URL: adminUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const line = out.split('\n').find((l) => l.startsWith(ROWS_MARKER));
  if (code !== 0 || line === undefined) {
    throw new Error(`${what} failed (exit ${String(code)}):\n${out}`);
  }
  return JSON.parse(line.slice(ROWS_MARKER.length)) as BenchRow[];
}
