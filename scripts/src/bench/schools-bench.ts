import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  DiskPhotoStore,
  FIRST_SCHOOL_ID,
  hashPassword,
  insertSchool,
  tables,
  type Db,
} from '@urs/api';
import pg from 'pg';
import { newId, PULL_PAGE_SIZE, type PushResponse } from '@urs/sync-protocol';
import { median, time, type BenchRow } from '../lib/measure.js';
import { demoDistrict, insertStamped, schoolEmail, seedDemoSchool } from '../seed/index.js';
import { benchServer, type BenchServer } from './bench-server.js';
import { ROWS_MARKER } from './postgres-target.js';
import { pullAll, pushBodies, type Fixture } from './sync-bench.js';
import { startApi, stopApis, type ApiProcess } from './api-process.js';

/*
 * Issue 39's benchmark, run by index.ts (`BENCH_CASES=schools`) in a process of its own on
 * PostgreSQL, as the other PostgreSQL cases (postgres-cases.ts):
 *
 * (a) A staff member of one school among `BENCH_SCHOOLS` (50) seeded demo schools in one
 *     database, against the same school seeded alone in a database of its own: their first sync
 *     (every page from an empty cursor) and a catch-up pull (the school's last changes).
 * (b) Two API processes (tcp-push-server.ts serving one database) and 8 devices pushing at once:
 *     each device in a school of its own, against all 8 in one school, whose pushes take the
 *     school's one change-counter row in turn. Throughput is mutations over wall time.
 */

const SCRYPT_LOG_N = 10;
const STAFF_PASSWORD = 'staf12345';
/** The staff member who syncs: a custodian of the demo school (seed/data.ts). */
const STAFF_EMAIL = 'siti.aminah@urs.sch.id';
/** The changes a catch-up pull fetches: a morning's worth of the school's work. */
const CATCH_UP = 50;

const log = (line: string) => {
  console.error(line);
};

async function pgServer(adminUrl: string, prefix: string): Promise<BenchServer> {
  return benchServer(prefix, async (dir) => {
    const database = await createTestDatabase(dir, 'postgres', adminUrl);
    return { db: database.db, drop: () => database.drop() };
  });
}

async function login(server: Pick<BenchServer, 'app'>, email: string): Promise<string> {
  const res = await server.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`bench login of ${email}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function seeded(adminUrl: string, schools: number, photosDir: string) {
  const server = await pgServer(adminUrl, `schools-${schools}`);
  const started = Date.now();
  await seedDemoSchool(server.db, {
    photos: new DiskPhotoStore(photosDir),
    scryptLogN: SCRYPT_LOG_N,
    schools,
  });
  // As autovacuum leaves tables after a bulk load: visibility map set, statistics fresh.
  await sql(server.db, 'VACUUM ANALYZE');
  log(`seeded ${schools} school(s) in ${Date.now() - started} ms`);
  return server;
}

/** A catch-up pull: from the cursor `CATCH_UP` changes before the school's counter. */
async function catchUp(f: Pick<Fixture, 'app' | 'token'>, cursor: string): Promise<number> {
  const res = await f.app.request(`/api/sync/pull?cursor=${cursor}&limit=${PULL_PAGE_SIZE}`, {
    headers: { authorization: `Bearer ${f.token}` },
  });
  const page = (await res.json()) as { changes: unknown[] };
  return page.changes.length;
}

/** One statement on a connection of the raw driver to the same database. */
async function sql(db: Db, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: db.location });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function counterOf(db: Db, schoolId: string): Promise<number> {
  const result = await sql(db, 'SELECT value FROM change_counter WHERE school_id = $1', [schoolId]);
  return Number((result.rows[0] as { value: number } | undefined)?.value ?? 0);
}

async function pullCases(adminUrl: string, schools: number, rounds: number): Promise<BenchRow[]> {
  const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-schools-bench-photos-'));
  const alone = await seeded(adminUrl, 1, photosDir);
  const district = await seeded(adminUrl, schools, photosDir);
  try {
    // A school in the middle of the district: its rows are neither the first nor the last written.
    const middle = demoDistrict(schools)[Math.floor(schools / 2)];
    if (middle === undefined) throw new Error('no school in the district');
    const a = { app: alone.app, token: await login(alone, STAFF_EMAIL) };
    const d = {
      app: district.app,
      token: await login(district, schoolEmail(STAFF_EMAIL, middle.number)),
    };
    const cursorA = String((await counterOf(alone.db, FIRST_SCHOOL_ID)) - CATCH_UP);
    const cursorD = String((await counterOf(district.db, middle.id)) - CATCH_UP);

    const first = { alone: [] as number[], district: [] as number[] };
    const pull = { alone: [] as number[], district: [] as number[] };
    let rowsA = 0;
    let rowsD = 0;
    let caughtA = 0;
    let caughtD = 0;
    // One unrecorded round (statements prepared, paths compiled); then, as a pull takes tens of
    // milliseconds, four per bench round, and the two databases
    // alternate which goes first, so neither always runs on a warmer machine.
    for (let r = 0; r < rounds * 4 + 1; r++) {
      const order =
        r % 2 === 0 ? (['alone', 'district'] as const) : (['district', 'alone'] as const);
      for (const which of order) {
        const f = which === 'alone' ? a : d;
        const cursor = which === 'alone' ? cursorA : cursorD;
        let rows = 0;
        let caught = 0;
        const firstMs = await time(async () => {
          rows = await pullAll(f, PULL_PAGE_SIZE);
        });
        const pullMs = await time(async () => {
          caught = await catchUp(f, cursor);
        });
        if (which === 'alone') [rowsA, caughtA] = [rows, caught];
        else [rowsD, caughtD] = [rows, caught];
        if (r === 0) continue;
        first[which].push(firstMs);
        pull[which].push(pullMs);
      }
    }
    // The same school's data: the same rows reach the staff member in both databases.
    if (rowsA !== rowsD || rowsA === 0) throw new Error(`first sync: ${rowsA} vs ${rowsD} rows`);
    if (caughtA !== caughtD || caughtA === 0) throw new Error(`pull: ${caughtA} vs ${caughtD}`);
    const baseline = 'the same school alone in its own database (demo seed)';
    return [
      {
        name: `schools: first sync of a custodian, ${rowsA.toLocaleString('en')} changes, 1 school of ${schools} in one PostgreSQL database`,
        baseline,
        ms: median(first.district),
        baselineMs: median(first.alone),
        target: 1.2,
      },
      {
        name: `schools: catch-up pull of the same custodian (${caughtA} changes), 1 school of ${schools}`,
        baseline,
        ms: median(pull.district),
        baselineMs: median(pull.alone),
        target: 1.2,
      },
    ];
  } finally {
    await alone.close();
    await district.close();
    fs.rmSync(photosDir, { recursive: true, force: true });
  }
}

interface Device {
  token: string;
  areaId: string;
}

/** The district for the push case: `count` schools, each with an area and 8 custodians. */
async function pushDistrict(db: Db, count: number, perSchool: number) {
  const hash = await hashPassword(STAFF_PASSWORD, SCRYPT_LOG_N);
  const now = new Date().toISOString();
  const district = demoDistrict(count);
  const people: { schoolId: string; email: string; areaId: string }[] = [];
  await db.write(async (tx) => {
    for (const school of district) {
      if (school.id !== FIRST_SCHOOL_ID) await insertSchool(tx, school);
      const areaId = newId();
      const row = { id: areaId, name: 'Aula', createdAt: now, updatedAt: now };
      await insertStamped(tx, school.id, tables.areas, [row]);
      const users = Array.from({ length: perSchool }, (_, i) => ({
        id: newId(),
        name: `Petugas ${i + 1}`,
        email: schoolEmail(`petugas${i + 1}@urs.sch.id`, school.number),
        role: 'custodian' as const,
        passwordHash: hash,
        createdAt: now,
        updatedAt: now,
      }));
      await insertStamped(tx, school.id, tables.users, users);
      for (const u of users) people.push({ schoolId: school.id, email: u.email, areaId });
    }
  });
  return { district, people };
}

/** Every device pushes its bodies in turn; the devices at once, spread over the processes. */
async function pushAtOnce(apis: ApiProcess[], devices: Device[], n: number): Promise<number> {
  const work = devices.map((device, i) => ({
    device,
    port: apis[i % apis.length]?.port ?? 0,
    bodies: pushBodies(device, n, 200),
  }));
  return time(() =>
    Promise.all(
      work.map(async ({ device, port, bodies }) => {
        for (const body of bodies) {
          const res = await fetch(`http://127.0.0.1:${port}/api/sync/push`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${device.token}`,
              'content-type': 'application/json',
            },
            body,
          });
          const answer = (await res.json()) as PushResponse;
          if (answer.results.some((result) => result.status !== 'applied')) {
            throw new Error('bench push of the schools case was not applied');
          }
        }
      }),
    ),
  );
}

async function pushCase(adminUrl: string, schools: number, rounds: number): Promise<BenchRow[]> {
  const server = await pgServer(adminUrl, 'schools-push');
  const apis: ApiProcess[] = [];
  try {
    const { district, people } = await pushDistrict(server.db, schools, schools);
    const url = server.db.location;
    apis.push(await startApi(url), await startApi(url));
    const tokens = new Map<string, string>();
    for (const p of people) tokens.set(p.email, await login(server, p.email));
    const device = (p: (typeof people)[number]): Device => ({
      token: tokens.get(p.email) ?? '',
      areaId: p.areaId,
    });
    // One device in each school, against as many in the first school.
    const spread = district.map((s) => {
      const p = people.find((q) => q.schoolId === s.id);
      if (p === undefined) throw new Error('no custodian');
      return device(p);
    });
    const together = people.filter((p) => p.schoolId === FIRST_SCHOOL_ID).map(device);
    const perDevice = 1000;
    const times = { spread: [] as number[], together: [] as number[] };
    for (let r = 0; r < rounds * 2 + 2; r++) {
      const order =
        r % 2 === 0 ? (['spread', 'together'] as const) : (['together', 'spread'] as const);
      for (const which of order) {
        const ms = await pushAtOnce(apis, which === 'spread' ? spread : together, perDevice);
        if (r >= 2) times[which].push(ms);
      }
    }
    const total = (schools * perDevice).toLocaleString('en');
    const spreadMs = median(times.spread);
    const togetherMs = median(times.together);
    log(
      `push throughput: ${schools} schools ${(((schools * perDevice) / spreadMs) * 1000).toFixed(0)}/s, one school ${(((schools * perDevice) / togetherMs) * 1000).toFixed(0)}/s`,
    );
    return [
      {
        // The issue asks for at least 1.6x the throughput: at most 1 / 1.6 of the time.
        name: `schools: ${total} report.create from ${schools} devices in ${schools} schools at once, 2 API processes over TCP (batches of 200); throughput ${(togetherMs / spreadMs).toFixed(2)}x (target >= 1.6x)`,
        baseline: `the same pushes from ${schools} devices into one school`,
        ms: spreadMs,
        baselineMs: togetherMs,
        target: 1 / 1.6,
      },
    ];
  } finally {
    await stopApis(apis);
    await server.close();
  }
}

const adminUrl = process.env['BENCH_PG_ADMIN_URL'];
if (adminUrl === undefined) throw new Error('schools-bench.js is started by the bench (index.ts)');
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const schools = Number(process.env['BENCH_SCHOOLS'] ?? 50);
const pushSchools = Number(process.env['BENCH_PUSH_SCHOOLS'] ?? 8);
const rows = [
  ...(await pullCases(adminUrl, schools, rounds)),
  ...(await pushCase(adminUrl, pushSchools, rounds)),
];
console.log(ROWS_MARKER + JSON.stringify(rows));
