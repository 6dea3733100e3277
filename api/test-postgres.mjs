// The API suites again on PostgreSQL (after `vitest run` on SQLite), whenever one is reachable:
// TEST_DATABASE_URL if set; otherwise, as root on a machine with Debian's postgresql package,
// the local cluster, started if it is down, with the test role of test-role.sql. Without either
// the run says so plainly and passes on SQLite alone; `.ci/run` makes sure CI always has one.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LOCAL_URL = 'postgres://urs_test:urs_test@127.0.0.1:5432/postgres';

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function localCluster() {
  if (process.getuid?.() !== 0 || !has('pg_lsclusters') || !has('pg_ctlcluster')) return undefined;
  const clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4);
  const [version, name, , status] = clusters[0] ?? [];
  if (version === undefined || name === undefined) return undefined;
  if (status !== 'online')
    execFileSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' });
  execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-q', '-v', 'ON_ERROR_STOP=1'], {
    input: readFileSync(new URL('./test-role.sql', import.meta.url)),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  return LOCAL_URL;
}

const url = process.env.TEST_DATABASE_URL || localCluster();
if (url === undefined) {
  console.log(
    '[api] no PostgreSQL reachable (set TEST_DATABASE_URL): the API suites ran on SQLite only.',
  );
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run'], {
  stdio: 'inherit',
  env: { ...process.env, URS_TEST_ENGINE: 'postgres', TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
