import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FIRST_SCHOOL_ID,
  createApp,
  DiskPhotoStore,
  loadEnv,
  migrateDatabase,
  openDatabase,
  sqliteWriter,
  type Db,
} from '@urs/api';
import { ROLES, type PullResponse } from '@urs/sync-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  demoDistrict,
  isDatabaseEmpty,
  seedDemoSchool,
  type SeedSummary,
} from './index.js';

const NOW = new Date('2026-03-10T03:30:00.000Z');
const SCRYPT_LOG_N = 10;

const SYNCED_TABLES = [
  'users',
  'areas',
  'categories',
  'inventory_items',
  'stock_transactions',
  'reports',
  'report_photos',
  'report_events',
  'item_requests',
  'announcements',
  'announcement_reads',
  'round_templates',
  'round_completions',
] as const;

interface Fixture {
  dir: string;
  db: Db;
  photos: DiskPhotoStore;
}

async function freshFixture(): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-seed-test-'));
  const db = openDatabase(path.join(dir, 'urs.sqlite'));
  await migrateDatabase(db);
  return { dir, db, photos: new DiskPhotoStore(path.join(dir, 'photos')) };
}

function all<Row>(db: Db, query: string): Row[] {
  return sqliteWriter(db).prepare<[], Row>(query).all();
}

function scalar(db: Db, query: string): number {
  const row = sqliteWriter(db).prepare<[], { n: number }>(query).get();
  if (row === undefined) throw new Error(`no row for ${query}`);
  return row.n;
}

let f: Fixture;
let summary: SeedSummary;

beforeAll(async () => {
  f = await freshFixture();
  expect(await isDatabaseEmpty(f.db)).toBe(true);
  summary = await seedDemoSchool(f.db, { photos: f.photos, scryptLogN: SCRYPT_LOG_N, now: NOW });
}, 60_000);

afterAll(async () => {
  await f.db.close();
  fs.rmSync(f.dir, { recursive: true, force: true });
});

describe('seedDemoSchool', () => {
  it('reports what it added, and that matches the tables', async () => {
    expect(summary).toMatchObject({
      users: DEMO_ACCOUNTS.length,
      // 14 places and the toilets of buildings B, C and D the rounds clean.
      areas: 17,
      categories: 7,
      inventoryItems: 45,
      reports: 60,
      itemRequests: 9,
      announcements: 5,
      roundTemplates: 7,
    });
    expect(summary.stockTransactions).toBeGreaterThan(200);
    expect(summary.reportPhotos).toBeGreaterThan(summary.reports);
    expect(summary.announcementReads).toBeGreaterThan(0);
    const counts = SYNCED_TABLES.map((t) => scalar(f.db, `SELECT count(*) AS n FROM ${t}`));
    expect(counts).toEqual([
      summary.users,
      summary.areas,
      summary.categories,
      summary.inventoryItems,
      summary.stockTransactions,
      summary.reports,
      summary.reportPhotos,
      summary.reportEvents,
      summary.itemRequests,
      summary.announcements,
      summary.announcementReads,
      summary.roundTemplates,
      summary.roundCompletions,
    ]);
    expect(await isDatabaseEmpty(f.db)).toBe(false);
  });

  it('has at least two users of every staff role and an admin', () => {
    const byRole = new Map(
      all<{ role: string; n: number }>(
        f.db,
        'SELECT role, count(*) AS n FROM users GROUP BY role',
      ).map((r) => [r.role, r.n]),
    );
    for (const role of ROLES)
      expect(byRole.get(role) ?? 0).toBeGreaterThanOrEqual(role === 'admin' ? 1 : 2);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.email).toMatch(/@urs\.sch\.id$/);
      expect(account.password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('stores scrypt hashes that the API accepts at login', async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
    const staff = DEMO_ACCOUNTS.find((a) => a.role === 'gardener');
    if (admin === undefined || staff === undefined) throw new Error('accounts missing');
    expect(admin).toMatchObject({ email: 'admin@urs.sch.id', password: 'admin12345' });
    const hashes = all<{ password_hash: string }>(f.db, 'SELECT password_hash FROM users');
    for (const { password_hash } of hashes) {
      expect(password_hash).toMatch(/^scrypt\$10\$/);
      expect(password_hash).not.toContain(admin.password);
    }

    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: f.dir, SCRYPT_LOG_N: String(SCRYPT_LOG_N) });
    const app = createApp({ db: f.db, env, photos: f.photos });
    const login = (email: string, password: string) =>
      app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    const ok = await login(admin.email, admin.password);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { email: admin.email, role: 'admin' } });
    expect((await login(staff.email, staff.password)).status).toBe(200);
    expect((await login(admin.email, 'staf12345')).status).toBe(401);
  });

  it('records the days people used the app, so analytics counts whom last_active_at says was active', () => {
    const wibDay = (iso: string) =>
      new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);
    const today = wibDay(NOW.toISOString());
    const from30 = wibDay(new Date(NOW.getTime() - 29 * 86_400_000).toISOString());
    const people = all<{ id: string; last_active_at: string }>(
      f.db,
      'SELECT id, last_active_at FROM users',
    );
    const days = all<{ user_id: string; day: string }>(
      f.db,
      `SELECT user_id, day FROM user_activity WHERE day <= '${today}'`,
    );
    const seen = new Set(days.map((d) => `${d.user_id}|${d.day}`));
    for (const person of people) {
      expect(seen.has(`${person.id}|${wibDay(person.last_active_at)}`)).toBe(true);
    }
    // What the analytics screen shows as "active in the last 30 days" (services/analytics.ts).
    const active30 = new Set(days.filter((d) => d.day >= from30).map((d) => d.user_id));
    const recent = people.filter((p) => wibDay(p.last_active_at) >= from30);
    expect(recent.length).toBeGreaterThan(people.length / 2);
    expect(active30.size).toBe(recent.length);
  });

  it("keeps every item's stock equal to its transactions, never negative along the way", () => {
    const items = all<{ id: string; stock: number; min_stock: number; active: number }>(
      f.db,
      'SELECT id, stock, min_stock, active FROM inventory_items',
    );
    const txs = all<{ item_id: string; type: string; quantity: number }>(
      f.db,
      'SELECT item_id, type, quantity FROM stock_transactions ORDER BY occurred_at, created_at',
    );
    const running = new Map<string, number>();
    for (const tx of txs) {
      if (tx.type !== 'adjustment') expect(tx.quantity).toBeGreaterThan(0);
      expect(Number.isInteger(tx.quantity)).toBe(true);
      const next =
        (running.get(tx.item_id) ?? 0) + (tx.type === 'out' ? -tx.quantity : tx.quantity);
      expect(next).toBeGreaterThanOrEqual(0);
      running.set(tx.item_id, next);
    }
    for (const item of items) expect(item.stock).toBe(running.get(item.id) ?? 0);
    const low = items.filter((i) => i.active === 1 && i.stock < i.min_stock);
    expect(low.length).toBeGreaterThanOrEqual(5);
    expect(items.filter((i) => i.active === 0).length).toBeGreaterThanOrEqual(2);
    const skus = all<{ sku: string }>(
      f.db,
      'SELECT sku FROM inventory_items WHERE sku IS NOT NULL',
    );
    expect(new Set(skus.map((s) => s.sku)).size).toBe(skus.length);
  });

  it('stores every report photo as a JPEG, before photos on every report and after on completed ones', async () => {
    const photos = all<{ sha256: string; size_bytes: number; mime_type: string }>(
      f.db,
      'SELECT DISTINCT sha256, size_bytes, mime_type FROM report_photos',
    );
    for (const photo of photos) {
      const bytes = await f.photos.get(photo.sha256);
      expect(bytes).not.toBeNull();
      expect(bytes?.byteLength).toBe(photo.size_bytes);
      expect([...(bytes ?? new Uint8Array()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(photo.mime_type).toBe('image/jpeg');
    }
    const perReport = all<{ status: string; before: number; after: number }>(
      f.db,
      `SELECT r.status,
              sum(p.kind = 'before') AS before,
              sum(p.kind = 'after') AS after
         FROM reports r JOIN report_photos p ON p.report_id = r.id
        GROUP BY r.id`,
    );
    expect(perReport).toHaveLength(summary.reports);
    for (const r of perReport) {
      expect(r.before).toBeGreaterThanOrEqual(1);
      expect(r.before).toBeLessThanOrEqual(2);
      if (r.status === 'completed') expect(r.after).toBeGreaterThanOrEqual(1);
      else expect(r.after).toBe(0);
    }
    const requestImages = all<{ image_sha256: string }>(
      f.db,
      "SELECT image_sha256 FROM item_requests WHERE type = 'custom'",
    );
    for (const { image_sha256 } of requestImages)
      expect(await f.photos.has(image_sha256)).toBe(true);
  });

  it('hands out unique change_seq values across all synced tables', () => {
    const union = SYNCED_TABLES.map((t) => `SELECT change_seq FROM ${t}`).join(' UNION ALL ');
    const total = scalar(f.db, `SELECT count(*) AS n FROM (${union})`);
    const distinct = scalar(f.db, `SELECT count(DISTINCT change_seq) AS n FROM (${union})`);
    expect(distinct).toBe(total);
    expect(
      scalar(f.db, `SELECT value AS n FROM change_counter WHERE school_id = '${FIRST_SCHOOL_ID}'`),
    ).toBe(total);
  });

  it('puts every row it writes into the first school', () => {
    for (const t of SYNCED_TABLES) {
      const all = scalar(f.db, `SELECT count(*) AS n FROM ${t}`);
      expect(all, t).toBeGreaterThan(0);
      const first = `SELECT count(*) AS n FROM ${t} WHERE school_id = '${FIRST_SCHOOL_ID}'`;
      expect(scalar(f.db, first), t).toBe(all);
    }
  });

  it('spreads reports over six months, all in the past, with every status and work type', () => {
    const reports = all<{
      created_at: string;
      updated_at: string;
      status: string;
      work_type: string;
    }>(f.db, 'SELECT created_at, updated_at, status, work_type FROM reports');
    const months = new Set(reports.map((r) => r.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
    for (const r of reports) {
      expect(r.created_at <= NOW.toISOString()).toBe(true);
      expect(r.updated_at >= r.created_at && r.updated_at <= NOW.toISOString()).toBe(true);
    }
    const weekAgo = new Date(NOW.getTime() - 7 * 86_400_000).toISOString();
    expect(reports.filter((r) => r.created_at >= weekAgo).length).toBeGreaterThanOrEqual(5);
    expect(new Set(reports.map((r) => r.status))).toEqual(
      new Set(['pending', 'in_progress', 'completed', 'cancelled']),
    );
    expect(new Set(reports.map((r) => r.work_type)).size).toBe(5);
  });

  it('makes believable jobs: a queue, planned work with priorities and due days, some overdue', () => {
    const jobs = all<{
      id: string;
      status: string;
      reporter_id: string;
      assignee_id: string | null;
      priority: string;
      due_date: string | null;
      due_time: string | null;
      completed_at: string | null;
      updated_at: string;
      origin: string;
    }>(
      f.db,
      'SELECT id, status, reporter_id, assignee_id, priority, due_date, due_time, completed_at, updated_at, origin FROM reports',
    );
    const today = new Date(NOW.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const open = (j: { status: string }) => j.status === 'pending' || j.status === 'in_progress';
    // The admin's queue: problems nobody has yet.
    expect(jobs.filter((j) => j.assignee_id === null).length).toBeGreaterThanOrEqual(2);
    for (const j of jobs.filter((j) => j.assignee_id === null)) expect(j.status).toBe('pending');
    // Work given to someone other than who found it, with priorities and due days.
    const planned = jobs.filter((j) => j.assignee_id !== null && j.assignee_id !== j.reporter_id);
    expect(planned.length).toBeGreaterThanOrEqual(5);
    expect(new Set(planned.map((j) => j.priority)).size).toBeGreaterThanOrEqual(3);
    for (const j of planned) expect(j.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(planned.some((j) => j.due_time !== null)).toBe(true);
    // Open work is due on a day: some of it overdue, some today or ahead.
    const due = jobs.filter((j) => open(j) && j.due_date !== null);
    expect(due.filter((j) => (j.due_date ?? '') < today).length).toBeGreaterThanOrEqual(2);
    expect(due.filter((j) => (j.due_date ?? '') >= today).length).toBeGreaterThanOrEqual(2);
    // The demo technician has tasks waiting.
    const bambang = all<{ id: string }>(
      f.db,
      "SELECT id FROM users WHERE email = 'bambang.prasetyo@urs.sch.id'",
    )[0]?.id;
    expect(
      planned.filter((j) => j.assignee_id === bambang && open(j)).length,
    ).toBeGreaterThanOrEqual(1);
    // A completion time exactly for what is completed, never after its last change.
    for (const j of jobs) {
      expect(j.completed_at !== null, j.id).toBe(j.status === 'completed');
      if (j.completed_at !== null) expect(j.completed_at <= j.updated_at).toBe(true);
      expect(j.origin).toBe('staff');
    }
  });

  it('gives jobs timelines that match them, with comments, and copies holders for the pull', () => {
    const events = all<{
      kind: string;
      changes: string;
      body: string | null;
      occurred_at: string;
      report_id: string;
      reporter_id: string;
      assignee_id: string | null;
      r_reporter: string;
      r_assignee: string | null;
      r_status: string;
    }>(
      f.db,
      `SELECT e.kind, e.changes, e.body, e.occurred_at, e.report_id, e.reporter_id, e.assignee_id,
              r.reporter_id AS r_reporter, r.assignee_id AS r_assignee, r.status AS r_status
         FROM report_events e JOIN reports r ON r.id = e.report_id ORDER BY e.change_seq`,
    );
    const kinds = new Set(events.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['job', 'status', 'comment']));
    expect(events.filter((e) => e.kind === 'comment').length).toBeGreaterThanOrEqual(3);
    for (const e of events) {
      expect(e.reporter_id).toBe(e.r_reporter);
      expect(e.assignee_id).toBe(e.r_assignee);
      expect(e.occurred_at <= NOW.toISOString()).toBe(true);
      if (e.kind === 'comment') expect(e.body?.length).toBeGreaterThan(0);
      else expect(e.body).toBeNull();
    }
    // Each job's last status change lands on the status it has.
    const last = new Map<string, string>();
    for (const e of events.filter((x) => x.kind === 'status')) {
      const status = (JSON.parse(e.changes) as { status: [string, string] }).status;
      last.set(e.report_id, status[1]);
    }
    for (const e of events) {
      if (last.has(e.report_id)) expect(last.get(e.report_id), e.report_id).toBe(e.r_status);
    }
    // Each plan that gave the job to someone names the assignee it has; every plan set a due day.
    const plans = events.filter((x) => x.kind === 'job');
    expect(plans.length).toBeGreaterThanOrEqual(5);
    for (const e of plans) {
      const changes = JSON.parse(e.changes) as {
        assignee_id?: [null, string];
        due_date: [null, string];
      };
      if (changes.assignee_id !== undefined) {
        expect(changes.assignee_id).toEqual([null, e.r_assignee]);
      }
      expect(changes.due_date[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const strays = scalar(
      f.db,
      'SELECT count(*) AS n FROM report_photos p JOIN reports r ON r.id = p.report_id WHERE p.assignee_id IS NOT r.assignee_id',
    );
    expect(strays).toBe(0);
  });

  it('sends the demo technician his tasks, with their timelines, in his pull', async () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: f.dir, SCRYPT_LOG_N: String(SCRYPT_LOG_N) });
    const app = createApp({ db: f.db, env, photos: f.photos });
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bambang.prasetyo@urs.sch.id', password: 'staf12345' }),
    });
    const { access_token: token, user } = (await login.json()) as {
      access_token: string;
      user: { id: string };
    };
    const res = await app.request('/api/sync/pull?limit=1000', {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as PullResponse;
    const tasks = page.changes.flatMap((c) =>
      c.entity === 'reports' && c.op === 'put' && c.row.assignee_id === user.id ? [c.row] : [],
    );
    expect(tasks.filter((r) => r.reporter_id !== user.id).length).toBeGreaterThanOrEqual(2);
    // Each job given to him arrives with its timeline, the plan that gave it to him first.
    for (const task of tasks.filter((r) => r.reporter_id !== user.id)) {
      const timeline = page.changes.flatMap((c) =>
        c.entity === 'report_events' && c.op === 'put' && c.row.report_id === task.id
          ? [c.row]
          : [],
      );
      expect(timeline[0], task.id).toMatchObject({
        kind: 'job',
        changes: { assignee_id: [null, user.id] },
      });
    }
  });

  it('numbers reports as the server does: per school year, in the order they arrived', () => {
    const reports = all<{ number: string; created_at: string }>(
      f.db,
      'SELECT number, created_at FROM reports ORDER BY created_at, id',
    );
    expect(reports).toHaveLength(60);
    const last = new Map<string, number>();
    for (const r of reports) {
      const match = /^LAP-(\d{4})-(\d{6})$/.exec(r.number);
      expect(match, r.number).not.toBeNull();
      const [, year = '', count = ''] = match ?? [];
      // The year of its arrival in the school's time (WIB).
      const arrived = new Date(Date.parse(r.created_at) + 7 * 3_600_000);
      expect(year).toBe(String(arrived.getUTCFullYear()));
      expect(Number(count)).toBe((last.get(year) ?? 0) + 1);
      last.set(year, Number(count));
    }
  });

  it('numbers requests uniquely and records who decided them', () => {
    const requests = all<{
      number: string;
      status: string;
      approver_id: string | null;
      decided_at: string | null;
    }>(f.db, 'SELECT number, status, approver_id, decided_at FROM item_requests');
    for (const r of requests) {
      expect(r.number).toMatch(/^REQ-\d{4}-\d{6}$/);
      expect(r.approver_id === null).toBe(r.status === 'pending');
      expect(r.decided_at === null).toBe(r.status === 'pending');
    }
    expect(scalar(f.db, 'SELECT count(*) AS n FROM announcements WHERE pinned = 1')).toBe(1);
  });

  it('has six months of rounds the server judges on time, late and missed', async () => {
    const templates = all<{ id: string; start_date: string; version: number }>(
      f.db,
      'SELECT id, start_date, version FROM round_templates',
    );
    expect(templates.map((t) => t.start_date)).toEqual(templates.map(() => '2025-09-09'));
    expect(templates.filter((t) => t.version === 2)).toHaveLength(1);
    expect(scalar(f.db, 'SELECT count(*) AS n FROM round_template_versions')).toBe(8);
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: f.dir, SCRYPT_LOG_N: String(SCRYPT_LOG_N) });
    const app = createApp({ db: f.db, env, photos: f.photos, now: () => NOW });
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@urs.sch.id', password: 'admin12345' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const from = '2025-09-09';
    const to = '2026-03-09';
    const res = await app.request(`/api/rounds/compliance?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      totals: Record<'on_time' | 'late' | 'missed' | 'open', number>;
      by_template: { template_id: string; on_time: number; late: number }[];
    };
    expect(body.totals.on_time).toBeGreaterThan(0);
    expect(body.totals.late).toBeGreaterThan(0);
    expect(body.totals.missed).toBeGreaterThan(0);
    expect(body.totals.late + body.totals.missed).toBeLessThan(body.totals.on_time);
    // Every closing completion the seed wrote is an occurrence the server's schedule names.
    const closing = scalar(
      f.db,
      `SELECT count(*) AS n FROM round_completions
        WHERE closing = 1 AND occurrence_date BETWEEN '${from}' AND '${to}'`,
    );
    expect(body.totals.on_time + body.totals.late).toBe(closing);
    expect(body.by_template).toHaveLength(7);
    for (const t of body.by_template) expect(t.on_time + t.late, t.template_id).toBeGreaterThan(0);
    // One occurrence done twice (two gardeners offline): the second kept, naming the first.
    const kept = all<{ closed_by_id: string | null }>(
      f.db,
      'SELECT closed_by_id FROM round_completions WHERE closing = 0',
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]?.closed_by_id).not.toBeNull();
    // Today's rounds are left to do.
    expect(
      scalar(
        f.db,
        "SELECT count(*) AS n FROM round_completions WHERE occurrence_date = '2026-03-10'",
      ),
    ).toBe(0);
  });

  it('adds nothing when called again', async () => {
    const before = SYNCED_TABLES.map((t) => scalar(f.db, `SELECT count(*) AS n FROM ${t}`));
    const again = await seedDemoSchool(f.db, {
      photos: f.photos,
      scryptLogN: SCRYPT_LOG_N,
      now: NOW,
    });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(SYNCED_TABLES.map((t) => scalar(f.db, `SELECT count(*) AS n FROM ${t}`))).toEqual(
      before,
    );
  });

  it('produces the same school for the same "now"', async () => {
    const other = await freshFixture();
    try {
      await seedDemoSchool(other.db, { photos: other.photos, scryptLogN: SCRYPT_LOG_N, now: NOW });
      const content = (db: Db) =>
        all(
          db,
          `SELECT r.created_at, r.status, r.description, r.admin_note, p.sha256
             FROM reports r JOIN report_photos p ON p.report_id = r.id
            ORDER BY r.created_at, p.kind, p.position`,
        );
      expect(content(other.db)).toEqual(content(f.db));
      const rounds = (db: Db) =>
        all(
          db,
          `SELECT occurrence_date, completed_at, template_version, closing, answers
             FROM round_completions ORDER BY completed_at, occurrence_date`,
        );
      expect(rounds(other.db)).toEqual(rounds(f.db));
    } finally {
      await other.db.close();
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('seedDemoSchool with SEED_SCHOOLS=3 (a demo district)', () => {
  const district = demoDistrict(3);
  let d: Fixture;
  let total: SeedSummary;

  beforeAll(async () => {
    d = await freshFixture();
    total = await seedDemoSchool(d.db, {
      photos: d.photos,
      scryptLogN: SCRYPT_LOG_N,
      now: NOW,
      schools: 3,
    });
  }, 120_000);

  afterAll(async () => {
    await d.db.close();
    fs.rmSync(d.dir, { recursive: true, force: true });
  });

  it('creates the other schools, the first one unchanged', () => {
    expect(district.map((s) => s.id)[0]).toBe(FIRST_SCHOOL_ID);
    expect(district.map((s) => s.admin.email)).toEqual([
      'admin@urs.sch.id',
      'admin@s2.urs.sch.id',
      'admin@s3.urs.sch.id',
    ]);
    const schools = all<{ id: string; name: string }>(
      d.db,
      'SELECT id, name FROM schools ORDER BY id',
    );
    expect(schools).toEqual(district.map((s) => ({ id: s.id, name: s.name })));
    expect(new Set(schools.map((s) => s.name)).size).toBe(3);
    // School 1 is exactly the single-school seed (the first fixture above).
    for (const [key, n] of Object.entries(summary)) {
      expect(total[key as keyof SeedSummary], key).toBe(3 * n);
    }
  });

  it("stamps every row with its own school's id and change_seq, one counter per school", () => {
    for (const school of district) {
      const union = SYNCED_TABLES.map(
        (t) => `SELECT change_seq FROM ${t} WHERE school_id = '${school.id}'`,
      ).join(' UNION ALL ');
      const rows = scalar(d.db, `SELECT count(*) AS n FROM (${union})`);
      expect(rows, school.name).toBe(Object.values(summary).reduce((a, b) => a + b, 0));
      expect(scalar(d.db, `SELECT count(DISTINCT change_seq) AS n FROM (${union})`)).toBe(rows);
      expect(scalar(d.db, `SELECT max(change_seq) AS n FROM (${union})`)).toBe(rows);
      expect(
        scalar(d.db, `SELECT value AS n FROM change_counter WHERE school_id = '${school.id}'`),
      ).toBe(rows);
    }
    expect(scalar(d.db, 'SELECT count(*) AS n FROM change_counter')).toBe(3);
    const ids = `(${district.map((s) => `'${s.id}'`).join(', ')})`;
    for (const t of SYNCED_TABLES) {
      expect(scalar(d.db, `SELECT count(*) AS n FROM ${t} WHERE school_id NOT IN ${ids}`), t).toBe(
        0,
      );
    }
  });

  it('shares nothing: every reference points inside its own school, every login is its own', () => {
    const crossing = [
      'SELECT count(*) AS n FROM reports r JOIN users u ON u.id = r.reporter_id WHERE u.school_id <> r.school_id',
      'SELECT count(*) AS n FROM reports r JOIN areas a ON a.id = r.area_id WHERE a.school_id <> r.school_id',
      'SELECT count(*) AS n FROM report_photos p JOIN reports r ON r.id = p.report_id WHERE r.school_id <> p.school_id',
      'SELECT count(*) AS n FROM report_events e JOIN reports r ON r.id = e.report_id WHERE r.school_id <> e.school_id',
      'SELECT count(*) AS n FROM report_events e JOIN users u ON u.id = e.actor_id WHERE u.school_id <> e.school_id',
      'SELECT count(*) AS n FROM reports r JOIN users u ON u.id = r.assignee_id WHERE u.school_id <> r.school_id',
      'SELECT count(*) AS n FROM reports r JOIN categories c ON c.id = r.category_id WHERE c.school_id <> r.school_id',
      'SELECT count(*) AS n FROM inventory_items i JOIN users u ON u.id = i.created_by WHERE u.school_id <> i.school_id',
      'SELECT count(*) AS n FROM stock_transactions s JOIN inventory_items i ON i.id = s.item_id WHERE i.school_id <> s.school_id',
      'SELECT count(*) AS n FROM item_requests q JOIN users u ON u.id = q.requester_id WHERE u.school_id <> q.school_id',
      'SELECT count(*) AS n FROM announcement_reads r JOIN announcements a ON a.id = r.announcement_id WHERE a.school_id <> r.school_id',
      'SELECT count(*) AS n FROM announcement_reads r JOIN users u ON u.id = r.user_id WHERE u.school_id <> r.school_id',
    ];
    for (const query of crossing) expect(scalar(d.db, query), query).toBe(0);
    const users = all<{ email: string; school_id: string }>(
      d.db,
      'SELECT email, school_id FROM users',
    );
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const [i, school] of district.entries()) {
      const domain = i === 0 ? '@urs.sch.id' : `@s${school.number}.urs.sch.id`;
      const own = users.filter((u) => u.school_id === school.id);
      expect(own).toHaveLength(DEMO_ACCOUNTS.length);
      for (const u of own) expect(u.email.endsWith(domain), u.email).toBe(true);
    }
  });

  it("signs each school's admin in to their own school only", async () => {
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: d.dir, SCRYPT_LOG_N: String(SCRYPT_LOG_N) });
    const app = createApp({ db: d.db, env, photos: d.photos });
    for (const school of district) {
      const login = await app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: school.admin.email, password: school.admin.password }),
      });
      expect(login.status).toBe(200);
      const { access_token: token } = (await login.json()) as { access_token: string };
      const areas = await app.request('/api/areas', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(areas.status).toBe(200);
      const body = (await areas.json()) as { data: { id: string }[] };
      const ids = body.data.map((a) => a.id);
      expect(ids.length).toBeGreaterThan(0);
      const own = new Set(
        all<{ id: string }>(d.db, `SELECT id FROM areas WHERE school_id = '${school.id}'`).map(
          (a) => a.id,
        ),
      );
      for (const id of ids) expect(own.has(id)).toBe(true);
    }
  });
});
