import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from './test/s3-server.js';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.stop());

/** The real process entry, from source, as an operator would start it. */
function startApi(vars: Record<string, string>) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-entry-'));
  const child = spawn(process.execPath, ['--conditions=@urs/source', '--import', 'tsx', entry], {
    env: {
      PATH: process.env['PATH'] ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      // The SDK's advice about Node 22 is a multi-line warning of its own, not ours to test.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...vars,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    stdout: string;
    stderr: string;
    migrated: boolean;
  }>((resolve) =>
    child.once('exit', (code) => {
      const migrated = fs.existsSync(path.join(dataDir, 'urs.sqlite'));
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr, migrated });
    }),
  );
  const listening = new Promise<string>((resolve) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
  });
  return { child, exited, listening };
}

// Each case starts a real Node process that compiles the entry with tsx: on a loaded 2-core CI
// machine that alone has taken more than vitest's default 5 s. The limit only guards a hang.
describe('the API process with a photo store it cannot use', { timeout: 60_000 }, () => {
  it('stops before migrating, with one line naming a missing bucket', async () => {
    const api = startApi({ ...s3.env(''), PHOTO_STORE: 's3://no-such-bucket' });
    const result = await api.exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `URS cannot start: photo store s3://no-such-bucket/ at ${s3.endpoint}: the bucket does not exist\n`,
    );
    expect(result.stdout).toBe('');
    expect(result.migrated).toBe(false);
  });

  it('stops with one line naming an endpoint nothing answers on', async () => {
    const api = startApi({ ...s3.env(''), PHOTO_STORE_ENDPOINT: 'http://127.0.0.1:9' });
    const result = await api.exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `URS cannot start: photo store s3://${s3.bucket}/ at http://127.0.0.1:9: cannot reach the endpoint (ECONNREFUSED)\n`,
    );
  });

  it('starts and serves with a bucket it can use', async () => {
    const api = startApi(s3.env('entry'));
    const url = await Promise.race([
      api.listening,
      api.exited.then((r) => Promise.reject(new Error(`exited ${r.code}: ${r.stderr}`))),
    ]);
    expect(fs.existsSync(path.join(dataDir, 'urs.sqlite'))).toBe(true);
    const health = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/health`);
    expect(health.status).toBe(200);
    api.child.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);
  });
});
