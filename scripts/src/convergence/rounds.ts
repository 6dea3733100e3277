import 'fake-indexeddb/auto';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hashPassword, tables } from '@urs/api';
import {
  addDays,
  newId,
  occurrenceId,
  schoolDay,
  type RoundAnswer,
  type RoundCompletion,
  type RoundItem,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { openUrsDatabase, type UrsDatabase } from '@urs/web/db';
import {
  claimLocalData,
  createMemoryLock,
  createSyncEngine,
  enqueue,
  type SyncEngine,
} from '@urs/web/sync';
import { insertStamped } from '../seed/index.js';
import { deviceView, serverView } from './cases.js';
import { flakyFetch, prng, startServer, type Drop, type ServerOptions } from './world.js';

/*
 * Rounds under sync (issue 41, decision 030), with the web app's sync engine and the real API:
 *
 * - two custodians' phones complete the same occurrence of a round for the custodian role,
 *   offline, then sync over a network that drops requests before and after the server commits:
 *   the first completion to reach the server closes the occurrence, the other is kept and names
 *   who closed it and when, each is stored once, and both phones end as the server says;
 * - a template edited by the admin (checklist and schedule) while a phone holds the older
 *   version offline: the phone's completion of that version is kept with that version's
 *   checklist, an earlier completion is not rewritten, and the phone then holds the new version.
 */

const BASE_URL = 'http://urs.test/';
const WIB = 7 * 60;
const PASSWORD = 'ronde-123';

const V1_ITEMS = [
  { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', unit: null, photo: 'none' },
  { id: 'soap', label: 'Sabun (botol)', kind: 'number', unit: 'botol', photo: 'none' },
] as const satisfies readonly RoundItem[];

type World = Awaited<ReturnType<typeof startServer>>;

interface Phone {
  name: string;
  userId: string;
  token: string;
  db: UrsDatabase;
  engine: SyncEngine;
  online: boolean;
}

/** A second custodian of the first school, signed in. */
async function addCustodian(world: World): Promise<{ id: string; token: string }> {
  const school = world.schools[0];
  if (school === undefined) throw new Error('no school');
  const id = newId();
  const now = new Date().toISOString();
  const email = 'kedua@konvergen.test';
  const passwordHash = await hashPassword(PASSWORD, 10);
  await world.db.write((tx) =>
    insertStamped(tx, school.id, tables.users, [
      { id, name: 'Budi', email, role: 'custodian', passwordHash, createdAt: now, updatedAt: now },
    ]),
  );
  const res = await world.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { id, token };
}

function phone(
  world: World,
  name: string,
  user: { id: string; token: string },
  decide: () => Drop,
  rng: () => number,
): Phone {
  const db = openUrsDatabase(`rounds-${name}-${newId()}`);
  const signal = { online: true };
  const fetchThrough = flakyFetch(world, decide, rng);
  const engine = createSyncEngine({
    db,
    baseUrl: BASE_URL,
    getToken: () => user.token,
    getUserId: () => user.id,
    // Offline: every request fails before it leaves the phone.
    fetch: (input, init) =>
      signal.online
        ? fetchThrough(input, init)
        : Promise.reject(new TypeError('Failed to fetch (offline)')),
    random: rng,
    lock: createMemoryLock(),
  });
  return {
    name,
    userId: user.id,
    token: user.token,
    db,
    engine,
    get online() {
      return signal.online;
    },
    set online(value: boolean) {
      signal.online = value;
    },
  };
}

async function adminRequest(world: World, path: string, method: string, json?: unknown) {
  const admin = world.schools[0]?.users.find((u) => u.role === 'admin');
  if (admin === undefined) throw new Error('no admin');
  const res = await world.app.request(path, {
    method,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
  const body = await res.text();
  expect(res.status, `${method} ${path}: ${body}`).toBeLessThan(300);
  return (JSON.parse(body) as { data: RoundTemplate }).data;
}

/** The admin's template for the custodian role, daily, started a month ago. */
async function createTemplate(world: World, today: string): Promise<RoundTemplate> {
  const school = world.schools[0];
  if (school === undefined) throw new Error('no school');
  return adminRequest(world, '/api/rounds/templates', 'POST', {
    title: 'Bersihkan toilet gedung B',
    area_ids: [school.areaId],
    items: V1_ITEMS,
    assignee_role: 'custodian',
    schedule: { kind: 'daily' },
    start_date: addDays(today, -30),
    due_time: '08:00',
  });
}

/**
 * What the round screen queues (web/src/features/reports/rounds/round-writes.ts): one
 * `round.complete` with the completion row the phone shows until the pull brings the server's.
 */
async function completeOnPhone(
  p: Phone,
  template: RoundTemplate,
  date: string,
  values: Record<string, string | number>,
  at: string,
): Promise<string> {
  const id = newId();
  const answers: RoundAnswer[] = template.items.map((item) => ({
    item_id: item.id,
    label: item.label,
    kind: item.kind,
    unit: item.unit,
    photo: item.photo,
    value: values[item.id] ?? null,
    note: null,
    photos: [],
  }));
  const row: RoundCompletion = {
    id,
    created_at: at,
    updated_at: at,
    template_id: template.id,
    template_version: template.version,
    occurrence_id: occurrenceId(template.id, date),
    occurrence_date: date,
    completed_by: p.userId,
    completed_at: at,
    started_at: null,
    note: null,
    answers,
    closing: true,
    closed_by_id: null,
    closed_at: null,
    assignee_user_id: template.assignee_user_id,
    assignee_role: template.assignee_role,
  };
  await enqueue(
    p.db,
    p.userId,
    'round.complete',
    {
      id,
      template_id: template.id,
      template_version: template.version,
      occurrence_date: date,
      completed_at: at,
      note: null,
      answers: answers.map((a) => ({
        item_id: a.item_id,
        value: a.value,
        note: a.note,
        photos: [],
      })),
    },
    [{ entity: 'round_completions', op: 'put', row }],
  );
  return id;
}

/** Syncs until the outbox is empty and a pull found nothing more (the network now good). */
async function settle(p: Phone): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const outcome = await p.engine.syncOnce({ force: true });
    expect(outcome.status, `${p.name} sync`).toBe('ok');
  }
  expect(await p.db.outbox.where('user_id').equals(p.userId).count(), `${p.name} outbox`).toBe(0);
}

async function expectConverged(world: World, phones: readonly Phone[]): Promise<void> {
  for (const p of phones) {
    expect(await deviceView(p), `${p.name} equals the server's view`).toEqual(
      await serverView(world, p.token),
    );
  }
}

async function completionsOf(world: World, templateId: string) {
  return world.db
    .select()
    .from(tables.roundCompletions)
    .where(eq(tables.roundCompletions.templateId, templateId));
}

/**
 * Two custodians, one occurrence, both offline. `seed` drives the flaky network and which
 * phone tries first; whichever completion reaches the server first closes the occurrence.
 */
export async function twoPhonesOneOccurrence(seed: number, server: ServerOptions): Promise<void> {
  const rng = prng(seed);
  const world = await startServer(server);
  let networkGood = false;
  const dropRate = 0.2 + rng() * 0.3;
  const decide = (): Drop => {
    if (networkGood) return 'none';
    const r = rng();
    return r < dropRate / 2 ? 'before' : r < dropRate ? 'after' : 'none';
  };
  const custodian = world.schools[0]?.users.find((u) => u.role === 'custodian');
  if (custodian === undefined) throw new Error('no custodian');
  const budi = await addCustodian(world);
  const phones = [
    phone(world, 'Ani', custodian, decide, rng),
    phone(world, 'Budi', budi, decide, rng),
  ];
  try {
    for (const p of phones) await claimLocalData(p.db, p.userId);
    const today = schoolDay(Date.now(), WIB);
    const template = await createTemplate(world, today);
    // Both phones hold the round, then lose the signal for the morning.
    networkGood = true;
    for (const p of phones) await settle(p);
    for (const p of phones) expect(await p.db.round_templates.get(template.id)).toBeDefined();
    networkGood = false;
    for (const p of phones) p.online = false;

    const ids = new Map<Phone, string>();
    for (const [i, p] of phones.entries()) {
      const at = new Date(Date.now() - (phones.length - i) * 60_000).toISOString();
      ids.set(p, await completeOnPhone(p, template, today, { floor: 'pass', soap: 2 + i }, at));
      // Offline, each phone shows the round done by itself.
      const local = await p.db.round_completions.get(ids.get(p) ?? '');
      expect(local?.closing).toBe(true);
    }

    // The signal comes back: phones sync at random over the flaky network, retrying each
    // push (a response lost after the commit included), then once more on a good network.
    for (const p of phones) p.online = true;
    for (let step = 0; step < 8; step++) {
      const p = phones[Math.floor(rng() * phones.length)];
      if (p !== undefined) await p.engine.syncOnce({ force: true });
    }
    networkGood = true;
    for (const p of phones) await settle(p);
    // Settled once more: the first phone pulls what the second pushed after it.
    for (const p of phones) await settle(p);

    // Exactly once: one row per completion, under the id its phone chose.
    const rows = await completionsOf(world, template.id);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids.values()].sort());
    const closers = rows.filter((r) => r.closing);
    expect(closers, 'one completion closes the occurrence').toHaveLength(1);
    const closer = closers[0];
    const kept = rows.find((r) => !r.closing);
    if (closer === undefined || kept === undefined) throw new Error('closer and kept');
    expect(kept.occurrenceId).toBe(closer.occurrenceId);
    // The kept one: its answers, and who closed the occurrence and when.
    expect(kept.answers.map((a) => a.value)).toHaveLength(2);
    expect(kept.closedById).toBe(closer.completedBy);
    expect(kept.closedAt).toBe(closer.completedAt);
    expect(kept.completedBy).not.toBe(closer.completedBy);

    // The second phone is told: its own completion, as pulled, names who did it and when; it
    // also holds the closing one (the round is its role's).
    const second = phones.find((p) => p.userId === kept.completedBy);
    if (second === undefined) throw new Error('second phone');
    const told = await second.db.round_completions.get(kept.id);
    expect(told).toMatchObject({ closing: false, closed_by_id: closer.completedBy });
    expect(Date.parse(told?.closed_at ?? '')).toBe(Date.parse(closer.completedAt));
    expect((await second.db.round_completions.get(closer.id))?.closing).toBe(true);

    await expectConverged(world, phones);
  } finally {
    for (const p of phones) {
      p.db.close();
      await p.db.delete();
    }
    await world.close();
  }
}

/**
 * The admin changes the checklist and the schedule while a phone holds the older version
 * offline; the phone completes today's round on the version it has, then syncs.
 */
export async function editedWhileOffline(server: ServerOptions): Promise<void> {
  const rng = prng(41);
  const world = await startServer(server);
  const custodian = world.schools[0]?.users.find((u) => u.role === 'custodian');
  if (custodian === undefined) throw new Error('no custodian');
  const ani = phone(world, 'Ani', custodian, () => 'none', rng);
  try {
    await claimLocalData(ani.db, ani.userId);
    const today = schoolDay(Date.now(), WIB);
    const yesterday = addDays(today, -1);
    const v1 = await createTemplate(world, today);
    await settle(ani);
    // Yesterday's round, done and synced on version 1.
    const earlier = await completeOnPhone(
      ani,
      v1,
      yesterday,
      { floor: 'pass', soap: 4 },
      new Date(Date.now() - 86_400_000).toISOString(),
    );
    await settle(ani);
    const [before] = await world.db
      .select()
      .from(tables.roundCompletions)
      .where(eq(tables.roundCompletions.id, earlier));

    // The phone goes offline holding version 1.
    ani.online = false;
    // The admin rewrites the checklist (the soap count goes, a mirror check comes, the floor
    // item is renamed) and the schedule (weekdays other than today's, so today is no longer
    // on the new schedule).
    const weekday = ((Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) + 3) % 7) + 1;
    const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== weekday);
    const v2 = await adminRequest(world, `/api/rounds/templates/${v1.id}`, 'PUT', {
      title: v1.title,
      area_ids: v1.area_ids,
      items: [
        { id: 'floor', label: 'Lantai kering dan bersih', kind: 'pass_fail_na', photo: 'none' },
        { id: 'mirror', label: 'Cermin bersih', kind: 'pass_fail_na', photo: 'none' },
      ],
      assignee_role: 'custodian',
      schedule: { kind: 'weekdays', weekdays: otherDays },
      start_date: v1.start_date,
      due_time: '09:00',
    });
    expect(v2.version).toBe(2);

    // Offline, the phone still holds version 1 and completes today's round on it.
    expect((await ani.db.round_templates.get(v1.id))?.version).toBe(1);
    const done = await completeOnPhone(
      ani,
      v1,
      today,
      { floor: 'fail', soap: 1 },
      new Date().toISOString(),
    );
    ani.online = true;
    await settle(ani);
    expect(
      (await ani.db.outbox.toArray()).filter((e) => e.status === 'rejected'),
      'nothing refused',
    ).toEqual([]);

    // Kept, as version 1 with version 1's checklist beside its answers.
    const [kept] = await world.db
      .select()
      .from(tables.roundCompletions)
      .where(
        and(eq(tables.roundCompletions.id, done), eq(tables.roundCompletions.templateId, v1.id)),
      );
    expect(kept).toMatchObject({ templateVersion: 1, occurrenceDate: today, closing: true });
    expect(kept?.answers.map((a) => [a.item_id, a.label, a.value])).toEqual([
      ['floor', 'Lantai kering', 'fail'],
      ['soap', 'Sabun (botol)', 1],
    ]);
    // History is not rewritten: yesterday's completion is as it was.
    const [after] = await world.db
      .select()
      .from(tables.roundCompletions)
      .where(eq(tables.roundCompletions.id, earlier));
    expect(after).toEqual(before);
    expect(await completionsOf(world, v1.id)).toHaveLength(2);

    // The phone now holds version 2, and its completion as the server stored it.
    const held = await ani.db.round_templates.get(v1.id);
    expect(held).toMatchObject({ version: 2, due_time: '09:00' });
    expect(held?.items.map((i) => i.id)).toEqual(['floor', 'mirror']);
    expect((await ani.db.round_completions.get(done))?.answers.map((a) => a.label)).toEqual([
      'Lantai kering',
      'Sabun (botol)',
    ]);
    await expectConverged(world, [ani]);
  } finally {
    ani.db.close();
    await ani.db.delete();
    await world.close();
  }
}
