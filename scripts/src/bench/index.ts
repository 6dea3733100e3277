import { printTable, type BenchRow } from '../lib/measure.js';
import { analyticsBench } from './analytics-bench.js';
import { bundleSizeRows } from './bundle-size.js';
import { compressionBench } from './compression-bench.js';
import { firstSyncBench } from './first-sync-bench.js';
import { hotEndpointsBench } from './hot-endpoints-bench.js';
import { inventoryBench } from './inventory-bench.js';
import { notifyBench } from './notify-bench.js';
import { postgresBench, schoolsBench } from './postgres-cases.js';
import { roundsComplianceBench } from './rounds-bench.js';
import { syncBench } from './sync-bench.js';
import { tasksBench } from './tasks-bench.js';
import { tcpPushBench } from './tcp-push-bench.js';

/**
 * `npm run bench`: each case is printed as a ratio against a baseline measured in the same
 * run on the same machine, so the numbers compare across machines and days. Not a test.
 * `BENCH_CASES=sync,analytics` runs only the named cases (all of them by default).
 */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const transactions = Number(process.env['BENCH_TRANSACTIONS'] ?? 1_000_000);
const reports = Number(process.env['BENCH_REPORTS'] ?? 200_000);

const CASES: Record<string, () => Promise<BenchRow[]>> = {
  sync: () => syncBench(rounds),
  'sync-tcp': () => tcpPushBench(rounds),
  'hot-endpoints': () => hotEndpointsBench(rounds),
  compression: () => compressionBench(rounds),
  'first-sync': () => firstSyncBench(rounds),
  tasks: () => tasksBench(rounds),
  rounds: () => roundsComplianceBench(rounds * 2),
  inventory: () => inventoryBench(rounds * 20, transactions),
  analytics: () => analyticsBench(rounds * 2, reports),
  notify: () => notifyBench(rounds),
  postgres: () => postgresBench(),
  schools: () => schoolsBench(),
  bundle: () => bundleSizeRows(),
};

const chosen = (process.env['BENCH_CASES'] ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const unknown = chosen.filter((name) => !(name in CASES));
if (unknown.length > 0) {
  console.error(
    `BENCH_CASES: unknown case ${unknown.join(', ')} (known: ${Object.keys(CASES).join(', ')})`,
  );
  process.exit(1);
}
const rows: BenchRow[] = [];
for (const [name, run] of Object.entries(CASES)) {
  if (chosen.length === 0 || chosen.includes(name)) rows.push(...(await run()));
}
printTable(rows);
const rss = process.resourceUsage().maxRSS / 1024;
console.log(`\nPeak resident memory of the bench process: ${rss.toFixed(0)} MB (${rounds} rounds)`);
