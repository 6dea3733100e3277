import pg from 'pg';
import { applyPushBatch, createTestDatabase, FIRST_SCHOOL_ID, recountSchool } from '@urs/api';
import {
  JOB_PRIORITIES,
  newId,
  PULL_PAGE_SIZE,
  pushRequestSchema,
  REPORT_STATUSES,
  STAFF_ROLES,
} from '@urs/sync-protocol';
import { analyticsRow, measureAnalytics, SCHOOL_AREAS, SCHOOL_STAFF } from './analytics-bench.js';
import { median, time, type BenchRow } from '../lib/measure.js';
import { ROWS_MARKER } from './postgres-target.js';
import { measureCompliance } from './rounds-bench.js';
import { fixture, pullAll, pushAll, pushBodies, reportArgs, type Fixture } from './sync-bench.js';

/*
 * The push, pull and analytics cases on PostgreSQL (issue 11), run by index.ts in a process of
 * their own: one API process serves one engine (api/src/db/dialect.ts), and the SQLite cases
 * have already claimed the parent's. Rows go back to the parent as one JSON line.
 */

interface PgFixture extends Fixture {
  /** A connection of the raw driver to the same database, for the baselines. */
  raw: pg.Client;
}

/** The sync fixture on a PostgreSQL database of its own (uniquely named, dropped on close). */
async function pgFixture(adminUrl: string): Promise<PgFixture> {
  const f = await fixture(async (dir) => {
    const database = await createTestDatabase(dir, 'postgres', adminUrl);
    return { db: database.db, drop: () => database.drop() };
  });
  const raw = new pg.Client({ connectionString: f.db.location });
  await raw.connect();
  return { ...f, raw };
}

async function closeFixture(f: PgFixture): Promise<void> {
  await f.raw.end();
  await f.server.close();
}

/**
 * The floor: the same rows through the raw `pg` driver in one transaction, each INSERT a named
 * prepared statement, with the change counter taken under the same row lock and the ledger
 * written once, as the push does.
 */
async function rawInsert(f: PgFixture, rows: { id: string; description: string }[]) {
  const c = f.raw;
  const clientId = newId();
  const now = new Date().toISOString();
  await c.query('BEGIN');
  try {
    const counter = await c.query<{ value: number }>(
      `SELECT value FROM change_counter WHERE school_id = '${FIRST_SCHOOL_ID}' FOR UPDATE`,
    );
    let seq = Number(counter.rows[0]?.value ?? 0);
    for (const a of rows) {
      await c.query({
        name: 'bench_insert_report',
        text: `INSERT INTO reports (school_id, id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq)
               VALUES ('${FIRST_SCHOOL_ID}', $1, $2, $3, 'cleaning', $4, 'pending', $5, $6, $7, $8)`,
        values: [a.id, f.userId, f.areaId, a.description, now, now, now, ++seq],
      });
    }
    await c.query(`UPDATE change_counter SET value = $1 WHERE school_id = '${FIRST_SCHOOL_ID}'`, [
      seq,
    ]);
    await c.query(
      `INSERT INTO sync_clients (school_id, user_id, client_id, last_seq, created_at, updated_at) VALUES ('${FIRST_SCHOOL_ID}', $1, $2, $3, $4, $5)
       ON CONFLICT (user_id, client_id) DO UPDATE SET last_seq = excluded.last_seq`,
      [f.userId, clientId, rows.length, now, now],
    );
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
}

async function pushCases(adminUrl: string, rounds: number): Promise<BenchRow[]> {
  const f = await pgFixture(adminUrl);
  const raw: number[] = [];
  const http: number[] = [];
  const apply: number[] = [];
  const actor = { id: f.userId, role: 'custodian' as const, schoolId: FIRST_SCHOOL_ID };
  try {
    // Two unrecorded rounds first, as on SQLite (sync-bench.ts): V8 and zod compile the push
    // path over its first few thousand mutations. All rounds share one database (creating one
    // per round would take longer than the round), each with a fresh device, so the table
    // grows by the same rows under every contender.
    for (let r = 0; r < rounds + 2; r++) {
      const rows = Array.from({ length: 1000 }, (_, i) => reportArgs(f.areaId, i));
      const rawMs = await time(() => rawInsert(f, rows));
      const bodies = pushBodies(f, 1000, 200);
      const httpMs = await time(() => pushAll(f, bodies));
      const requests = pushBodies(f, 1000, 200).map((body) =>
        pushRequestSchema.parse(JSON.parse(body)),
      );
      const applyMs = await time(async () => {
        for (const request of requests) await applyPushBatch(f.db, actor, request);
      });
      if (r < 2) continue;
      raw.push(rawMs);
      http.push(httpMs);
      apply.push(applyMs);
    }
  } finally {
    await closeFixture(f);
  }
  const baseline = 'raw pg insert, 1 tx (prepared INSERT per row)';
  return [
    {
      name: 'PostgreSQL: push 1,000 report.create over HTTP in process (batches of 200)',
      baseline,
      ms: median(http),
      baselineMs: median(raw),
      target: 2,
    },
    {
      name: 'PostgreSQL: same batches through applyPushBatch (no HTTP, JSON or envelope parse)',
      baseline,
      ms: median(apply),
      baselineMs: median(raw),
      target: 2,
    },
  ];
}

async function pullCase(adminUrl: string, rounds: number): Promise<BenchRow[]> {
  const f = await pgFixture(adminUrl);
  const rawRead: number[] = [];
  const pullTimes: number[] = [];
  let pulled = 0;
  try {
    await rawInsert(
      f,
      Array.from({ length: 10_000 }, (_, i) => reportArgs(f.areaId, i)),
    );
    // As autovacuum leaves a table after a bulk insert: visibility map set, statistics fresh.
    await f.raw.query('VACUUM ANALYZE');
    // The rows' own columns, as every round before the pull stored each change's JSON beside
    // its row (api/src/db/dialect.ts, storedChangeJson): reading that too would make the
    // baseline heavier and the ratio look better than the pull is.
    const own = await f.raw.query<{ list: string }>(
      `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS list
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'reports' AND is_generated = 'NEVER'`,
    );
    const rawSelect = `SELECT ${own.rows[0]?.list ?? '*'} FROM reports ORDER BY change_seq`;
    // One unrecorded round: the first pull prepares its statements and compiles its path.
    for (let r = 0; r < rounds + 1; r++) {
      const rawMs = await time(async () => {
        await f.raw.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await f.raw.query(rawSelect);
        await f.raw.query('COMMIT');
      });
      const pullMs = await time(async () => {
        pulled = await pullAll(f, PULL_PAGE_SIZE);
      });
      if (r === 0) continue;
      rawRead.push(rawMs);
      pullTimes.push(pullMs);
    }
  } finally {
    await closeFixture(f);
  }
  if (pulled < 10_000) throw new Error(`pull returned ${pulled} changes`);
  return [
    {
      name: `PostgreSQL: pull ${pulled.toLocaleString('en')} changes (pages of ${PULL_PAGE_SIZE}, JSON)`,
      baseline: 'raw pg SELECT of the same rows, 1 tx',
      ms: median(pullTimes),
      baselineMs: median(rawRead),
      target: 3,
    },
  ];
}

/**
 * The analytics school of analytics-bench.ts (120 staff, 40 areas, `reports` reports over the
 * last year, 60 days of activity), written by PostgreSQL itself from generate_series: inserting
 * 200,000 rows one statement at a time would take minutes.
 */
async function pgSchool(adminUrl: string, reports: number) {
  const f = await pgFixture(adminUrl);
  const c = f.raw;
  const now = new Date().toISOString();
  await c.query('BEGIN');
  await c.query(
    `INSERT INTO users (school_id, id, name, email, role, password_hash, created_at, updated_at, change_seq)
     SELECT '${FIRST_SCHOOL_ID}', gen_random_uuid()::text, 'Staf ' || i, 'staf' || i || '@bench.test',
            ($3::text[])[1 + i % cardinality($3::text[])], 'x', $1, $1, 100 + i
     FROM generate_series(0, $2 - 1) AS i`,
    [now, SCHOOL_STAFF, STAFF_ROLES],
  );
  await c.query(
    `INSERT INTO areas (school_id, id, name, created_at, updated_at, change_seq)
     SELECT '${FIRST_SCHOOL_ID}', gen_random_uuid()::text, 'Area ' || i, $1, $1, 1000 + i FROM generate_series(0, $2 - 1) AS i`,
    [now, SCHOOL_AREAS],
  );
  // The kept analytics figures (decisions 034, 036) are counted once after the load, as an upgrade
  // counts them: the row trigger on 200,000 generated rows would take minutes.
  await c.query('ALTER TABLE reports DISABLE TRIGGER urs_report_tallies_insert_delete');
  await c.query('ALTER TABLE reports DISABLE TRIGGER urs_job_tallies_insert_delete');
  await c.query(
    `WITH staff AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE '%@bench.test'),
          places AS (SELECT array_agg(id ORDER BY name) AS ids FROM areas WHERE name LIKE 'Area %')
     INSERT INTO reports (school_id, id, reporter_id, area_id, work_type, description, status, reported_at, created_at, updated_at, change_seq,
                          assignee_id, priority, due_date, due_time, completed_at)
     SELECT '${FIRST_SCHOOL_ID}', gen_random_uuid()::text, staff.ids[1 + i % $2], places.ids[1 + (i * 7) % $3], 'cleaning',
            'Laporan bench', status, to_char(filed, $6), to_char(filed, $6), to_char(filed, $6), 10000 + i,
            CASE WHEN i % 97 = 0 THEN NULL ELSE staff.ids[1 + i % $2] END,
            ($5::text[])[1 + i % cardinality($5::text[])],
            CASE WHEN i % 10 < 3 THEN to_char(filed + interval '3 days', 'YYYY-MM-DD') END,
            CASE WHEN i % 10 < 2 THEN '14:00' END,
            CASE WHEN status = 'completed' THEN to_char(filed + (i % 5) * interval '1 day', $6) END
     FROM staff, places, generate_series(0, $1 - 1) AS i,
          LATERAL (SELECT (now() - (i::float8 / $1) * interval '365 days') AT TIME ZONE 'UTC' AS filed,
                          ($4::text[])[1 + i % cardinality($4::text[])] AS status) AS t`,
    [
      reports,
      SCHOOL_STAFF,
      SCHOOL_AREAS,
      REPORT_STATUSES,
      JOB_PRIORITIES,
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"',
    ],
  );
  await c.query(
    `WITH staff AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE '%@bench.test')
     INSERT INTO user_activity (user_id, day)
     SELECT staff.ids[1 + u], to_char((now() - d * interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD')
     FROM staff, generate_series(0, 59) AS d, generate_series(0, $1 - 1) AS u
     WHERE u % (1 + d % 3) = 0
     ON CONFLICT DO NOTHING`,
    [SCHOOL_STAFF],
  );
  await c.query(`UPDATE change_counter SET value = $1 WHERE school_id = '${FIRST_SCHOOL_ID}'`, [
    10_000 + reports,
  ]);
  await c.query('ALTER TABLE reports ENABLE TRIGGER urs_report_tallies_insert_delete');
  await c.query('ALTER TABLE reports ENABLE TRIGGER urs_job_tallies_insert_delete');
  await c.query("UPDATE users SET role = 'admin' WHERE id = $1", [f.userId]);
  await c.query('COMMIT');
  await f.db.write((tx) => recountSchool(tx, FIRST_SCHOOL_ID, { offsetMinutes: 420 }));
  await c.query('ANALYZE');
  return f;
}

async function analyticsCase(adminUrl: string, samples: number, reports: number) {
  const small = await pgSchool(adminUrl, 2_000);
  const large = await pgSchool(adminUrl, reports);
  try {
    const base = await measureAnalytics(small.app, small.token, samples);
    const big = await measureAnalytics(large.app, large.token, samples);
    return [analyticsRow('PostgreSQL: ', reports, base, big)];
  } finally {
    await closeFixture(small);
    await closeFixture(large);
  }
}

const adminUrl = process.env['BENCH_PG_ADMIN_URL'];
if (adminUrl === undefined) throw new Error('postgres-bench.js is started by the bench (index.ts)');
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const reports = Number(process.env['BENCH_REPORTS'] ?? 200_000);
/** Issue 41: compliance of a year against a month (rounds-bench.ts), on PostgreSQL. */
async function roundsCase(adminUrl: string, samples: number): Promise<BenchRow[]> {
  const f = await pgFixture(adminUrl);
  try {
    return [await measureCompliance(f.db, f.userId, 'PostgreSQL', samples)];
  } finally {
    await closeFixture(f);
  }
}

/** `BENCH_PG_CASES=rounds,pull` runs only those of the PostgreSQL cases (all by default). */
const only = (process.env['BENCH_PG_CASES'] ?? '').split(',').filter((c) => c.trim() !== '');
const wanted = (name: string) => only.length === 0 || only.includes(name);
const rows = [
  ...(wanted('push') ? await pushCases(adminUrl, rounds) : []),
  ...(wanted('pull') ? await pullCase(adminUrl, rounds) : []),
  ...(wanted('analytics') ? await analyticsCase(adminUrl, rounds * 2, reports) : []),
  ...(wanted('rounds') ? await roundsCase(adminUrl, rounds * 2) : []),
];
console.log(ROWS_MARKER + JSON.stringify(rows));
