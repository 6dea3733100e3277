import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParentMessage, ServerMessage } from './tcp-push-server.js';

export const SERVER_ENTRY = fileURLToPath(new URL('./tcp-push-server.js', import.meta.url));

/** An API process of its own (tcp-push-server.ts) serving one PostgreSQL database on a local port. */
export interface ApiProcess {
  child: ChildProcess;
  port: number;
}

export async function startApi(url: string): Promise<ApiProcess> {
  const child = fork(SERVER_ENTRY, [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_SERVE_DATABASE_URL: url },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.kind === 'listening') resolve(message.port);
      else reject(new Error(`API process answered ${message.kind}`));
    });
    child.once('exit', (code) => {
      reject(new Error(`API process exited (${String(code)})`));
    });
  });
  return { child, port };
}

/** Asks every process to exit and waits until each has. */
export async function stopApis(apis: readonly ApiProcess[]): Promise<void> {
  const exited = apis.map((api) =>
    api.child.exitCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => api.child.once('exit', resolve)),
  );
  for (const api of apis) {
    if (api.child.connected) api.child.send({ kind: 'exit' } satisfies ParentMessage);
  }
  await Promise.all(exited);
}
