import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { median } from '../lib/measure.js';
import { BASELINE_PATH, startAppServer } from './app-server.js';
import { figuresOf, type PageFigures } from './figures.js';
import { ADMIN, runLighthouse, type SignedIn } from './run-lighthouse.js';

/**
 * `npm run lighthouse`: Lighthouse mobile on the built app as `npm start` serves it: the login
 * page, the dashboard of a signed-in admin on a fresh profile, and a trivial static page from
 * the same server as the same-run baseline. Prints medians of LIGHTHOUSE_RUNS runs (default 3)
 * against the issue's targets. Not a test: the figures move with the machine's load.
 */
const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
/**
 * Saves every run's full Lighthouse result (JSON) and its trace (`.trace.json`, opens in Chrome
 * DevTools' Performance panel) here when set, to see what it flagged and what it measured.
 */
const REPORT_DIR = process.env['LIGHTHOUSE_REPORT_DIR'];

const TARGETS = { performance: 0.95, accessibility: 1, lcpRatio: 1.5 };

interface PageCase {
  name: string;
  path: string;
  signedInAs?: SignedIn;
  /** The baseline is measured, not judged. */
  judged: boolean;
}

const ALL_CASES: PageCase[] = [
  { name: 'static page (baseline)', path: BASELINE_PATH, judged: false },
  { name: 'login', path: '/login', judged: true },
  {
    name: 'dashboard, signed in',
    path: '/',
    signedInAs: { who: ADMIN, fresh: false },
    judged: true,
  },
  // A new phone: signed in, nothing synced; its first sync of the school runs during the load.
  {
    name: 'dashboard, fresh device',
    path: '/',
    signedInAs: { who: ADMIN, fresh: true },
    judged: true,
  },
];
/**
 * LIGHTHOUSE_PAGES=dashboard measures only the pages whose name starts with one of the given
 * words (comma-separated); the static baseline is always measured, since every ratio needs it.
 */
const ONLY = process.env['LIGHTHOUSE_PAGES']?.split(',').map((word) => word.trim());
const CASES = ALL_CASES.filter(
  (c) => !c.judged || ONLY === undefined || ONLY.some((word) => c.name.startsWith(word)),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

function medianOf(runs: PageFigures[], pick: (f: PageFigures) => number): number {
  return median(runs.map(pick));
}

const server = await startAppServer();
const results = new Map<string, PageFigures[]>(CASES.map((c) => [c.name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    // Rotating the order spreads any warm-up of the server or the machine over every page.
    const order = CASES.map((_, i) => CASES[(i + run) % CASES.length]);
    for (const page of order) {
      if (page === undefined) continue;
      const { lhr, trace } = await runLighthouse(`${server.url}${page.path}`, page.signedInAs);
      if (REPORT_DIR !== undefined) {
        await mkdir(REPORT_DIR, { recursive: true });
        const file = path.join(REPORT_DIR, `${page.name.replace(/\W+/g, '-')}-${run + 1}`);
        await writeFile(`${file}.json`, JSON.stringify(lhr));
        await writeFile(`${file}.trace.json`, JSON.stringify(trace));
      }
      const figures = figuresOf(lhr);
      results.get(page.name)?.push(figures);
      console.log(
        `run ${run + 1}/${RUNS} ${page.name}: performance ${figures.performance}, accessibility ${figures.accessibility}, LCP ${figures.lcpMs.toFixed(0)} ms, TBT ${figures.tbtMs.toFixed(0)} ms, ${kb(figures.transferredBytes)} transferred, benchmark index ${figures.benchmarkIndex.toFixed(0)}; observed FCP ${figures.observed.fcpMs.toFixed(0)} ms, LCP ${figures.observed.lcpMs.toFixed(0)} ms (${figures.lcpElement})`,
      );
    }
  }
} finally {
  await server.stop();
}

const baselineLcp = medianOf(results.get(CASES[0]?.name ?? '') ?? [], (f) => f.lcpMs);
console.log(
  `\nLighthouse ${RUNS === 1 ? '1 run' : `medians of ${RUNS} runs`}, mobile (emulated phone, simulated slow 4G, 4x CPU), Chromium ${process.env['CHROME_PATH'] ?? '/usr/bin/chromium'}\n`,
);
console.log(
  '| page | performance | accessibility | LCP | LCP / static page | FCP | TBT | transferred (JS) | requests |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const verdicts: string[] = [];
for (const page of CASES) {
  const runs = results.get(page.name) ?? [];
  const perf = medianOf(runs, (f) => f.performance);
  const a11y = medianOf(runs, (f) => f.accessibility);
  const lcp = medianOf(runs, (f) => f.lcpMs);
  const ratio = lcp / baselineLcp;
  console.log(
    `| ${page.name} | ${perf.toFixed(2)} | ${a11y.toFixed(2)} | ${lcp.toFixed(0)} ms | ${ratio.toFixed(2)}x | ${medianOf(runs, (f) => f.fcpMs).toFixed(0)} ms | ${medianOf(runs, (f) => f.tbtMs).toFixed(0)} ms | ${kb(medianOf(runs, (f) => f.transferredBytes))} (${kb(medianOf(runs, (f) => f.scriptBytes))}) | ${medianOf(runs, (f) => f.requests)} |`,
  );
  if (!page.judged) continue;
  verdicts.push(
    `${page.name}: performance >= ${TARGETS.performance} ${verdict(perf >= TARGETS.performance)}, accessibility ${TARGETS.accessibility} ${verdict(a11y >= TARGETS.accessibility)}, LCP <= ${TARGETS.lcpRatio}x the static page ${verdict(ratio <= TARGETS.lcpRatio)}`,
  );
  const flagged = new Set(runs.flatMap((f) => f.flagged));
  for (const audit of flagged) verdicts.push(`  flagged in some run: ${audit}`);
}
console.log(`\n${verdicts.join('\n')}`);
