import { chromium, type CDPSession } from 'playwright-core';
import { median } from '../lib/measure.js';
import { startAppServer, type AppServer } from './app-server.js';
import { longTaskFigures, type LongTask, type LongTaskFigures } from './long-task-figures.js';
import {
  ADMIN,
  CHROME_PATH,
  inFreshProfile,
  waitForFirstSync,
  type SignedIn,
} from './run-lighthouse.js';

/**
 * `npm run long-tasks`: what a visitor's browser gives on the login page and a signed-in admin's
 * dashboard, on a returning device (its IndexedDB full) and on a fresh one (signed in, nothing
 * synced: its first sync of the school, LIGHTHOUSE_SCHOOL_ROWS rows, runs during the load and is
 * watched to its end; the pulls' bytes on the wire are reported), each a first visit on a fresh profile at a real 4x CPU throttle on a throttled
 * network (slow 4G: 150 ms a request, 1.6 Mbps down, 750 kbps up; LONG_TASKS_NETWORK=off for the
 * machine's own): the first contentful paint, the largest contentful paint, when the live screen
 * is there (the app's own form or greeting in `#root`), the main thread's long tasks after the
 * first paint, and the layout shifts not caused by input (summed as CLS sums them). The page
 * reports them itself (`PerformanceObserver`s); no trace is recorded, since recording one
 * changes what is measured: with Lighthouse's trace categories, V8 spends 8-20 ms
 * (at full speed) of the entry's task on the trace's copies of the scripts' sources, or on the
 * source positions of the stacks the trace records, which a visitor's browser never does. Not a
 * test: the figures move with the load.
 *
 * LONG_TASKS_WEB_DISTS=/tmp/dist-a,/tmp/dist-b measures several builds, alternated run by run, so
 * a change can be compared with the build before on the same machine at the same hour;
 * LONG_TASKS_RUNS (default 5) runs of each page for each build; LONG_TASKS_PAGES=login measures
 * only the pages whose name starts with one of the given words.
 */
const RUNS = Number(process.env['LONG_TASKS_RUNS'] ?? 5);
const BUILDS = process.env['LONG_TASKS_WEB_DISTS']?.split(',').map((dir) => dir.trim()) ?? [
  undefined,
];
const CPU_SLOWDOWN = 4;
/** Slow 4G as Lighthouse's simulation takes it, applied by the browser to each request. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const THROTTLE_NETWORK = process.env['LONG_TASKS_NETWORK'] !== 'off';
/** Lighthouse's emulated phone, so the pages lay out as in its runs. */
const PHONE = { width: 412, height: 823 };
/** How long a run watches the page once its live screen is there: the first sync included. */
const WATCH_MS = 4000;

interface PageCase {
  name: string;
  path: string;
  signedInAs?: SignedIn;
  /** What only the live app draws (not a page drawn ahead): the screen is usable from then on. */
  live: string;
}

const ALL_PAGES: PageCase[] = [
  { name: 'login', path: '/login', live: '#root input' },
  {
    name: 'dashboard, signed in',
    path: '/',
    signedInAs: { who: ADMIN, fresh: false },
    live: '#root .greeting',
  },
  {
    name: 'dashboard, fresh device',
    path: '/',
    signedInAs: { who: ADMIN, fresh: true },
    live: '#root .greeting',
  },
];
const ONLY = process.env['LONG_TASKS_PAGES']?.split(',').map((word) => word.trim());
const PAGES = ALL_PAGES.filter((p) => ONLY === undefined || ONLY.some((w) => p.name.startsWith(w)));

/** A run's figures: the paints and the live screen's time (ms from navigation), the long tasks. */
interface RunFigures extends LongTaskFigures {
  firstPaintMs: number;
  largestPaintMs: number;
  liveMs: number;
  /** The sum of the page's layout shifts not caused by input, as the browser reports them. */
  layoutShift: number;
  /** On a fresh device: when its first sync had ended (ms from navigation), else NaN. */
  firstSyncMs: number;
  /** Bytes on the wire (headers and compressed bodies) of the load's pulls, as the page saw them. */
  pullBytes: number;
  /** How many pull requests the load made. */
  pulls: number;
  /**
   * The page's main-thread time from the navigation to the end of the watch (Chromium's
   * `TaskDuration`: every task on the renderer's main thread, short ones and the work before
   * the first paint included), ms at the throttled speed.
   */
  mainThreadMs: number;
}

interface Watched {
  longTasks: [number, number][];
  /** Each pull's bytes on the wire (Resource Timing's transferSize: headers and body). */
  pulls: number[];
  largestPaint: number | null;
  live: number | null;
  layoutShift: number;
}

/**
 * Put in the page before any of its scripts: keeps every long task the page reports, its latest
 * largest-contentful-paint, and the time `live` (a selector) first matched.
 */
function watchPage(live: string): void {
  const watched: Watched = {
    longTasks: [],
    pulls: [],
    largestPaint: null,
    live: null,
    layoutShift: 0,
  };
  (window as unknown as { __watched: Watched }).__watched = watched;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      watched.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Seen by the page whoever fetched it (a service worker passing a request on, too), which the
  // page's own CDP network events are not.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (new URL(entry.name).pathname === '/api/sync/pull') watched.pulls.push(entry.transferSize);
    }
  }).observe({ type: 'resource', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watched.largestPaint = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) watched.layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const seen = new MutationObserver(() => {
    if (watched.live === null && document.querySelector(live) !== null) {
      watched.live = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
}

/**
 * Waits for the live screen through plain CDP evaluations. Playwright's own waits
 * (`waitForFunction`, `waitForSelector`) first evaluate its injected script in the page, a task
 * of 30 ms at full speed (over 100 ms at 4x) during the load, which a visitor's browser never
 * runs and which the page's long-task observer counted as the page's.
 */
async function waitForLive(cdp: CDPSession, timeout: number): Promise<void> {
  const until = Date.now() + timeout;
  const expression = '(window.__watched?.live ?? null) !== null';
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    if (result.value === true) return;
    if (Date.now() > until) throw new Error('the live screen did not appear');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function runOnce(server: AppServer, page: PageCase): Promise<RunFigures> {
  return inFreshProfile(server.url, page.signedInAs, async (port) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const tab = await context.newPage();
      await tab.setViewportSize(PHONE);
      await tab.addInitScript(watchPage, page.live);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      if (THROTTLE_NETWORK) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
      }
      await cdp.send('Performance.enable');
      const taskTime = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
      };
      const tasksBefore = await taskTime();
      await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load', timeout: 120_000 });
      await waitForLive(cdp, 120_000);
      let firstSyncMs = Number.NaN;
      if (page.signedInAs?.fresh === true) {
        // The whole first sync is watched, then as long as a returning device is.
        await waitForFirstSync(tab, 300_000);
        firstSyncMs = await tab.evaluate(() => performance.now());
      }
      await tab.waitForTimeout(WATCH_MS);
      const tasksAfter = await taskTime();
      // A navigation to another process starts its count afresh.
      const mainThreadMs = tasksAfter >= tasksBefore ? tasksAfter - tasksBefore : tasksAfter;
      const { watched, firstPaint } = await tab.evaluate(() => ({
        watched: (window as unknown as { __watched: Watched }).__watched,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      if (firstPaint === undefined) throw new Error(`${page.name}: no first contentful paint`);
      const longTasks: LongTask[] = watched.longTasks.map(([startMs, durationMs]) => ({
        startMs,
        durationMs,
      }));
      return {
        ...longTaskFigures(longTasks, firstPaint),
        firstPaintMs: firstPaint,
        largestPaintMs: watched.largestPaint ?? firstPaint,
        liveMs: watched.live ?? Number.NaN,
        layoutShift: watched.layoutShift,
        firstSyncMs,
        pullBytes: watched.pulls.reduce((sum, bytes) => sum + bytes, 0),
        pulls: watched.pulls.length,
        mainThreadMs,
      };
    } finally {
      await browser.close();
    }
  });
}

const servers = new Map<string, AppServer>();
/** Each build's runs of each page, in the order measured. */
const results: { build: string; page: string; runs: RunFigures[] }[] = [];
try {
  for (const build of BUILDS) servers.set(build ?? 'web/dist', await startAppServer(build));
  for (const [build, server] of servers) {
    console.log(`${build}: the school holds ${server.schoolRows} rows for a pull`);
  }
  for (const build of servers.keys()) {
    for (const page of PAGES) results.push({ build, page: page.name, runs: [] });
  }
  for (let run = 0; run < RUNS; run++) {
    for (const [build, server] of servers) {
      for (const page of PAGES) {
        const figures = await runOnce(server, page);
        results.find((r) => r.build === build && r.page === page.name)?.runs.push(figures);
        console.log(
          `run ${run + 1}/${RUNS} ${build} | ${page.name}: FCP ${figures.firstPaintMs.toFixed(0)} ms, LCP ${figures.largestPaintMs.toFixed(0)} ms, live ${figures.liveMs.toFixed(0)} ms, main thread ${figures.mainThreadMs.toFixed(0)} ms, blocking ${figures.blockingMs.toFixed(0)} ms, longest task ${figures.longestMs.toFixed(0)} ms, ${figures.count} long tasks, layout shift ${figures.layoutShift.toFixed(3)}, first sync done ${figures.firstSyncMs.toFixed(0)} ms, ${figures.pulls} pulls ${(figures.pullBytes / 1024).toFixed(1)} KB`,
        );
      }
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
}

/** A figure's median and range over the runs: `1234 (1100-1400)`. */
function spread(runs: readonly RunFigures[], pick: (f: RunFigures) => number, digits = 0): string {
  const values = runs.map(pick);
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return `${median(values).toFixed(digits)} (${low}-${high})`;
}

const network = THROTTLE_NETWORK ? 'slow 4G (150 ms, 1.6 Mbps)' : "the machine's own network";
console.log(
  `\nMedians (ranges) of ${RUNS} runs, ms, Chromium ${CHROME_PATH} at ${CPU_SLOWDOWN}x CPU on ${network}, no trace recorded; blocking time and long tasks after the first paint\n`,
);
console.log(
  '| build | page | FCP | LCP | live screen | main-thread time | blocking time | longest task | long tasks | layout shift | first sync done | pulls on the wire |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { build, page, runs } of results) {
  console.log(
    `| ${build} | ${page} | ${spread(runs, (f) => f.firstPaintMs)} | ${spread(runs, (f) => f.largestPaintMs)} | ${spread(runs, (f) => f.liveMs)} | ${spread(runs, (f) => f.mainThreadMs)} | ${spread(runs, (f) => f.blockingMs)} | ${spread(runs, (f) => f.longestMs)} | ${median(runs.map((f) => f.count))} | ${spread(runs, (f) => f.layoutShift, 3)} | ${spread(runs, (f) => f.firstSyncMs)} | ${spread(runs, (f) => f.pullBytes / 1024)} KB (${median(runs.map((f) => f.pulls))}) |`,
  );
}

/** The target: a fresh device blocks at most 1.5x what a returning one does. */
const FRESH_TARGET = 1.5;
for (const build of servers.keys()) {
  const runsOf = (name: string) =>
    results.find((r) => r.build === build && r.page === name)?.runs ?? [];
  const freshRuns = runsOf('dashboard, fresh device');
  const returningRuns = runsOf('dashboard, signed in');
  if (freshRuns.length === 0 || returningRuns.length === 0) continue;
  const fresh = median(freshRuns.map((f) => f.blockingMs));
  const returning = median(returningRuns.map((f) => f.blockingMs));
  const ratio = fresh / Math.max(returning, 1);
  console.log(
    `${build}: fresh device's blocking time ${ratio.toFixed(2)}x the returning device's (target at most ${FRESH_TARGET}x: ${ratio <= FRESH_TARGET ? 'met' : 'NOT met'})`,
  );
}

/**
 * With several builds (the first the one before a change), each later build's login page as a
 * share of the first's: issue 44's target is at most half its main-thread time during the load.
 */
const LOGIN_TARGET = 0.5;
const builds = [...servers.keys()];
const loginRuns = (build: string) =>
  results.find((r) => r.build === build && r.page === 'login')?.runs ?? [];
const [before] = builds;
if (before !== undefined && loginRuns(before).length > 0) {
  for (const build of builds.slice(1)) {
    const runs = loginRuns(build);
    if (runs.length === 0) continue;
    const share = (pick: (f: RunFigures) => number) =>
      median(runs.map(pick)) / Math.max(median(loginRuns(before).map(pick)), 1);
    const main = share((f) => f.mainThreadMs);
    console.log(
      `${build}: login page's main-thread time ${main.toFixed(2)}x ${before}'s, blocking time ${share((f) => f.blockingMs).toFixed(2)}x (target main-thread time at most ${LOGIN_TARGET}x: ${main <= LOGIN_TARGET ? 'met' : 'NOT met'})`,
    );
  }
}
