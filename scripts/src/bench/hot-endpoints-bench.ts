import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  databaseFile,
  FIRST_SCHOOL_ID,
  migrateDatabase,
  nextChangeSeq,
  openDatabase,
  tables,
} from '@urs/api';
import { newId, PROTOCOL_VERSION, ROLES } from '@urs/sync-protocol';
import { median, type BenchRow } from '../lib/measure.js';

/** The target: the unread count serves at least this share of the health check's rate. */
const SHARE_OF_HEALTH = 0.7;
const CONNECTIONS = 50;
const ANNOUNCEMENTS = 40;
const API_ENTRY = fileURLToPath(new URL('../../../api/dist/index.js', import.meta.url));
/**
 * The built web app, which `npm start` serves beside the API: every answer's security headers
 * carry its pages' script hashes, so what that costs a request is measured too.
 */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * A school's announcements, written before the API starts: every few addressed to roles other
 * than the bench user's, so the audience check has work to do.
 */
async function seedAnnouncements(dataDir: string): Promise<void> {
  const db = openDatabase(databaseFile(dataDir));
  try {
    await migrateDatabase(db);
    const now = new Date().toISOString();
    await db.write(async (tx) => {
      const adminId = newId();
      await tx.insert(tables.users).values({
        id: adminId,
        schoolId: FIRST_SCHOOL_ID,
        name: 'Admin',
        email: 'admin@bench.test',
        role: 'admin',
        passwordHash: 'x',
        createdAt: now,
        updatedAt: now,
        changeSeq: await nextChangeSeq(tx, FIRST_SCHOOL_ID),
      });
      for (let i = 0; i < ANNOUNCEMENTS; i++) {
        await tx.insert(tables.announcements).values({
          id: newId(),
          schoolId: FIRST_SCHOOL_ID,
          title: `Pengumuman ${i}`,
          body: 'Rapat staf hari Jumat pukul 14.00 di aula.',
          audience: i % 3 === 0 ? null : [ROLES[i % ROLES.length] ?? 'admin'],
          authorId: adminId,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
          changeSeq: await nextChangeSeq(tx, FIRST_SCHOOL_ID),
        });
      }
    });
  } finally {
    await db.close();
  }
}

/** The built API (`api/dist/index.js`) in its own process on a free port, as `npm start` runs it. */
async function startApi(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [API_ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: process.env['WEB_DIST_DIR'] ?? WEB_DIST,
      PORT: '0',
      HOST: '127.0.0.1',
      SCRYPT_LOG_N: '10',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const port = /listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port !== undefined) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`API exited (${String(code)}): ${out}`)));
  });
  return { child, origin };
}

async function signUp(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: 'bench@urs.test',
      password: 'bench-pass-1',
      password_confirmation: 'bench-pass-1',
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Marks every other announcement read from the device, so the count has reads to skip. */
async function readSome(origin: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pull = (await (await fetch(`${origin}/api/sync/pull?limit=500`, { headers })).json()) as {
    changes: { entity: string; id: string }[];
  };
  const seen = pull.changes.filter((c) => c.entity === 'announcements').map((c) => c.id);
  const now = new Date().toISOString();
  const mutations = seen
    .filter((_, i) => i % 2 === 0)
    .map((announcementId, i) => ({
      id: newId(),
      seq: i + 1,
      name: 'announcement.mark_read',
      args: { id: newId(), announcement_id: announcementId, read_at: now },
      at: now,
    }));
  const res = await fetch(`${origin}/api/sync/push`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ protocol_version: PROTOCOL_VERSION, client_id: newId(), mutations }),
  });
  if (res.status !== 200) throw new Error(`push answered ${res.status}`);
}

/** Requests per second autocannon reaches on `url`; any non-2xx answer spoils the run. */
async function requestsPerSecond(url: string, seconds: number, token?: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(token !== undefined && { headers: { authorization: `Bearer ${token}` } }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/**
 * `GET /api/announcements/unread-count` as a signed-in device calls it every minute, against
 * `GET /api/health` in the same run: the built API on SQLite in its own process, autocannon
 * from this one over a real TCP port, 50 connections, the two alternated round by round.
 * BENCH_LOAD_SECONDS sets the length of each run (2 s by default).
 */
export async function hotEndpointsBench(rounds: number): Promise<BenchRow[]> {
  const seconds = Number(process.env['BENCH_LOAD_SECONDS'] ?? 2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-hot-bench-'));
  await seedAnnouncements(dataDir);
  const { child, origin } = await startApi(dataDir);
  const health: number[] = [];
  const unread: number[] = [];
  const shares: number[] = [];
  try {
    const token = await signUp(origin);
    await readSome(origin, token);
    const healthUrl = `${origin}/api/health`;
    const countUrl = `${origin}/api/announcements/unread-count`;
    // One short unrecorded run each: the first requests compile the path and prepare statements.
    await requestsPerSecond(healthUrl, 1);
    await requestsPerSecond(countUrl, 1, token);
    // Short runs in pairs, the order swapped every pair: on a machine shared with other work
    // the load changes within seconds, and each pair's share sees the same load on both sides.
    for (let r = 0; r < rounds * 2; r++) {
      let h: number;
      let u: number;
      if (r % 2 === 0) {
        h = await requestsPerSecond(healthUrl, seconds);
        u = await requestsPerSecond(countUrl, seconds, token);
      } else {
        u = await requestsPerSecond(countUrl, seconds, token);
        h = await requestsPerSecond(healthUrl, seconds);
      }
      health.push(h);
      unread.push(u);
      shares.push(u / h);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const share = median(shares);
  return [
    {
      // Printed as time per request (1000 / rate) so the ratio reads like every other row:
      // at least 70 % of the health check's rate is at most 1/0.7 = 1.43x its time. The ratio
      // is the median of the pairs' own ratios, the rates the medians of their runs.
      name: `GET /api/announcements/unread-count, signed in: ${median(unread).toFixed(0)} req/s, ${(100 * share).toFixed(0)} % of /api/health (median of ${shares.length} pairs of ${seconds} s runs; autocannon, ${CONNECTIONS} connections, TCP, built API on SQLite; ms = 1000 / rate)`,
      baseline: `GET /api/health: ${median(health).toFixed(0)} req/s`,
      ms: 1000 / median(unread),
      baselineMs: 1000 / median(health),
      ratio: 1 / share,
      target: Number((1 / SHARE_OF_HEALTH).toFixed(2)),
    },
  ];
}
