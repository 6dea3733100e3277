import 'fake-indexeddb/auto';
import { expect } from 'vitest';
import { tables } from '@urs/api';
import {
  DEVICE_NOTIFICATION_KINDS,
  JOB_PRIORITIES,
  REPORT_STATUSES,
  jobActions,
  judgeHandBack,
  judgeStatusChange,
  newId,
  type JobActor,
  type JobChanges,
  type JobState,
  type PullResponse,
  type Report,
  type ReportEvent,
  type Role,
} from '@urs/sync-protocol';
import { openUrsDatabase, type UrsDatabase } from '@urs/web/db';
import {
  claimLocalData,
  createMemoryLock,
  createSyncEngine,
  discardRejected,
  enqueue,
  savePhoto,
  type SyncEngine,
} from '@urs/web/sync';
import {
  flakyFetch,
  prng,
  startServer,
  type Drop,
  type SchoolWorld,
  type ServerOptions,
  type ServerWorld,
} from './world.js';

/*
 * Convergence property: several devices (two phones of one custodian, a gardener, an admin)
 * make random changes while the network drops requests before and after the server commits,
 * syncing at random moments. Once the network is good and every device has synced, each
 * device holds exactly what the server says that user may see, and every change was applied
 * exactly once. Each case is reproducible from its seed.
 *
 * Jobs (decision 028) are in the mix: the admin assigns, reassigns and unassigns reports among
 * the school's people and plans them, everyone changes statuses as the contract lets them on
 * their own copy, assignees hand jobs back, and everyone the job concerns comments. Jobs move
 * between phones while they are offline; every phone still ends as the server says, and every
 * timeline event is stored once under the id its phone chose.
 *
 * With several schools on one deployment, each school has that cast, all devices interleave,
 * and each school converges on its own while nothing of one school reaches another's devices
 * or rows.
 */
export const CASES = Number(process.env['CONVERGENCE_CASES'] ?? 200);
const STEPS = 40;
const BASE_URL = 'http://urs.test/';

interface Device {
  name: string;
  role: Role;
  school: SchoolWorld;
  userId: string;
  token: string;
  db: UrsDatabase;
  engine: SyncEngine;
}

interface Ledger {
  reports: Set<string>;
  stock: Map<string, number>;
  photos: Set<string>;
  reads: Set<string>;
  /** Comment ids queued: each must be on the server once, unless refused. */
  comments: Set<string>;
  /** Every timeline event id a phone chose: the server's events are these, each once. */
  events: Set<string>;
}

/** Mutations that create a row under the id in their args: refused, the row never exists. */
const CREATES = new Set(['report.create', 'stock.record', 'photo.attach', 'comment.create']);

function jpeg(rng: () => number): Uint8Array {
  const bytes = new Uint8Array(64 + Math.floor(rng() * 64));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < bytes.length; i++) bytes[i] = Math.floor(rng() * 256);
  return bytes;
}

/** The job as the phone holds it, for the contract's decisions (as the app asks them). */
async function localJob(db: UrsDatabase, report: Report): Promise<JobState> {
  const photos = (await db.report_photos.toArray()).filter((p) => p.report_id === report.id);
  return {
    status: report.status,
    reporter_id: report.reporter_id,
    assignee_id: report.assignee_id,
    before_photos: photos.filter((p) => p.kind === 'before').length,
    after_photos: photos.filter((p) => p.kind === 'after').length,
  };
}

/** A timeline event as the phone writes it before it syncs. */
function optimisticEvent(
  id: string,
  report: Report,
  actorId: string,
  kind: ReportEvent['kind'],
  changes: JobChanges,
  now: string,
  body: string | null = null,
): { entity: 'report_events'; op: 'put'; row: ReportEvent } {
  return {
    entity: 'report_events',
    op: 'put',
    row: {
      id,
      report_id: report.id,
      actor_id: actorId,
      kind,
      changes,
      body,
      kept: false,
      occurred_at: now,
      created_at: now,
      updated_at: now,
    },
  };
}

/** One of `items`, or undefined for none. */
const pickOf = <T>(rng: () => number, items: readonly T[]): T | undefined =>
  items[Math.floor(rng() * items.length)];

/**
 * A job step: what the phone's user may do to one of the jobs it holds, as the contract says
 * on the phone's own copy. False when there was nothing to do.
 */
async function jobStep(
  rng: () => number,
  world: Pick<SchoolWorld, 'users'>,
  device: Device,
  ledger: Ledger,
  at: () => string,
): Promise<boolean> {
  const { db, userId } = device;
  const actor: JobActor = { id: userId, role: device.role };
  const report = pickOf(rng, await db.reports.toArray());
  if (report === undefined) return false;
  const state = await localJob(db, report);
  const actions = jobActions(state, actor);
  const pick = rng();
  const now = at();
  const eventId = newId();
  if (pick < 0.7 && actions.has('plan')) {
    // Mostly to the school's staff, so jobs change hands between phones.
    const staff = world.users.filter((u) => u.role !== 'admin').map((u) => u.id);
    const assignee = rng() < 0.85 ? (pickOf(rng, staff) ?? null) : null;
    const next = {
      assignee_id: rng() < 0.8 ? assignee : report.assignee_id,
      priority: rng() < 0.5 ? (pickOf(rng, JOB_PRIORITIES) ?? 'normal') : report.priority,
      due_date:
        rng() < 0.4
          ? `2026-12-${String(1 + Math.floor(rng() * 28)).padStart(2, '0')}`
          : report.due_date,
      due_time: report.due_time,
    };
    const changes: JobChanges = {};
    for (const field of ['assignee_id', 'priority', 'due_date'] as const) {
      if (next[field] !== report[field]) changes[field] = [report[field], next[field]];
    }
    if (Object.keys(changes).length === 0) return false;
    const args = {
      id: report.id,
      event_id: eventId,
      at: now,
      ...Object.fromEntries(Object.entries(changes).map(([field, [, to]]) => [field, to])),
    };
    await enqueue(db, userId, 'report.set_job', args, [
      { entity: 'reports', op: 'put', row: { ...report, ...next, updated_at: now } },
      optimisticEvent(eventId, { ...report, ...next }, userId, 'job', changes, now),
    ]);
    ledger.events.add(eventId);
    return true;
  }
  if (pick < 0.8) {
    // A status the contract would take from this phone now.
    const to = pickOf(
      rng,
      REPORT_STATUSES.filter((status) => {
        const judged = judgeStatusChange(state, status, actor).outcome;
        return judged === 'apply' || judged === 'keep';
      }),
    );
    if (to === undefined) return false;
    const kept = judgeStatusChange(state, to, actor).outcome === 'keep';
    const row = kept
      ? report
      : { ...report, status: to, completed_at: to === 'completed' ? now : null, updated_at: now };
    await enqueue(
      db,
      userId,
      'report.set_status',
      { id: report.id, status: to, event_id: eventId, at: now },
      [
        { entity: 'reports', op: 'put', row },
        optimisticEvent(eventId, report, userId, 'status', { status: [report.status, to] }, now),
      ],
    );
    ledger.events.add(eventId);
    return true;
  }
  if (pick < 0.9 && judgeHandBack(state, actor) === 'apply') {
    const row = { ...report, assignee_id: null, status: 'pending' as const, updated_at: now };
    const changes: JobChanges = { assignee_id: [userId, null] };
    if (report.status !== 'pending') changes.status = [report.status, 'pending'];
    await enqueue(db, userId, 'report.hand_back', { id: report.id, event_id: eventId, at: now }, [
      { entity: 'reports', op: 'put', row },
      optimisticEvent(eventId, report, userId, 'hand_back', changes, now),
    ]);
    ledger.events.add(eventId);
    return true;
  }
  if (!actions.has('comment')) return false;
  const body = `Catatan ${eventId.slice(-6)}`;
  await enqueue(
    db,
    userId,
    'comment.create',
    { id: eventId, report_id: report.id, body, at: now },
    [optimisticEvent(eventId, report, userId, 'comment', {}, now, body)],
  );
  ledger.comments.add(eventId);
  ledger.events.add(eventId);
  return true;
}

async function randomStep(
  rng: () => number,
  world: Pick<SchoolWorld, 'areaId' | 'itemId' | 'users'>,
  device: Device,
  ledger: Ledger,
  at: () => string,
) {
  const pick = rng();
  const { userId, db } = device;
  const actor: JobActor = { id: userId, role: device.role };
  const held = await db.reports.toArray();
  // The admin mostly plans and checks jobs; staff mostly do field work.
  const jobShare = device.role === 'admin' ? 0.75 : 0.5;
  if (pick < 0.25 || held.length === 0) {
    const id = newId();
    const now = at();
    // A problem for someone else to fix now and then; otherwise one's own work.
    const unassigned = rng() < 0.3;
    await enqueue(
      db,
      userId,
      'report.create',
      {
        id,
        area_id: world.areaId,
        work_type: 'cleaning',
        description: `Laporan ${id.slice(-6)}`,
        reported_at: now,
        ...(unassigned && { unassigned }),
      },
      [
        {
          entity: 'reports',
          op: 'put',
          row: {
            id,
            reporter_id: userId,
            area_id: world.areaId,
            category_id: null,
            work_type: 'cleaning',
            description: `Laporan ${id.slice(-6)}`,
            status: 'pending',
            admin_note: null,
            reported_at: now,
            assignee_id: unassigned ? null : userId,
            priority: 'normal',
            due_date: null,
            due_time: null,
            completed_at: null,
            origin: 'staff',
            created_at: now,
            updated_at: now,
          },
        },
      ],
    );
    ledger.reports.add(id);
    return;
  }
  if (pick < jobShare) {
    await jobStep(rng, world, device, ledger, at);
    return;
  }
  const report = pickOf(rng, held);
  if (report === undefined) return;
  const actions = jobActions(await localJob(db, report), actor);
  if (pick < 0.58) {
    if (!actions.has('edit')) return;
    const description = `Diperbarui ${Math.floor(rng() * 1e6)}`;
    await enqueue(db, userId, 'report.update', { id: report.id, description }, [
      { entity: 'reports', op: 'put', row: { ...report, description, updated_at: at() } },
    ]);
  } else if (pick < 0.75) {
    const id = newId();
    const quantity = 1 + Math.floor(rng() * 3);
    const item = await db.inventory_items.get(world.itemId);
    const occurred = at();
    const optimistic = [
      {
        entity: 'stock_transactions' as const,
        op: 'put' as const,
        row: {
          id,
          item_id: world.itemId,
          type: 'out' as const,
          quantity,
          notes: null,
          area_id: world.areaId,
          recorded_by: userId,
          occurred_at: occurred,
          created_at: occurred,
          updated_at: occurred,
        },
      },
      ...(item === undefined
        ? []
        : [
            {
              entity: 'inventory_items' as const,
              op: 'put' as const,
              row: { ...item, stock: item.stock - quantity },
            },
          ]),
    ];
    await enqueue(
      db,
      userId,
      'stock.record',
      {
        id,
        item_id: world.itemId,
        type: 'out',
        quantity,
        area_id: world.areaId,
        occurred_at: occurred,
      },
      optimistic,
    );
    ledger.stock.set(id, quantity);
  } else if (pick < 0.9) {
    if (!actions.has('photos')) return;
    const photo = await savePhoto(db, userId, jpeg(rng), 'image/jpeg', { compress: null });
    const now = at();
    const attached = {
      id: photo.id,
      report_id: report.id,
      kind: rng() < 0.6 ? 'before' : 'after',
      sha256: photo.sha256,
      mime_type: 'image/jpeg',
      size_bytes: photo.size_bytes,
      position: 0,
    } as const;
    await enqueue(db, userId, 'photo.attach', attached, [
      {
        entity: 'report_photos',
        op: 'put',
        row: { ...attached, created_at: now, updated_at: now },
      },
    ]);
    ledger.photos.add(photo.id);
  } else {
    const announcements = await db.announcements.toArray();
    const announcement = announcements[Math.floor(rng() * announcements.length)];
    if (announcement === undefined) return;
    // As the announcements screen does: the device's reads are few, read whole (no index).
    const reads = await db.announcement_reads.toArray();
    if (reads.some((read) => read.announcement_id === announcement.id)) return;
    const id = newId();
    const now = at();
    await enqueue(
      db,
      userId,
      'announcement.mark_read',
      { id, announcement_id: announcement.id, read_at: now },
      [
        {
          entity: 'announcement_reads',
          op: 'put',
          row: {
            id,
            announcement_id: announcement.id,
            user_id: userId,
            read_at: now,
            created_at: now,
            updated_at: now,
          },
        },
      ],
    );
    ledger.reads.add(announcement.id + userId);
  }
}

/** What the server says this user may see, from a pull from the very beginning. */
export async function serverView(world: ServerWorld, token: string): Promise<Map<string, unknown>> {
  const view = new Map<string, unknown>();
  let cursor = '';
  for (;;) {
    const res = await world.app.request(`/api/sync/pull?cursor=${cursor}&limit=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as PullResponse;
    for (const change of page.changes) {
      const key = `${change.entity}/${change.id}`;
      if (change.op === 'put') view.set(key, change.row);
      else view.delete(key);
    }
    cursor = page.cursor;
    if (!page.has_more) return view;
  }
}

/** A notice only the device writes (decision 031: a refused entry of its user), never synced. */
const DEVICE_KINDS: readonly string[] = DEVICE_NOTIFICATION_KINDS;
const deviceOnly = (table: string, row: object) =>
  table === 'notifications' && 'kind' in row && DEVICE_KINDS.includes(String(row.kind));

export async function deviceView(device: Pick<Device, 'db'>): Promise<Map<string, unknown>> {
  const view = new Map<string, unknown>();
  for (const table of device.db.entityTables()) {
    for (const row of await table.toArray()) {
      if (!deviceOnly(table.name, row)) view.set(`${table.name}/${row.id}`, row);
    }
  }
  return view;
}

async function runCase(seed: number, server: ServerOptions): Promise<void> {
  const rng = prng(seed);
  const world = await startServer(server);
  let clock = Date.parse('2026-11-22T06:00:00.000Z');
  const at = () => new Date((clock += 1000)).toISOString();
  const dropRate = 0.15 + rng() * 0.35;
  let networkGood = false;
  const decide = (): Drop => {
    if (networkGood) return 'none';
    const r = rng();
    return r < dropRate / 2 ? 'before' : r < dropRate ? 'after' : 'none';
  };
  const devices: Device[] = [];
  const ledgers = new Map<string, Ledger>();
  for (const school of world.schools) {
    const [custodian, gardener, admin] = school.users;
    if (custodian === undefined || gardener === undefined || admin === undefined)
      throw new Error('world users');
    const owners = [custodian, custodian, gardener, admin];
    for (const [i, owner] of owners.entries()) {
      const db = openUrsDatabase(`converge-${seed}-${school.id}-${i}`);
      await claimLocalData(db, owner.id);
      const engine = createSyncEngine({
        db,
        baseUrl: BASE_URL,
        getToken: () => owner.token,
        getUserId: () => owner.id,
        fetch: flakyFetch(world, decide, rng),
        random: rng,
        now: () => clock,
        lock: createMemoryLock(),
      });
      const where = world.schools.length > 1 ? ` of ${school.id}` : '';
      devices.push({
        name: `device ${i} (${owner.role})${where}`,
        role: owner.role,
        school,
        userId: owner.id,
        token: owner.token,
        db,
        engine,
      });
    }
    ledgers.set(school.id, {
      reports: new Set(),
      stock: new Map(),
      photos: new Set(),
      reads: new Set(),
      comments: new Set(),
      events: new Set(),
    });
  }
  const ledgerOf = (school: SchoolWorld): Ledger => {
    const ledger = ledgers.get(school.id);
    if (ledger === undefined) throw new Error(`no ledger for ${school.id}`);
    return ledger;
  };
  const rejectedIds = new Set<string>();

  try {
    // Each school's admin publishes two announcements everyone of the school may read.
    for (const adminDevice of devices.filter((d) => d.role === 'admin')) {
      const admin = { id: adminDevice.userId };
      for (const title of ['Kerja bakti', 'Rapat staf']) {
        const id = newId();
        const now = at();
        await enqueue(
          adminDevice.db,
          admin.id,
          'announcement.create',
          { id, title, body: 'Info' },
          [
            {
              entity: 'announcements',
              op: 'put',
              row: {
                id,
                title,
                body: 'Info',
                audience: null,
                priority: 'normal',
                pinned: false,
                author_id: admin.id,
                published_at: now,
                created_at: now,
                updated_at: now,
              },
            },
          ],
        );
      }
    }

    for (let step = 0; step < STEPS * world.schools.length; step++) {
      const device = devices[Math.floor(rng() * devices.length)];
      if (device === undefined) continue;
      if (rng() < 0.35) await device.engine.syncOnce({ force: true });
      else await randomStep(rng, device.school, device, ledgerOf(device.school), at);
    }

    // The network comes back. Everyone syncs; refusals are discarded as a user would.
    networkGood = true;
    for (let round = 0; round < 3; round++) {
      for (const device of devices) {
        for (const entry of await device.db.outbox
          .where('user_id')
          .equals(device.userId)
          .toArray()) {
          if (entry.status === 'rejected') {
            // Only a refused create leaves a row unmade: a refused change of a job (taken from
            // its phone meanwhile) leaves the job as the server has it.
            if (CREATES.has(entry.mutation.name)) {
              rejectedIds.add(String((entry.mutation.args as { id?: string }).id));
            }
            await discardRejected(device.db, device.userId, entry.id ?? -1);
          }
        }
        const outcome = await device.engine.syncOnce({ force: true });
        expect(outcome.status, `${device.name} final sync`).toBe('ok');
      }
    }

    const views = new Map<Device, Map<string, unknown>>();
    for (const device of devices) {
      expect(
        await device.db.outbox.where('user_id').equals(device.userId).count(),
        `${device.name} outbox drained`,
      ).toBe(0);
      const view = await serverView(world, device.token);
      expect(await deviceView(device), `${device.name} equals the server's view`).toEqual(view);
      views.set(device, view);
    }

    // Nothing crosses: no device holds a row another school's devices hold.
    for (const device of devices) {
      const own = views.get(device) ?? new Map<string, unknown>();
      for (const other of devices) {
        if (other.school.id === device.school.id) continue;
        const crossing = [...(views.get(other)?.keys() ?? [])].filter((key) => own.has(key));
        expect(crossing, `${device.name} holds rows of ${other.name}`).toEqual([]);
      }
    }

    // Exactly once, per school: every change a school's devices made exists once on the server,
    // in that school, refusals not at all.
    const reportRows = await world.db
      .select({ id: tables.reports.id, schoolId: tables.reports.schoolId })
      .from(tables.reports);
    const stockRows = await world.db.select().from(tables.stockTransactions);
    const items = await world.db.select().from(tables.inventoryItems);
    const photoRows = await world.db
      .select({ id: tables.reportPhotos.id, schoolId: tables.reportPhotos.schoolId })
      .from(tables.reportPhotos);
    expect(photoRows.length).toBe(new Set(photoRows.map((r) => r.id)).size);
    const eventRows = await world.db
      .select({
        id: tables.reportEvents.id,
        schoolId: tables.reportEvents.schoolId,
        kind: tables.reportEvents.kind,
      })
      .from(tables.reportEvents);
    for (const school of world.schools) {
      const ledger = ledgerOf(school);
      const inSchool = <R extends { schoolId: string }>(rows: R[]) =>
        rows.filter((r) => r.schoolId === school.id);
      expect(new Set(inSchool(reportRows).map((r) => r.id)), `reports of ${school.id}`).toEqual(
        new Set([...ledger.reports].filter((id) => !rejectedIds.has(id))),
      );
      const applied = [...ledger.stock].filter(([id]) => !rejectedIds.has(id));
      expect(
        inSchool(stockRows)
          .map((r) => r.id)
          .sort(),
        `stock of ${school.id}`,
      ).toEqual(applied.map(([id]) => id).sort());
      const item = items.find((i) => i.id === school.itemId);
      expect(item?.schoolId).toBe(school.id);
      expect(item?.stock, `stock of ${school.id}'s item`).toBe(
        world.initialStock - applied.reduce((sum, [, q]) => sum + q, 0),
      );
      expect(new Set(inSchool(photoRows).map((r) => r.id)), `photos of ${school.id}`).toEqual(
        new Set([...ledger.photos].filter((id) => !rejectedIds.has(id))),
      );
      // Every event is one a phone of the school chose, stored once; every comment not refused
      // is there. (A plan or status change overtaken by events writes none: decision 028.)
      const events = inSchool(eventRows);
      expect(
        events.filter((e) => !ledger.events.has(e.id)),
        `events of ${school.id} no phone chose`,
      ).toEqual([]);
      expect(
        new Set(events.filter((e) => e.kind === 'comment').map((e) => e.id)),
        `comments of ${school.id}`,
      ).toEqual(new Set([...ledger.comments].filter((id) => !rejectedIds.has(id))));
    }
  } finally {
    for (const device of devices) {
      device.db.close();
      await device.db.delete();
    }
    await world.close();
  }
}

/**
 * `cases` seeded cases from CONVERGENCE_SEED: every device ends equal to the server and every
 * change is applied once. A failure names the seed that reproduces it.
 */
export async function runCases(cases: number, server: ServerOptions = {}): Promise<void> {
  const base = Number(process.env['CONVERGENCE_SEED'] ?? 20261122);
  for (let i = 0; i < cases; i++) {
    const seed = base + i;
    try {
      await runCase(seed, server);
    } catch (err) {
      throw new Error(
        `convergence case failed; reproduce with CONVERGENCE_SEED=${seed} CONVERGENCE_CASES=1\n${String(err)}`,
        { cause: err },
      );
    }
  }
}
