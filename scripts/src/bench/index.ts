import { printTable } from './measure.js';
import { analyticsBench } from './analytics-bench.js';
import { bundleSizeRows } from './bundle-size.js';
import { firstSyncBench } from './first-sync-bench.js';
import { inventoryBench } from './inventory-bench.js';
import { syncBench } from './sync-bench.js';

/**
 * `npm run bench`: each case is printed as a ratio against a baseline measured in the same
 * run on the same machine, so the numbers compare across machines and days. Not a test.
 */
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const transactions = Number(process.env['BENCH_TRANSACTIONS'] ?? 1_000_000);
const rows = [
  ...(await syncBench(rounds)),
  ...(await firstSyncBench(rounds)),
  ...(await inventoryBench(rounds * 20, transactions)),
  ...(await analyticsBench(rounds * 2, Number(process.env['BENCH_REPORTS'] ?? 200_000))),
  ...(await bundleSizeRows()),
];
printTable(rows);
const rss = process.resourceUsage().maxRSS / 1024;
console.log(`\nPeak resident memory of the bench process: ${rss.toFixed(0)} MB (${rounds} rounds)`);
