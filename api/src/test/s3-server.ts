import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** s3rver's fixed development account; it checks the key id, so another one is refused. */
export const S3RVER_CREDENTIALS = { id: 'S3RVER', secret: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** Environment that points the API at this server, under its own key prefix. */
  env(prefix: string): Record<string, string>;
  /** Stops the process and removes everything it stored. */
  stop(): Promise<void>;
}

// The child exits when its stdin closes, so a test worker that dies never leaves it running.
const EXIT_WITH_PARENT = "process.stdin.on('end', () => process.exit(0)).resume();";

/**
 * A real S3-compatible server (s3rver, in its own Node process) on 127.0.0.1 and a free port,
 * storing into a temporary directory, with one bucket made at start.
 */
export async function startS3Server(bucket = 'urs-test'): Promise<S3TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-s3rver-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const args = ['-d', dir, '-a', '127.0.0.1', '-p', '0', '-s', '--configure-bucket', bucket];
  const child = spawn(
    process.execPath,
    ['-e', `${EXIT_WITH_PARENT} require(process.argv[1]);`, bin, ...args],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(out);
      if (match !== null) resolve(Number(match[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`s3rver exited (${code}) before listening: ${err}`)),
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      PHOTO_STORE: `s3://${bucket}/${prefix}`,
      PHOTO_STORE_ENDPOINT: endpoint,
      PHOTO_STORE_ACCESS_KEY_ID: S3RVER_CREDENTIALS.id,
      PHOTO_STORE_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secret,
      PHOTO_STORE_FORCE_PATH_STYLE: 'true',
    }),
    async stop() {
      child.stdin.end();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
