import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries (environment.md); LOADTEST_PG_BIN names others. */
const PG_BIN = process.env['LOADTEST_PG_BIN'] ?? '/usr/lib/postgresql/15/bin';
const ROLE = 'urs_loadtest';

/**
 * A PostgreSQL cluster of the load test's own (initdb + pg_ctl in a temporary directory, on a
 * free port of 127.0.0.1), so that `LOADTEST_FAULTS=1` can restart it: the shared cluster on
 * 5432 serves everyone else's tests and is never restarted. PostgreSQL refuses to run as root;
 * run as root, the cluster belongs to the `postgres` user (runuser).
 */
export interface PrivatePostgres {
  /** A superuser's URL (trust auth, 127.0.0.1 only): the run creates its database there. */
  adminUrl: string;
  port: number;
  /** Stops the server (fast shutdown: open sessions are cut), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-loadtest-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  const pg = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : run(path.join(PG_BIN, bin), args);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  await pg('initdb', ['-D', data, '-U', ROLE, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  // Enough connections for several API processes' pools, the watcher and the seed.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => pg('pg_ctl', ['-D', data, '-l', log, '-w', '-o', options, 'start']);
  const stop = () => pg('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
  await start();
  return {
    adminUrl: `postgres://${ROLE}@127.0.0.1:${port}/postgres`,
    port,
    async restart(downMs) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async destroy() {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
