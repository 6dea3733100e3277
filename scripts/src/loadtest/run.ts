import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, DiskPhotoStore, hashPassword, tables, type Db } from '@urs/api';
import { newId } from '@urs/sync-protocol';
import pg from 'pg';
import { Pool } from 'undici';
import { mulberry32 } from '../seed/random.js';
import { demoDistrict, insertStamped, schoolEmail, seedDemoSchool } from '../seed/index.js';
import {
  SimulatedDevice,
  MUTATION_TABLES,
  type Acknowledged,
  type StaffAccount,
} from './device.js';
import { startProxy } from './proxy.js';
import { startApis } from './servers.js';
import { LoadStats } from './stats.js';

export interface LoadtestOptions {
  /** A PostgreSQL role that may CREATEDB: the run's scratch database is made and dropped there. */
  adminUrl: string;
  processes: number;
  schools: number;
  /** Fixed device count (LOADTEST_DEVICES); unset: ramp until the stop rule trips. */
  devices: number | undefined;
  /** The whole run's load, in seconds (LOADTEST_SECONDS). */
  seconds: number;
  /** A device's poll interval: 60 s on a phone; shorter compresses time (see deviceEquivalents). */
  intervalMs: number;
  /** Share of polls that bring new work (1-3 mutations). */
  workShare: number;
  log: (line: string) => void;
}

export interface LoadtestResult {
  acknowledged: number;
  stored: number;
  lost: number;
  doubled: number;
  /** The closing line: `acknowledged N, stored N, lost 0, doubled 0`. */
  closing: string;
  report: string[];
}

const SCRYPT_LOG_N = 10;
const STAFF_PASSWORD = 'beban12345';
/** The stop rule: a device request's p95 above this, or any failure (none are injected yet). */
const P95_LIMIT_MS = 250;
/**
 * Sign-in and the first sync are once per device, not the steady state the rule judges: a
 * stage's new devices all do both at its start, which no district does at once.
 */
const JUDGED = (endpoint: string) =>
  endpoint !== 'POST /api/login' && !endpoint.endsWith('(first sync)');

/** A scratch database seeded as a district: demo history per school plus field staff. */
async function seedDistrict(db: Db, schools: number, staffPerSchool: number) {
  const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-loadtest-photos-'));
  try {
    await seedDemoSchool(db, {
      photos: new DiskPhotoStore(photosDir),
      scryptLogN: SCRYPT_LOG_N,
      schools,
    });
  } finally {
    fs.rmSync(photosDir, { recursive: true, force: true });
  }
  const hash = await hashPassword(STAFF_PASSWORD, SCRYPT_LOG_N);
  const now = new Date().toISOString();
  const accounts: StaffAccount[][] = [];
  const client = new pg.Client({ connectionString: db.location });
  await client.connect();
  try {
    for (const school of demoDistrict(schools)) {
      const first = async (table: string) =>
        (
          await client.query<{ id: string }>(
            `SELECT id FROM ${table} WHERE school_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`,
            [school.id],
          )
        ).rows[0]?.id ?? '';
      const areaId = await first('areas');
      const itemId = await first('inventory_items');
      const users = Array.from({ length: staffPerSchool }, (_, i) => ({
        id: newId(),
        name: `Petugas Lapangan ${i + 1}`,
        email: schoolEmail(`lapangan${i + 1}@urs.sch.id`, school.number),
        role: 'custodian' as const,
        passwordHash: hash,
        createdAt: now,
        updatedAt: now,
      }));
      await db.write((tx) => insertStamped(tx, school.id, tables.users, users));
      accounts.push(
        users.map((u) => ({ email: u.email, password: STAFF_PASSWORD, areaId, itemId })),
      );
    }
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
  return accounts;
}

async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of new Set(Object.values(MUTATION_TABLES))) {
    const only = table === 'report_events' ? " WHERE kind = 'comment'" : '';
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table}${only}`,
    );
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssMb(pid: number | undefined): string {
  try {
    const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return `${(kb / 1024).toFixed(0)} MB`;
  } catch {
    return 'n/a';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoadtest(o: LoadtestOptions): Promise<LoadtestResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-loadtest-'));
  const database = await createTestDatabase(dir, 'postgres', o.adminUrl);
  const random = mulberry32(43);
  const stages = o.devices !== undefined ? [o.devices] : rampStages(o.seconds);
  const maxDevices = Math.max(...stages);
  const perSchool = Math.ceil(maxDevices / o.schools);
  const started = Date.now();
  const accounts = (await seedDistrict(database.db, o.schools, perSchool)).flat();
  o.log(
    `seeded ${o.schools} schools, ${accounts.length} field staff in ${Date.now() - started} ms`,
  );
  const url = database.db.location;
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  const acknowledged: Acknowledged = new Map(
    (Object.keys(MUTATION_TABLES) as (keyof typeof MUTATION_TABLES)[]).map((k) => [k, new Set()]),
  );
  try {
    const apis = await startApis(url, o.processes);
    const proxy = await startProxy(apis.map((a) => a.port));
    const http = new Pool(`http://127.0.0.1:${proxy.port}`, { connections: 128 });
    const before = await rowCounts(watcher);
    const all = new LoadStats();
    const report: string[] = [];
    const devices: SimulatedDevice[] = [];
    let sustained = 0;
    let peakConnections = 0;
    const stageSeconds = o.seconds / stages.length;
    try {
      for (const target of stages) {
        const stats = new LoadStats();
        const joining: SimulatedDevice[] = [];
        while (devices.length + joining.length < target) {
          const account = accounts[devices.length + joining.length];
          if (account === undefined) break;
          joining.push(new SimulatedDevice(http, account, acknowledged, random));
        }
        // Joining devices sign in and make their first sync before the stage's clock starts:
        // the stage judges the steady state of all its devices, not a burst no district has.
        const joinStats = new LoadStats();
        await Promise.all(
          joining.map(async (d) => {
            if (await d.signIn(joinStats)) await d.poll(joinStats, 0);
          }),
        );
        all.merge(joinStats);
        devices.push(...joining);
        const deadline = Date.now() + stageSeconds * 1000;
        const connections = watchConnections(watcher, (n) => {
          peakConnections = Math.max(peakConnections, n);
        });
        await Promise.all(devices.map((d) => drive(d, stats, deadline, o, random)));
        await connections.stop();
        all.merge(stats);
        const worst = worstJudged(stats);
        const failures = stats.failures();
        o.log(
          `stage: ${devices.length} devices, ${stageSeconds.toFixed(0)} s, worst p95 ${worst.ms.toFixed(1)} ms (${worst.endpoint}), failures ${failures}`,
        );
        if (worst.ms > P95_LIMIT_MS || failures > 0) {
          report.push(
            `stopped at ${devices.length} devices: ${failures > 0 ? `${failures} failures` : `p95 ${worst.ms.toFixed(0)} ms of ${worst.endpoint}`}`,
          );
          break;
        }
        sustained = devices.length;
      }
      // Every device empties its outbox before the count: what is acknowledged is final.
      for (let round = 0; round < 10; round++) {
        const done = await Promise.all(devices.map((d) => d.push(all)));
        if (done.every(Boolean)) break;
        await sleep(1000);
      }
      const unsent = devices.reduce((n, d) => n + d.pending, 0);
      const rss = [
        ...apis.map(
          (a, i) => `API ${i + 1} ${a.pid === process.pid ? '(in this process)' : rssMb(a.pid)}`,
        ),
        `harness+proxy ${rssMb(process.pid)}`,
      ];
      const perCore = (sustained * (60_000 / o.intervalMs)) / os.availableParallelism();
      report.push(
        `devices sustained: ${sustained} simulated, polling every ${(o.intervalMs / 1000).toFixed(1)} s = ${(sustained * (60_000 / o.intervalMs)).toFixed(0)} phones at 60 s, ${perCore.toFixed(0)} per core (${os.availableParallelism()} cores, shared with PostgreSQL, the proxy and this harness)`,
        ...all.table(),
        `errors by kind: ${all.errors.size === 0 ? 'none' : [...all.errors].map(([k, n]) => `${k} x${n}`).join('; ')}`,
        `PostgreSQL connections of the run's database: peak ${peakConnections} (${o.processes} processes x pool 10, + 1 watcher)`,
        `memory (RSS): ${rss.join(', ')}`,
        ...(unsent > 0 ? [`still in outboxes after the drain: ${unsent}`] : []),
      );
      await http.close();
      await proxy.close();
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
    }
    const after = await rowCounts(watcher);
    let ack = 0;
    let stored = 0;
    let grown = 0;
    for (const [name, ids] of acknowledged) {
      const table = MUTATION_TABLES[name];
      ack += ids.size;
      const { rows } = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::text[])`,
        [[...ids]],
      );
      stored += rows[0]?.n ?? 0;
    }
    for (const table of Object.keys(after)) grown += (after[table] ?? 0) - (before[table] ?? 0);
    const lost = ack - stored;
    // Rows the run added beyond one per acknowledged mutation: applied twice, or applied
    // without the device ever hearing so.
    const doubled = grown - stored;
    const closing = `acknowledged ${ack}, stored ${stored}, lost ${lost}, doubled ${doubled}`;
    return { acknowledged: ack, stored, lost, doubled, closing, report: [...report, closing] };
  } finally {
    await watcher.end();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Device counts of the ramp: doubling, as many stages as fit 10 s each. */
function rampStages(seconds: number): number[] {
  const count = Math.max(1, Math.floor(seconds / 10));
  return Array.from({ length: count }, (_, i) => 25 * 2 ** i);
}

function worstJudged(stats: LoadStats): { endpoint: string; ms: number } {
  const judged = new LoadStats();
  for (const [endpoint, list] of stats.latencies) {
    if (JUDGED(endpoint)) for (const ms of list) judged.record(endpoint, ms);
  }
  return judged.worstP95();
}

/** Polls until the deadline, each device on its own jittered 60 s (or compressed) clock. */
async function drive(
  device: SimulatedDevice,
  stats: LoadStats,
  deadline: number,
  o: LoadtestOptions,
  random: () => number,
): Promise<void> {
  await sleep(random() * o.intervalMs);
  while (Date.now() < deadline) {
    const work = random() < o.workShare ? 1 + Math.floor(random() * 3) : 0;
    await device.poll(stats, work);
    await sleep(o.intervalMs * (0.8 + 0.4 * random()));
  }
}

/** Samples the connections PostgreSQL holds for the run's database every second. */
function watchConnections(client: pg.Client, seen: (n: number) => void) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()',
      );
      seen(rows[0]?.n ?? 0);
      await sleep(1000);
    }
  })();
  return {
    stop: () => {
      stopped = true;
      return loop;
    },
  };
}
