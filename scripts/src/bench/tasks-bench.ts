import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { chromium, type Page } from 'playwright-core';
import { applyPushBatch, FIRST_SCHOOL_ID, sqliteWriter, tables } from '@urs/api';
import { MAX_PUSH_MUTATIONS, newId, PROTOCOL_VERSION, type Role } from '@urs/sync-protocol';
import { insertStamped } from '../seed/index.js';
import { median, type BenchRow } from '../lib/measure.js';
import { benchServer } from './bench-server.js';
import { deviceId } from './device-ids.js';

/** What issue 40 asks of `/tasks`: at most this many times `/user/reports`, same run. */
export const TASKS_TARGET = 1.5;
/** What issue 41 asks: a week of occurrences of 200 templates, at most this share of `/tasks`. */
export const OCCURRENCES_TARGET = 0.25;
const ROUND_TEMPLATES = 200;
const contractDist = fileURLToPath(new URL('../../../sync-protocol/dist', import.meta.url));
const JOBS = 500;
/** Lighthouse's mobile CPU slowdown, as the first-sync case (FIRST_SYNC_CPU_THROTTLE). */
const CPU_THROTTLE = Number(process.env['FIRST_SYNC_CPU_THROTTLE'] ?? 4);
const PHONE = { width: 390, height: 844 };
/** When set, one opening of `/tasks` is CPU-profiled (CDP Profiler) into this file. */
const PROFILE_FILE = process.env['TASKS_PROFILE'];
const PASSWORD = 'bench-pass-1';
const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The screens compared, and what only the live screen draws once its rows are read. */
const SCREENS = {
  tasks: { path: '/tasks', ready: '.tk-list [data-report-id]' },
  reports: { path: '/user/reports', ready: '.rp-cards [data-report-id]' },
} as const;
type Screen = keyof typeof SCREENS;

type Actor = { id: string; role: Role; schoolId: string };

/** Pushes `mutations` as one device of `actor` would, in batches of the most a push takes. */
async function pushAs(
  db: Parameters<typeof applyPushBatch>[0],
  actor: Actor,
  mutations: [string, unknown][],
): Promise<void> {
  const clientId = deviceId();
  for (let start = 0; start < mutations.length; start += MAX_PUSH_MUTATIONS) {
    const batch = mutations.slice(start, start + MAX_PUSH_MUTATIONS);
    const outcome = await applyPushBatch(db, actor, {
      protocol_version: PROTOCOL_VERSION,
      client_id: clientId,
      mutations: batch.map(([name, args], i) => ({
        id: deviceId(),
        seq: start + i + 1,
        name,
        args: args as Record<string, unknown>,
        at: new Date().toISOString(),
      })),
    });
    if (outcome.kind !== 'applied' || outcome.body.results.some((r) => r.status !== 'applied')) {
      throw new Error(
        `tasks bench: a ${batch[0]?.[0]} push was not applied: ${JSON.stringify(outcome.body).slice(0, 400)}`,
      );
    }
  }
}

/** `YYYY-MM-DD` of today plus `days`, in UTC (the buckets need only a spread of days). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/**
 * One staff member's device: 500 open jobs filed by a colleague and assigned to them by the
 * admin (overdue, due today, later, no date; every priority), and 500 reports of their own, done,
 * which `/user/reports` lists and `/tasks` does not. Everything through the push, as the app.
 */
async function seed(server: Awaited<ReturnType<typeof benchServer>>) {
  const { db } = server;
  const staff = await server.register('teknisi@urs.test');
  const reporter = await server.register('pelapor@urs.test');
  const admin = await server.register('admin@urs.test');
  sqliteWriter(db).prepare(`UPDATE users SET role = 'admin' WHERE id = ?`).run(admin.userId);
  const areaId = newId();
  const now = new Date().toISOString();
  await db.write((tx) =>
    insertStamped(tx, FIRST_SCHOOL_ID, tables.areas, [
      { id: areaId, name: 'Laboratorium', createdAt: now, updatedAt: now },
    ]),
  );
  const as = (who: { userId: string }, role: Role): Actor => ({
    id: who.userId,
    role,
    schoolId: FIRST_SCHOOL_ID,
  });
  const jobIds = Array.from({ length: JOBS }, () => deviceId());
  await pushAs(
    db,
    as(reporter, 'custodian'),
    jobIds.map((id, i) => [
      'report.create',
      {
        id,
        area_id: areaId,
        work_type: 'repair',
        description: `Pekerjaan ${i}: keran wastafel bocor, perlu ganti seal`,
        unassigned: true,
      },
    ]),
  );
  await pushAs(
    db,
    as(admin, 'admin'),
    jobIds.map((id, i) => [
      'report.set_job',
      {
        id,
        event_id: deviceId(),
        assignee_id: staff.userId,
        priority: PRIORITIES[i % 4],
        // A spread over the three sections: overdue, today, upcoming, and no due day.
        ...(i % 5 !== 4 && { due_date: day((i % 5) - 2) }),
        ...(i % 5 !== 4 && i % 3 === 0 && { due_time: '10:00' }),
      },
    ]),
  );
  await pushAs(
    db,
    as(staff, 'custodian'),
    Array.from({ length: JOBS }, (_, i) => [
      'report.create',
      {
        id: deviceId(),
        area_id: areaId,
        work_type: 'cleaning',
        description: `Laporan ${i}: lantai koridor sudah dipel`,
        status: 'completed',
      },
    ]),
  );
  return { email: 'teknisi@urs.test' };
}

/**
 * Put in every document before its scripts: the time (ms from the navigation) at which the
 * selector of the document's path (`ready`, by path) first matched, in `window.__ready`.
 */
function watchReady(ready: Record<string, string>): void {
  const selector = ready[location.pathname];
  if (selector === undefined) return;
  const state = window as unknown as { __ready?: number };
  const seen = new MutationObserver(() => {
    if (state.__ready === undefined && document.querySelector(selector) !== null) {
      state.__ready = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
}

/** Opens `screen` as a fresh document (the app's shell from the service worker) and times it. */
async function open(page: Page, base: string, screen: Screen): Promise<number> {
  await page.goto(`${base}${SCREENS[screen].path}`);
  await page.waitForFunction(() => (window as { __ready?: number }).__ready !== undefined, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __ready: number }).__ready);
}

/** IndexedDB's count of the app's reports on the device. */
const storedReports = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('urs');
        request.onerror = () => resolve(0);
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('reports')) {
            database.close();
            resolve(0);
            return;
          }
          const count = database.transaction('reports').objectStore('reports').count();
          count.onsuccess = () => {
            database.close();
            resolve(count.result);
          };
        };
      }),
  );

/**
 * The contract's built rounds module (sync-protocol/dist rounds.js and the jobs.js it imports,
 * the code the app's bundle holds) as one script that leaves its functions in
 * `window.__rounds`: evaluated through the DevTools protocol, so the app's CSP does not apply.
 */
async function contractScript(): Promise<string> {
  const strip = (src: string) =>
    src
      .replace(/^import .*$/gm, '')
      .replace(/^export /gm, '')
      .replace(/^\/\/# sourceMappingURL=.*$/gm, '');
  const jobs = strip(await readFile(`${contractDist}/jobs.js`, 'utf8'));
  const rounds = strip(await readFile(`${contractDist}/rounds.js`, 'utf8'));
  return `window.__rounds = (() => {\n${jobs}\n${rounds}\nreturn { occurrencesBetween, occurrenceId, addDays };\n})(); true`;
}

/**
 * In the page (at the bench's CPU throttle): a week of occurrences, with their identities, of
 * 200 templates of every schedule kind, as `/tasks` lists a phone's coming rounds. Returns ms.
 */
function weekOfOccurrences(count: number): number {
  type Contract = {
    occurrencesBetween: (plan: unknown, from: string, to: string) => string[];
    occurrenceId: (id: string, date: string) => string;
    addDays: (date: string, days: number) => string;
  };
  const r = (window as unknown as { __rounds: Contract }).__rounds;
  const schedules = [
    { kind: 'daily' },
    { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5, 6] },
    { kind: 'weekdays', weekdays: [1, 3, 5] },
    { kind: 'every_n_days', n: 3 },
    { kind: 'every_n_weeks', n: 2, weekdays: [2, 4] },
    { kind: 'day_of_month', day: 31 },
    { kind: 'after_completion', n: 90 },
  ];
  const today = new Date().toISOString().slice(0, 10);
  const start = r.addDays(today, -400);
  const plans = Array.from({ length: count }, (_, i) => ({
    id: `0190a8f0-0000-7000-8000-${String(i).padStart(12, '0')}`,
    plan: {
      schedule: schedules[i % schedules.length],
      start_date: r.addDays(start, i % 30),
      end_date: null,
      pauses: i % 10 === 0 ? [{ from: r.addDays(today, 2), to: r.addDays(today, 4) }] : [],
      archived_on: null,
    },
  }));
  const began = performance.now();
  const to = r.addDays(today, 6);
  let n = 0;
  for (const { id, plan } of plans) {
    for (const date of r.occurrencesBetween(plan, today, to)) if (r.occurrenceId(id, date)) n++;
  }
  const ms = performance.now() - began;
  if (n === 0) throw new Error('no occurrences');
  return ms;
}

/**
 * `/tasks` with 500 open jobs on the device against `/user/reports` with 500 reports, the same
 * device and run, in Debian's Chromium at 4x CPU throttle on a phone's viewport: each opened as a
 * new document (the app from the service worker, the rows from IndexedDB) and timed from the
 * navigation to the first card of the screen's list, alternating which goes first.
 */
export async function tasksBench(rounds: number): Promise<BenchRow[]> {
  const server = await benchServer('tasks', undefined, { WEB_DIST_DIR: webDist });
  const { email } = await seed(server);
  const http = serve({ port: 0, hostname: '127.0.0.1', fetch: server.app.fetch });
  await new Promise<void>((resolve) => http.once('listening', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const ready = Object.fromEntries(Object.values(SCREENS).map((s) => [s.path, s.ready]));
    await page.addInitScript(watchReady, ready);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The first sync brings both sets; the service worker then serves the app's files.
    const deadline = Date.now() + 120_000;
    while ((await storedReports(page)) < 2 * JOBS) {
      if (Date.now() > deadline) throw new Error('tasks bench: the first sync did not finish');
      await page.waitForTimeout(250);
    }
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    // One unrecorded opening of each: the lazy chunks come into the cache.
    await open(page, base, 'tasks');
    await open(page, base, 'reports');
    const times: Record<Screen, number[]> = { tasks: [], reports: [] };
    for (let r = 0; r < rounds; r++) {
      const order: Screen[] = r % 2 === 0 ? ['tasks', 'reports'] : ['reports', 'tasks'];
      for (const screen of order) times[screen].push(await open(page, base, screen));
    }
    if (PROFILE_FILE !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await open(page, base, 'tasks');
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(PROFILE_FILE, JSON.stringify(profile));
      console.log(`tasks: CPU profile of one opening of /tasks written to ${PROFILE_FILE}`);
    }
    // Issue 41: the contract's occurrences for a week of 200 templates, same page and throttle.
    await page.evaluate(await contractScript());
    await page.evaluate(weekOfOccurrences, ROUND_TEMPLATES); // unrecorded, as the screens' first
    const occurrences: number[] = [];
    for (let r = 0; r < rounds; r++) {
      occurrences.push(await page.evaluate(weekOfOccurrences, ROUND_TEMPLATES));
    }
    // What was timed is the whole board: its sections count every open job of the device.
    await open(page, base, 'tasks');
    const counted = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="count-"]')].reduce(
        (n, el) => n + Number(el.textContent),
        0,
      ),
    );
    if (counted !== JOBS)
      throw new Error(`tasks bench: /tasks counted ${counted} jobs, not ${JOBS}`);
    console.log(
      `tasks: /tasks ${times.tasks.map((t) => t.toFixed(0)).join(', ')} ms; /user/reports ${times.reports.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    console.log(
      `tasks: a week of occurrences of ${ROUND_TEMPLATES} templates ${occurrences.map((t) => t.toFixed(1)).join(', ')} ms`,
    );
    return [
      {
        name: `a week of occurrences of ${ROUND_TEMPLATES} round templates (contract's occurrencesBetween in the page), Chromium at ${CPU_THROTTLE}x CPU`,
        baseline: `open /tasks with ${JOBS} open jobs, same page and run`,
        ms: median(occurrences),
        baselineMs: median(times.tasks),
        target: OCCURRENCES_TARGET,
      },
      {
        name: `open /tasks with ${JOBS} open jobs on the device, Chromium at ${CPU_THROTTLE}x CPU (navigation to first card)`,
        baseline: `open /user/reports with ${JOBS} reports, same device and run`,
        ms: median(times.tasks),
        baselineMs: median(times.reports),
        target: TASKS_TARGET,
      },
    ];
  } finally {
    await browser.close();
    http.close();
    await server.close();
  }
}
