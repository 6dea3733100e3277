import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { chromium } from 'playwright-core';
import { PULL_PAGE_SIZE } from '@urs/sync-protocol';
import { median, type BenchRow } from '../lib/measure.js';
import { fixture, rawInsert, reportArgs } from './sync-bench.js';

/** What the issue asks of a first sync: at most this many times the raw write, same run. */
export const FIRST_SYNC_TARGET = 1.5;
/**
 * Lighthouse's mobile CPU slowdown, so the figures speak for a mid-range phone.
 * `FIRST_SYNC_CPU_THROTTLE=1` runs the page at full speed, to see how much of a first sync is
 * the page's own work: in Chromium 150 on this machine type the times hardly move (most of it is
 * the browser's IndexedDB, which the throttle does not slow).
 */
const CPU_THROTTLE = Number(process.env['FIRST_SYNC_CPU_THROTTLE'] ?? 4);
if (!(CPU_THROTTLE >= 1)) {
  throw new Error('FIRST_SYNC_CPU_THROTTLE must be a number of 1 or more (1: no slowdown)');
}
const ROWS = 10_000;
/** When set, the app pull's last round is CPU-profiled (CDP Profiler) into this file. */
const PROFILE_FILE = process.env['FIRST_SYNC_PROFILE'];
/** What the web app asks for. */
const PAGE = PULL_PAGE_SIZE;

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));
const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>first sync bench</title>
<script type="module" src="/bench/first-sync.js"></script></head><body></body></html>`;

/** The bench page's script: web/src/bench/first-sync-page.ts with the app's own modules. */
async function buildBenchPage(outDir: string): Promise<void> {
  const { build, defaultClientConditions } = await import('vite');
  await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    resolve: { conditions: ['@urs/source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      // A profile should name our functions; minified names would say nothing.
      minify: PROFILE_FILE === undefined,
      rollupOptions: {
        input: path.join(webDir, 'src/bench/first-sync-page.ts'),
        output: { entryFileNames: 'first-sync.js' },
      },
    },
  });
}

interface RoundResult {
  ms: number;
  rows: number;
}

// The page's half (web/src/bench/first-sync-page.ts) sets this; only its shape crosses over.
declare global {
  interface Window {
    ursFirstSyncBench?: {
      appPull(token: string, userId: string, limit: number): Promise<RoundResult>;
      rawPull(token: string, limit: number): Promise<RoundResult>;
    };
  }
}

/**
 * A first sync of 10,000 reports in Debian's Chromium at 4x CPU throttle: the app's pull
 * (fetch, contract check, bulk writes, cursor, shadows) against fetching the same pages and
 * writing them raw with one IndexedDB transaction per page, alternating which goes first.
 */
export async function firstSyncBench(rounds: number): Promise<BenchRow[]> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'urs-first-sync-page-'));
  await buildBenchPage(outDir);
  const f = await fixture();
  rawInsert(
    f,
    Array.from({ length: ROWS }, (_, i) => reportArgs(f.areaId, i)),
  );
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req: Request) => {
      const { pathname } = new URL(req.url);
      if (pathname === '/bench') {
        return new Response(PAGE_HTML, { headers: { 'content-type': 'text/html' } });
      }
      // The entry and the chunks it loads lazily (the contract), all built into outDir.
      const chunk = /^\/bench\/((?:assets\/)?[\w-]+\.js)$/.exec(pathname)?.[1];
      if (chunk !== undefined) {
        return readFile(path.join(outDir, chunk)).then(
          (code) => new Response(code, { headers: { 'content-type': 'text/javascript' } }),
          () => new Response('not found', { status: 404 }),
        );
      }
      return f.app.fetch(req);
    },
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/bench`);
    await page.waitForFunction(() => window.ursFirstSyncBench !== undefined);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

    const app = (): Promise<RoundResult> =>
      page.evaluate(
        ([token, userId, limit]) => {
          const bench = window.ursFirstSyncBench;
          if (bench === undefined) throw new Error('bench page not loaded');
          return bench.appPull(token, userId, limit);
        },
        [f.token, f.userId, PAGE] as const,
      );
    const raw = (): Promise<RoundResult> =>
      page.evaluate(
        ([token, limit]) => {
          const bench = window.ursFirstSyncBench;
          if (bench === undefined) throw new Error('bench page not loaded');
          return bench.rawPull(token, limit);
        },
        [f.token, PAGE] as const,
      );

    // One unrecorded round of each: the first fetches and IndexedDB opens warm the browser.
    await raw();
    await app();
    const appTimes: number[] = [];
    const rawTimes: number[] = [];
    let rows = 0;
    for (let r = 0; r < rounds; r++) {
      const [first, second] = r % 2 === 0 ? [app, raw] : [raw, app];
      const a = await first();
      const b = await second();
      const [appRound, rawRound] = r % 2 === 0 ? [a, b] : [b, a];
      if (appRound.rows !== rawRound.rows) {
        throw new Error(`app pulled ${appRound.rows} rows, raw ${rawRound.rows}`);
      }
      rows = appRound.rows;
      appTimes.push(appRound.ms);
      rawTimes.push(rawRound.ms);
    }
    if (PROFILE_FILE !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await app();
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(PROFILE_FILE, JSON.stringify(profile));
      console.log(`first sync: CPU profile of one app pull written to ${PROFILE_FILE}`);
    }
    if (rows < ROWS) throw new Error(`the first sync brought ${rows} rows, expected ${ROWS}+`);
    return [
      {
        name: `first sync of ${rows.toLocaleString('en')} rows in Chromium at ${CPU_THROTTLE}x CPU throttle (app pull, pages of ${PAGE})`,
        baseline: 'same pages fetched and written raw, one IndexedDB transaction per page',
        ms: median(appTimes),
        baselineMs: median(rawTimes),
        target: FIRST_SYNC_TARGET,
      },
    ];
  } finally {
    await browser.close();
    server.close();
    await f.server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
