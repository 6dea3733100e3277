import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where browser tests leave their screenshots and files (web/screenshots). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The servers hash passwords as cheaply as the API tests do (scrypt N = 2^10) instead of
 * npm start's N = 2^17, which costs about 0.4 s of CPU for each sign-in and for the seed's
 * hashes. A file that wants npm start's own cost passes `SCRYPT_LOG_N: undefined`.
 */
const CHEAP_HASHING = { SCRYPT_LOG_N: '10' };

/** Servers and browsers take a server environment: undefined removes a variable. */
export type ServerEnv = Record<string, string | undefined>;

/**
 * Starts the real `npm start` entry (scripts/dist/start.js: migrate, seed, serve API + PWA)
 * on a free port with its own data directory, and resolves once it prints its URL.
 */
export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...CHEAP_HASHING,
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) {
    if (value === undefined) delete childEnv[name];
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/dist/start.js')],
    { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /URS is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65.1, chromiumSwitches.ts).
 * Chromium keeps only the last `--disable-features` on its command line, so a flag of ours must
 * repeat Playwright's list or it would turn those features back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Debian's chromium, headless, with the flags this closed network needs.
 *
 * RenderDocument (a new frame host for every document, on in Debian's Chromium 150) is also
 * turned off, because of a bug in the offline emulation behind `context.setOffline(true)`.
 * After a navigation made offline (the service worker answering), the new document saw
 * `navigator.onLine === true` and no `offline` event, although every request failed. An app
 * that checks whether a save went out then says it was sent. Four offline browser tests failed
 * that way. With the feature off, the new document is offline as the old one was. A real phone
 * takes `navigator.onLine` from its own network, not from this emulation.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'RenderDocument'].join(',')}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The server and Chromium a browser-test file shares; started once per file. */
export async function startServerAndBrowser(env: ServerEnv = {}): Promise<{
  server: RunningServer;
  browser: Browser;
}> {
  const server = await startServer(env);
  return { server, browser: await launchBrowser() };
}

export async function stopServerAndBrowser(
  server?: RunningServer,
  browser?: Browser,
): Promise<void> {
  await browser?.close();
  await server?.stop();
}

export interface SharedRun {
  server: RunningServer;
  browser: Browser;
  /** Uncaught page errors of the file's pages, for the file to assert empty. */
  problems: string[];
}

/**
 * The server and Chromium of one browser-test file: started (with the screenshot folder made)
 * before its tests, stopped after them. The object returned is filled in before the first test,
 * so a file can hold it in a const; `use` is for files that keep them in their own variables.
 */
export function shareServerAndBrowser(
  use: (run: SharedRun) => void = () => undefined,
  env: ServerEnv = {},
): SharedRun {
  const live = { problems: [] as string[] } as SharedRun;
  let started: { server: RunningServer; browser: Browser } | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    started = await startServerAndBrowser(env);
    Object.assign(live, started);
    use(live);
  });
  afterAll(() => stopServerAndBrowser(started?.server, started?.browser));
  return live;
}
