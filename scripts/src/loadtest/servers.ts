import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** An API process serving the run's database on a local port. */
export interface RunningApi {
  port: number;
  /** Its process id, for its memory; changes when it is started again. */
  readonly pid: number | undefined;
  /** kill -9, as a crash or an OOM kill does: no shutdown, open requests cut. */
  kill(): void;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** Times it exited unasked (neither killed by the injector nor stopped): a crash. */
  readonly crashes: number;
  stop(): Promise<void>;
}

const BUILT = fileURLToPath(new URL('./api-server.js', import.meta.url));
const SOURCE = fileURLToPath(new URL('./api-server.ts', import.meta.url));

/**
 * Each API is a process of its own, as a deployment runs them: the built entry when `npm run
 * loadtest` built it, else (the test in `npm test`, run from the sources) the source through
 * tsx, as api/src/test/run-entry.ts runs entries.
 */
function spawnApi(url: string, env: Record<string, string>, port: number) {
  const fromSource = !fs.existsSync(BUILT);
  const child = fork(fromSource ? SOURCE : BUILT, [], {
    execArgv: fromSource ? ['--conditions=@urs/source', '--import', 'tsx'] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      LOADTEST_DATABASE_URL: url,
      LOADTEST_API_ENV: JSON.stringify(env),
      LOADTEST_API_PORT: String(port),
      // The AWS SDK's notice about Node 20, once per process started, is not the run's output.
      NODE_NO_WARNINGS: '1',
    },
  });
  const listening = new Promise<number>((resolve, reject) => {
    child.once('message', (message: { kind: string; port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`API process exited (${String(code)})`)));
  });
  return { child, listening };
}

export async function startApis(
  url: string,
  count: number,
  env: Record<string, string>,
): Promise<RunningApi[]> {
  return Promise.all(Array.from({ length: count }, () => startApi(url, env)));
}

async function startApi(url: string, env: Record<string, string>): Promise<RunningApi> {
  let current: ChildProcess;
  let crashes = 0;
  let expected = false;
  const watch = (child: ChildProcess) => {
    child.once('exit', () => {
      if (!expected) crashes += 1;
    });
  };
  const first = spawnApi(url, env, 0);
  current = first.child;
  const port = await first.listening;
  watch(current);
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    get pid() {
      return current.pid;
    },
    get crashes() {
      return crashes;
    },
    kill() {
      expected = true;
      current.kill('SIGKILL');
    },
    async restart() {
      await exited(current);
      expected = false;
      const next = spawnApi(url, env, port);
      current = next.child;
      await next.listening;
      watch(current);
    },
    async stop() {
      expected = true;
      const done = exited(current);
      if (current.connected) current.send({ kind: 'exit' });
      await done;
    },
  };
}
