import { describe, expect, it } from 'vitest';
import { runLoadtest } from './run.js';

/*
 * The short run of `npm run loadtest` (issue 43) on PostgreSQL: devices sign in, poll, push
 * (reports with photos into a local S3 store, stock, comments, rounds) and pull through the
 * round-robin proxy to two API processes for 30 s (the LOADTEST_SECONDS=30), an admin
 * reading beside them. Only the closing line is asserted: something was acknowledged, and
 * everything acknowledged is stored once. Never a timing: this machine's speed, and what else
 * runs on it, decide those.
 */
const adminUrl = process.env['TEST_DATABASE_URL'];

describe.skipIf(!adminUrl)('a short load run on PostgreSQL', () => {
  it('stores every acknowledged mutation exactly once', async () => {
    const result = await runLoadtest({
      adminUrl: adminUrl ?? '',
      processes: 2,
      schools: 2,
      devices: 12,
      seconds: 30,
      intervalMs: 2_000,
      workShare: 0.6,
      admins: 1,
      faults: false,
      privatePostgres: false,
      log: () => undefined,
    });
    const closing = /^acknowledged (\d+), stored \1, lost 0, doubled 0$/.exec(result.closing);
    expect(closing, result.closing).not.toBeNull();
    expect(Number(closing?.[1])).toBeGreaterThan(0);
  }, 240_000);
});
