import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  DiskPhotoStore,
  hashPassword,
  startS3Server,
  tables,
  type Db,
} from '@urs/api';
import { newId } from '@urs/sync-protocol';
import jpeg from 'jpeg-js';
import pg from 'pg';
import { Pool } from 'undici';
import { mulberry32 } from '../seed/random.js';
import { demoDistrict, insertStamped, schoolEmail, seedDemoSchool } from '../seed/index.js';
import { AdminDesk } from './admin.js';
import {
  SimulatedDevice,
  MUTATION_TABLES,
  type Acknowledged,
  type StaffAccount,
} from './device.js';
import { CpuMeter } from './cpu.js';
import { FaultClock } from './faults.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { startProxy } from './proxy.js';
import { startRelay, type Relay } from './relay.js';
import { CycleFailed } from './request.js';
import { startApis, type RunningApi } from './servers.js';
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
  /** Administrators at their desks running the heavy reads (LOADTEST_ADMINS). */
  admins: number;
  /** LOADTEST_FAULTS=1: kill -9 an API every 30 s, restart PostgreSQL once, cut the photo store. */
  faults: boolean;
  /** The database on a PostgreSQL cluster of the run's own (always so with faults). */
  privatePostgres: boolean;
  /** How long the photo store stays unreachable (60 s; less only to fit a short run). */
  photoOutageSeconds?: number;
  /** How long PostgreSQL stays down in its restart. */
  postgresDownSeconds?: number;
  log: (line: string) => void;
}

export interface LoadtestResult {
  acknowledged: number;
  stored: number;
  lost: number;
  doubled: number;
  /** The closing line: `acknowledged N, stored N, lost 0, doubled 0`. */
  closing: string;
  /** Devices whose pulled state differs from the server's at the end (see SimulatedDevice). */
  diverged: number;
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
  endpoint !== 'POST /api/login' &&
  !endpoint.endsWith('(first sync)') &&
  !endpoint.endsWith('(during a fault)') &&
  !endpoint.endsWith('(check)');

/** Small JPEGs (320 x 240, noise over a gradient): a phone's photo, smaller. */
function photoSamples(count: number): Uint8Array[] {
  const random = mulberry32(7);
  return Array.from({ length: count }, (_, k) => {
    const width = 320;
    const height = 240;
    const data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const v = Math.floor(random() * 64);
      data[i * 4] = ((i % width) + v + k * 40) & 0xff;
      data[i * 4 + 1] = (Math.floor(i / width) + v) & 0xff;
      data[i * 4 + 2] = (v * 3) & 0xff;
      data[i * 4 + 3] = 0xff;
    }
    return new Uint8Array(jpeg.encode({ data, width, height }, 70).data);
  });
}

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

async function rowCounts(client: pg.Pool): Promise<Record<string, number>> {
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
  const cluster: PrivatePostgres | undefined =
    o.faults || o.privatePostgres ? await startPrivatePostgres() : undefined;
  const s3 = await startS3Server('urs-loadtest');
  const relay = await startRelay(Number(new URL(s3.endpoint).port));
  try {
    return await loadAgainst(o, dir, cluster, relay, {
      ...s3.env('loadtest'),
      PHOTO_STORE_ENDPOINT: `http://127.0.0.1:${relay.port}`,
    });
  } finally {
    await relay.close();
    await s3.stop();
    await cluster?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function loadAgainst(
  o: LoadtestOptions,
  dir: string,
  cluster: PrivatePostgres | undefined,
  relay: Relay,
  apiEnv: Record<string, string>,
): Promise<LoadtestResult> {
  const database = await createTestDatabase(dir, 'postgres', cluster?.adminUrl ?? o.adminUrl);
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
  // The harness's own connections: a pool, so that they come back after PostgreSQL restarts.
  await database.db.close();
  const watcher = new pg.Pool({ connectionString: url, max: 2 });
  watcher.on('error', () => undefined);
  const acknowledged: Acknowledged = new Map(
    (Object.keys(MUTATION_TABLES) as (keyof typeof MUTATION_TABLES)[]).map((k) => [k, new Set()]),
  );
  const clock = new FaultClock();
  const photos = photoSamples(8);
  try {
    const apis = await startApis(url, o.processes, apiEnv);
    const proxy = await startProxy(apis.map((a) => a.port));
    const http = new Pool(`http://127.0.0.1:${proxy.port}`, { connections: 128 });
    const before = await rowCounts(watcher);
    const all = new LoadStats();
    const desk = new LoadStats();
    const report: string[] = [];
    const devices: SimulatedDevice[] = [];
    const desks = demoDistrict(o.schools)
      .slice(0, o.admins)
      .map((school) => new AdminDesk(http, clock, school.admin));
    let sustained = 0;
    let peakConnections = 0;
    const cpuByStage: string[] = [];
    const stageSeconds = o.seconds / stages.length;
    let injector: FaultInjector | undefined;
    let diverged = 0;
    let held = false;
    try {
      for (const d of desks) await d.signIn(desk);
      for (const target of stages) {
        const stats = new LoadStats();
        const joining: SimulatedDevice[] = [];
        while (!held && devices.length + joining.length < target) {
          const account = accounts[devices.length + joining.length];
          if (account === undefined) break;
          joining.push(new SimulatedDevice(http, account, acknowledged, random, photos, clock));
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
        if (o.faults && injector === undefined) {
          injector = injectFaults(o, clock, apis, cluster, relay, (line) => o.log(line));
        }
        const deadline = Date.now() + stageSeconds * 1000;
        const apiCpu = new CpuMeter();
        const pgCpu = new CpuMeter();
        const stageStarted = Date.now();
        apiCpu.sample(apis.map((a) => a.pid));
        const connections = watchConnections(watcher, (backends) => {
          peakConnections = Math.max(peakConnections, backends.length + 1);
          pgCpu.sample(backends);
          // Every second, so an API process killed by the faults counts to its last second.
          apiCpu.sample(apis.map((a) => a.pid));
        });
        await Promise.all([
          ...devices.map((d) => drive(d, stats, deadline, o, random)),
          ...desks.map((d) => browse(d, desk, deadline, o.intervalMs)),
        ]);
        apiCpu.sample(apis.map((a) => a.pid));
        pgCpu.sample(await connections.stop());
        cpuByStage.push(
          serverCpu(devices.length, o.intervalMs, Date.now() - stageStarted, apiCpu, pgCpu),
        );
        o.log(cpuByStage.at(-1) ?? '');
        all.merge(stats);
        const worst = worstJudged(stats);
        const failures = stats.failures();
        o.log(
          `stage: ${devices.length} devices, ${stageSeconds.toFixed(0)} s, worst p95 ${worst.ms.toFixed(1)} ms (${worst.endpoint}), failures ${failures}`,
        );
        if (held) continue;
        if (worst.ms > P95_LIMIT_MS || failures > 0) {
          report.push(
            `stopped at ${devices.length} devices: ${failures > 0 ? `${failures} failures` : `p95 ${worst.ms.toFixed(0)} ms of ${worst.endpoint}`}`,
          );
          // Under faults the load goes on at this count to the end, so every fault happens.
          if (!o.faults) break;
          held = true;
          continue;
        }
        sustained = devices.length;
      }
      // The faults end (any still on are lifted), then every device empties its outbox and
      // pulls: what is acknowledged is final, and each device's state is compared.
      if (injector !== undefined) await injector.stop();
      const drain = new LoadStats();
      for (let round = 0; round < 30; round++) {
        const done = await Promise.all(devices.map((d) => d.drain(drain)));
        if (done.every(Boolean)) break;
        await sleep(2000);
      }
      // One more pull each once nothing is left to push anywhere: a device that drained
      // early has not yet seen what the others pushed after it.
      await Promise.all(devices.map((d) => d.drain(drain)));
      all.merge(drain);
      const unsent = devices.reduce((n, d) => n + d.pending, 0);
      const check = new LoadStats();
      const divergences = new Map<string, number>();
      for (const d of devices) {
        let verdict: string | null = 'not checked';
        for (let attempt = 0; attempt < 3 && verdict === 'not checked'; attempt++) {
          try {
            verdict = await d.converged(check);
          } catch (err) {
            if (!(err instanceof CycleFailed)) throw err;
            await sleep(1000);
          }
        }
        if (verdict !== null) divergences.set(verdict, (divergences.get(verdict) ?? 0) + 1);
      }
      diverged = [...divergences.values()].reduce((a, b) => a + b, 0);
      const rss = [
        ...apis.map((a, i) => `API ${i + 1} ${rssMb(a.pid)}`),
        `harness+proxy ${rssMb(process.pid)}`,
      ];
      const perCore = (sustained * (60_000 / o.intervalMs)) / os.availableParallelism();
      report.push(
        `devices sustained: ${sustained} simulated, polling every ${(o.intervalMs / 1000).toFixed(1)} s = ${(sustained * (60_000 / o.intervalMs)).toFixed(0)} phones at 60 s, ${perCore.toFixed(0)} per core (${os.availableParallelism()} cores, shared with PostgreSQL, the proxy and this harness; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
        ...all.table(),
        `errors by kind: ${all.errors.size === 0 ? 'none' : [...all.errors].map(([k, n]) => `${k} x${n}`).join('; ')}`,
        `admin desks (${desks.length}, not judged by the ramp):`,
        ...desk.table(),
        `admin errors: ${desk.errors.size === 0 ? 'none' : [...desk.errors].map(([k, n]) => `${k} x${n}`).join('; ')}`,
        ...(injector === undefined
          ? []
          : clock.faults.map((f) => f.summary(injector?.startedAt ?? 0))),
        "server CPU by stage (API processes + the run's PostgreSQL backends; admins included):",
        ...cpuByStage,
        `PostgreSQL connections of the run's database: peak ${peakConnections} (${o.processes} processes x pool 10, + 2 for this harness)`,
        `memory (RSS): ${rss.join(', ')}`,
        `API processes that died unasked: ${apis.reduce((n, a) => n + a.crashes, 0)}`,
        ...(unsent > 0 ? [`still in outboxes after the drain: ${unsent}`] : []),
        `converged: ${devices.length - diverged} of ${devices.length} devices${diverged === 0 ? '' : ` (${[...divergences].map(([k, n]) => `${k}: ${n}`).join('; ')})`}`,
      );
      await http.close();
      await proxy.close();
    } finally {
      await injector?.stop();
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
    return {
      acknowledged: ack,
      stored,
      lost,
      doubled,
      closing,
      diverged,
      report: [
        ...report,
        `acknowledged by kind: ${[...acknowledged].map(([name, ids]) => `${name} ${ids.size}`).join(', ')}`,
        closing,
      ],
    };
  } finally {
    await watcher.end();
    await database.drop();
  }
}

interface FaultInjector {
  startedAt: number;
  /** Cancels what is still to come and lifts what is on; resolves once all is back. */
  stop(): Promise<void>;
}

/**
 * The faults of LOADTEST_FAULTS=1 on the load's clock: an API process killed (SIGKILL) every
 * 30 s and started again at once, one process after another; the photo store cut for 60 s from
 * a tenth of the run; PostgreSQL stopped and started again at seven tenths of it.
 */
function injectFaults(
  o: LoadtestOptions,
  clock: FaultClock,
  apis: RunningApi[],
  cluster: PrivatePostgres | undefined,
  relay: Relay,
  log: (line: string) => void,
): FaultInjector {
  const startedAt = Date.now();
  const total = o.seconds * 1000;
  const timers: NodeJS.Timeout[] = [];
  const running: Promise<void>[] = [];
  let photoOutage: { lift: () => Promise<void> } | undefined;
  const at = (ms: number, fault: () => Promise<void>) => {
    if (ms >= total) return;
    timers.push(
      setTimeout(() => {
        running.push(fault().catch((err: unknown) => log(`fault failed: ${String(err)}`)));
      }, ms),
    );
  };
  let k = 0;
  for (let ms = 30_000; ms < total; ms += 30_000) {
    const api = apis[k++ % apis.length];
    const index = (k - 1) % apis.length;
    if (api === undefined) break;
    at(ms, async () => {
      const fault = clock.begin(
        `kill -9 API ${index + 1}, started again`,
        / 502 | ECONNRESET| UND_ERR/,
      );
      api.kill();
      await api.restart();
      fault.lift();
      log(`API ${index + 1} killed and back in ${Date.now() - fault.startedAt} ms`);
    });
  }
  const outageMs = (o.photoOutageSeconds ?? 60) * 1000;
  at(total * 0.1, async () => {
    const fault = clock.begin(
      `photo store unreachable ${outageMs / 1000} s`,
      /photo_store/,
      /\/api\/photos/,
    );
    await relay.cut();
    let lifted = false;
    const lift = async () => {
      if (lifted) return;
      lifted = true;
      await relay.restore();
      fault.lift();
    };
    photoOutage = { lift };
    log('photo store cut');
    await sleep(outageMs);
    await lift();
    log('photo store back');
  });
  if (cluster !== undefined) {
    const downMs = (o.postgresDownSeconds ?? 5) * 1000;
    at(total * 0.7, async () => {
      const fault = clock.begin(
        `PostgreSQL restart (down ${downMs / 1000} s)`,
        /database_unavailable|server_error/,
      );
      log('PostgreSQL stopping');
      await cluster.restart(downMs);
      fault.lift();
      log(`PostgreSQL back after ${Date.now() - fault.startedAt} ms`);
    });
  }
  return {
    startedAt,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await photoOutage?.lift();
      await Promise.all(running);
    },
  };
}

/**
 * Device counts of the ramp: doubling from 25, a stage per 10 s of the run, at most six
 * (25 to 800: more than two shared cores carry, and each one is a seeded account).
 */
function rampStages(seconds: number): number[] {
  const count = Math.min(6, Math.max(1, Math.floor(seconds / 10)));
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
  await sleep(Math.max(random() * o.intervalMs, device.nextAt - Date.now()));
  while (Date.now() < deadline) {
    const work = random() < o.workShare ? 1 + Math.floor(random() * 3) : 0;
    const result = await device.poll(stats, work);
    // After a failure the client's backoff (and any Retry-After), kept across stages.
    const wait = result.ok ? o.intervalMs * (0.8 + 0.4 * random()) : result.waitMs;
    device.nextAt = Date.now() + wait;
    await sleep(Math.min(wait, Math.max(0, deadline - Date.now())));
  }
}

/** An admin desk's reads, one round every two poll intervals, until the deadline. */
async function browse(desk: AdminDesk, stats: LoadStats, deadline: number, intervalMs: number) {
  while (Date.now() < deadline) {
    await desk.browse(stats);
    await sleep(Math.min(2 * intervalMs, Math.max(0, deadline - Date.now())));
  }
}

/** Samples the connections PostgreSQL holds for the run's database every second. */
/**
 * Samples the run's PostgreSQL backends (this watcher's own left out) every second: `seen` gets
 * their pids; stop() answers the last pids seen.
 */
function watchConnections(client: pg.Pool, seen: (backends: number[]) => void) {
  let stopped = false;
  let latest: number[] = [];
  const loop = (async () => {
    while (!stopped) {
      // Nothing to count while PostgreSQL restarts.
      latest = await client
        .query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
        .then((r) => r.rows.map((row) => row.pid))
        .catch(() => []);
      seen(latest);
      await sleep(1000);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return latest;
    },
  };
}

/**
 * One stage's server CPU, and the phones one core would serve at that cost: the simulated
 * devices as phones polling every 60 s, over the cores the API processes and PostgreSQL kept
 * busy. Independent of how starved a shared host left the run (latencies are not).
 */
function serverCpu(
  devices: number,
  intervalMs: number,
  elapsedMs: number,
  api: CpuMeter,
  postgres: CpuMeter,
): string {
  const cores = (api.seconds() + postgres.seconds()) / (elapsedMs / 1000);
  const phones = devices * (60_000 / intervalMs);
  const perCore = cores > 0 ? (phones / cores).toFixed(0) : 'n/a';
  return `  ${devices} devices (${phones.toFixed(0)} phones at 60 s): API ${api.seconds().toFixed(1)} s + PostgreSQL ${postgres.seconds().toFixed(1)} s of CPU in ${(elapsedMs / 1000).toFixed(1)} s = ${cores.toFixed(2)} cores busy, ${perCore} phones per core at that cost`;
}
