import { chromium } from 'playwright-core';
import { median } from '../lib/measure.js';
import { startAppServer, type AppServer } from './app-server.js';
import { longTaskFigures, type LongTask, type LongTaskFigures } from './long-task-figures.js';
import { ADMIN, CHROME_PATH, inFreshProfile, type Account } from './run-lighthouse.js';

/**
 * `npm run long-tasks`: the main thread's long tasks as a visitor's browser has them, on the
 * login page and a signed-in admin's dashboard, each a first visit on a fresh profile at a real
 * 4x CPU throttle (the network is the machine's own). The page reports its long tasks itself
 * (a `PerformanceObserver`); no trace is recorded, since recording one changes what is measured:
 * with Lighthouse's trace categories, V8 spends 8-20 ms (at full speed) of the entry's task on
 * the trace's copies of the scripts' sources, or on the source positions of the stacks the trace
 * records, which a visitor's browser never does. Not a test: the figures move with the load.
 *
 * LONG_TASKS_WEB_DISTS=/tmp/dist-a,/tmp/dist-b measures several builds, alternated run by run, so
 * a change can be compared with the build before on the same machine at the same hour;
 * LONG_TASKS_RUNS (default 5) runs of each page for each build.
 */
const RUNS = Number(process.env['LONG_TASKS_RUNS'] ?? 5);
const BUILDS = process.env['LONG_TASKS_WEB_DISTS']?.split(',').map((dir) => dir.trim()) ?? [
  undefined,
];
const CPU_SLOWDOWN = 4;
/** Lighthouse's emulated phone, so the pages lay out as in its runs. */
const PHONE = { width: 412, height: 823 };
/** How long a run watches the page after its load event: the dashboard's first sync included. */
const WATCH_MS = 4000;

interface PageCase {
  name: string;
  path: string;
  signedInAs?: Account;
}

const PAGES: PageCase[] = [
  { name: 'login', path: '/login' },
  { name: 'dashboard, signed in', path: '/', signedInAs: ADMIN },
];

/** Put in the page before any of its scripts: keeps every long task the page reports. */
function watchLongTasks(): void {
  const seen: [number, number][] = [];
  (window as unknown as { __longTasks: [number, number][] }).__longTasks = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function runOnce(server: AppServer, page: PageCase): Promise<LongTaskFigures> {
  return inFreshProfile(server.url, page.signedInAs, async (port) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const tab = await context.newPage();
      await tab.setViewportSize(PHONE);
      await tab.addInitScript(watchLongTasks);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load' });
      await tab.waitForTimeout(WATCH_MS);
      const { tasks, firstPaint } = await tab.evaluate(() => ({
        tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      if (firstPaint === undefined) throw new Error(`${page.name}: no first contentful paint`);
      const longTasks: LongTask[] = tasks.map(([startMs, durationMs]) => ({ startMs, durationMs }));
      return longTaskFigures(longTasks, firstPaint);
    } finally {
      await browser.close();
    }
  });
}

const servers = new Map<string, AppServer>();
/** Each build's runs of each page, in the order measured. */
const results: { build: string; page: string; runs: LongTaskFigures[] }[] = [];
try {
  for (const build of BUILDS) servers.set(build ?? 'web/dist', await startAppServer(build));
  for (const build of servers.keys()) {
    for (const page of PAGES) results.push({ build, page: page.name, runs: [] });
  }
  for (let run = 0; run < RUNS; run++) {
    for (const [build, server] of servers) {
      for (const page of PAGES) {
        const figures = await runOnce(server, page);
        results.find((r) => r.build === build && r.page === page.name)?.runs.push(figures);
        console.log(
          `run ${run + 1}/${RUNS} ${build} | ${page.name}: blocking ${figures.blockingMs.toFixed(0)} ms, longest task ${figures.longestMs.toFixed(0)} ms, ${figures.count} long tasks`,
        );
      }
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
}

console.log(
  `\nLong tasks after the first paint, medians of ${RUNS} runs, Chromium ${CHROME_PATH} at ${CPU_SLOWDOWN}x CPU, no trace recorded\n`,
);
console.log('| build | page | blocking time | longest task | long tasks |');
console.log('|---|---|---:|---:|---:|');
for (const { build, page, runs } of results) {
  const all = runs.map((f) => f.blockingMs.toFixed(0)).join(', ');
  console.log(
    `| ${build} | ${page} | ${median(runs.map((f) => f.blockingMs)).toFixed(0)} ms (${all}) | ${median(runs.map((f) => f.longestMs)).toFixed(0)} ms | ${median(runs.map((f) => f.count))} |`,
  );
}
