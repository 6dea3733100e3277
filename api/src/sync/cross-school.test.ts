import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MUTATION_NAMES,
  ROLES,
  addDays,
  newId,
  schoolDay,
  type MutationName,
} from '@urs/sync-protocol';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { schema } from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto } from './test-kit.js';

/*
 * Issue 39: a row of another school answers exactly as a missing row does, and nothing of that
 * school changes (decision 027). Written as a table: every push mutation, aimed at each kind of
 * school-B object it can name, by an actor of school A, is answered as the same mutation with a
 * random id; a create reusing a B row's id is answered as one reusing an id another user of A
 * holds. Then the pull of every role of A holds no row of B.
 */

/**
 * Every school-owned table of the schema (the counter included), read for a school: a table a
 * later feature adds is swept without being named here.
 */
const B_TABLES = Object.values(schema)
  .map((table) => getTableConfig(table as SQLiteTable))
  .filter((table) => table.columns.some((c) => c.name === 'school_id'));
/** Those whose rows a pull can carry (they have an id), to look for in A's pulls. */
const B_ID_TABLES = B_TABLES.filter((table) => table.columns.some((c) => c.name === 'id')).map(
  (table) => table.name,
);

let t: TestApp;
let schoolB: string;
let aAdmin: TestDevice;
let aStaff: TestDevice;
/** A second admin of A: another user than the author of A's announcement. */
let aAdmin2: TestDevice;
/** Ids of school B's objects, by kind; and of school A's, held by someone else than the actor. */
const b = {} as Record<string, string>;
const a = {} as Record<string, string>;
let bUploadSha = '';
let bPhotoSha = '';
let aUploadSha = '';

async function made(res: Response): Promise<string> {
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function pushed(device: TestDevice, name: string, args: Record<string, unknown>) {
  const { results } = await device.push([name, args]);
  if (results[0]?.status !== 'applied') throw new Error(`${name}: ${JSON.stringify(results)}`);
}

/** Everything of school B as stored, to compare before and after. */
async function schoolRows(schoolId: string): Promise<string> {
  const all: Record<string, string[]> = {};
  for (const table of B_TABLES) {
    const rows = await t.db.rows(`SELECT * FROM ${table.name} WHERE school_id = ?`, [schoolId]);
    all[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(all);
}

/** A push's answer without what names the envelope (its seq and id). */
async function answer(device: TestDevice, name: MutationName, args: Record<string, unknown>) {
  const { results } = await device.push([name, args]);
  const [result] = results;
  if (result === undefined) throw new Error('no result');
  return {
    status: result.status,
    ...('code' in result && {
      code: result.code,
      message: result.message,
      reason: result.reason,
      field_reasons: result.field_reasons,
    }),
  };
}

beforeAll(async () => {
  t = await makeTestApp();
  schoolB = await t.createSchool('Sekolah B');
  aAdmin = new TestDevice(t, (await t.signIn('admin')).token);
  aStaff = new TestDevice(t, (await t.signIn('custodian')).token);
  aAdmin2 = new TestDevice(t, (await t.signIn('admin')).token);
  const bAdmin = new TestDevice(
    t,
    (await t.signIn('admin', undefined, { schoolId: schoolB })).token,
  );
  const bStaffSignIn = await t.signIn('custodian', undefined, { schoolId: schoolB });
  const bStaff = new TestDevice(t, bStaffSignIn.token);
  b['user'] = bStaffSignIn.user.id;
  a['user'] = (await t.signIn('gardener')).user.id;
  const post = (device: TestDevice, path: string, name: string) =>
    t.request(path, { method: 'POST', token: device.token, json: { name } });

  // School A: an area and category to name, and rows held by another user than the actor.
  a['area'] = await made(await post(aAdmin, '/api/areas', 'Aula A'));
  a['category'] = await made(await post(aAdmin, '/api/categories', 'Listrik A'));
  a['report'] = newId();
  await pushed(aStaff, 'report.create', {
    id: a['report'],
    area_id: a['area'],
    work_type: 'cleaning',
    description: 'A',
  });
  a['adminReport'] = newId();
  await pushed(aAdmin, 'report.create', {
    id: a['adminReport'],
    area_id: a['area'],
    work_type: 'cleaning',
    description: 'A admin',
  });
  a['event'] = newId();
  await pushed(aStaff, 'comment.create', { id: a['event'], report_id: a['report'], body: 'A' });
  const aPhoto = await aStaff.attachPhoto(a['report'], 'before', jpegBytes(2048, 1));
  a['photo'] = aPhoto.id;
  a['upload'] = newId();
  const aBytes = jpegBytes(2048, 2);
  aUploadSha = sha256(aBytes);
  expect((await uploadPhoto(t, aStaff.token, a['upload'], aBytes)).status).toBe(201);
  a['item'] = newId();
  await pushed(aAdmin, 'item.create', { id: a['item'], name: 'Sapu A', unit: 'buah', stock: 5 });
  a['stock'] = newId();
  await pushed(aAdmin, 'stock.record', {
    id: a['stock'],
    item_id: a['item'],
    type: 'out',
    quantity: 1,
    occurred_at: new Date().toISOString(),
  });
  a['request'] = newId();
  await pushed(aAdmin, 'request.create', {
    id: a['request'],
    type: 'stock',
    item_id: a['item'],
    quantity: 1,
  });
  a['announcement'] = newId();
  await pushed(aAdmin, 'announcement.create', { id: a['announcement'], title: 'A', body: 'A' });
  a['read'] = newId();
  await pushed(aStaff, 'announcement.mark_read', {
    id: a['read'],
    announcement_id: a['announcement'],
    read_at: new Date().toISOString(),
  });

  a['template'] = await made(
    await t.request('/api/rounds/templates', {
      method: 'POST',
      token: aAdmin.token,
      json: roundTemplate(a['area']),
    }),
  );
  a['completion'] = newId();
  await pushed(aAdmin, 'round.complete', roundDone(a['completion'], a['template']));

  // School B: one object of every kind a push can name.
  b['area'] = await made(await post(bAdmin, '/api/areas', 'Aula B'));
  b['category'] = await made(await post(bAdmin, '/api/categories', 'Listrik B'));
  b['report'] = newId();
  await pushed(bStaff, 'report.create', {
    id: b['report'],
    area_id: b['area'],
    category_id: b['category'],
    work_type: 'repair',
    description: 'B',
  });
  b['event'] = newId();
  await pushed(bStaff, 'comment.create', { id: b['event'], report_id: b['report'], body: 'B' });
  // A job of B given to B's staff and taken back: a release, and events naming a B user.
  const bStaffUser = (await (await t.request('/api/user', { token: bStaff.token })).json()) as {
    user: { id: string };
  };
  b['user'] = bStaffUser.user.id;
  const bJob = newId();
  await pushed(bAdmin, 'report.create', {
    id: bJob,
    area_id: b['area'],
    work_type: 'repair',
    description: 'B job',
    unassigned: true,
  });
  await pushed(bAdmin, 'report.set_job', { id: bJob, event_id: newId(), assignee_id: b['user'] });
  await pushed(bAdmin, 'report.set_job', { id: bJob, event_id: newId(), assignee_id: null });
  const bPhotoBytes = jpegBytes(2048, 3);
  bPhotoSha = sha256(bPhotoBytes);
  b['photo'] = (await bStaff.attachPhoto(b['report'], 'before', bPhotoBytes)).id;
  b['upload'] = newId();
  const bBytes = jpegBytes(2048, 4);
  bUploadSha = sha256(bBytes);
  expect((await uploadPhoto(t, bAdmin.token, b['upload'], bBytes)).status).toBe(201);
  b['item'] = newId();
  await pushed(bAdmin, 'item.create', {
    id: b['item'],
    name: 'Sapu B',
    sku: 'SKU-B',
    unit: 'buah',
    stock: 5,
  });
  b['stock'] = newId();
  await pushed(bStaff, 'stock.record', {
    id: b['stock'],
    item_id: b['item'],
    type: 'out',
    quantity: 1,
    occurred_at: new Date().toISOString(),
  });
  b['request'] = newId();
  await pushed(bStaff, 'request.create', {
    id: b['request'],
    type: 'stock',
    item_id: b['item'],
    quantity: 1,
  });
  b['announcement'] = newId();
  await pushed(bAdmin, 'announcement.create', { id: b['announcement'], title: 'B', body: 'B' });
  b['template'] = await made(
    await t.request('/api/rounds/templates', {
      method: 'POST',
      token: bAdmin.token,
      json: roundTemplate(b['area']),
    }),
  );
  b['completion'] = newId();
  await pushed(bStaff, 'round.complete', roundDone(b['completion'], b['template']));
  b['read'] = newId();
  await pushed(bStaff, 'announcement.mark_read', {
    id: b['read'],
    announcement_id: b['announcement'],
    read_at: new Date().toISOString(),
  });
  // The announcement told B's custodian (decision 031): a notification of school B.
  const [told] = await t.db.rows<{ id: string }>(
    'SELECT id FROM notifications WHERE school_id = ?',
    [schoolB],
  );
  if (told === undefined) throw new Error('no notification in school B');
  b['notification'] = told.id;
});

afterAll(() => t.close());

/** A daily round of custodians, from a week ago (decision 030). */
function roundTemplate(areaId: string | undefined) {
  return {
    title: 'Toilet',
    area_ids: [areaId],
    items: [{ id: 'floor', label: 'Lantai', kind: 'pass_fail_na' }],
    assignee_role: 'custodian',
    schedule: { kind: 'daily' },
    start_date: addDays(schoolDay(Date.now(), 7 * 60), -7),
  };
}

function roundDone(id: string, templateId: string | undefined, photos: string[] = []) {
  return {
    id,
    template_id: templateId,
    template_version: 1,
    occurrence_date: addDays(schoolDay(Date.now(), 7 * 60), -1),
    completed_at: new Date().toISOString(),
    answers: [{ item_id: 'floor', value: 'pass', photos }],
  };
}

const now = () => new Date().toISOString();

interface Case {
  name: MutationName;
  /** What kind of B object the mutation names. */
  kind: string;
  /** The args naming `id` where the B object goes. */
  args: (id: string) => Record<string, unknown>;
  /**
   * Against what the B id is answered: a random id (missing) or, for a create reusing the id,
   * the id of an A row someone else holds.
   */
  like: string;
  actor?: () => TestDevice;
}

const CASES: Case[] = [
  {
    name: 'report.create',
    kind: 'report',
    like: 'adminReport',
    actor: () => aStaff,
    args: (id) => ({ id, area_id: a['area'], work_type: 'cleaning', description: 'x' }),
  },
  {
    name: 'report.create',
    kind: 'area',
    like: 'missing',
    args: (id) => ({ id: newId(), area_id: id, work_type: 'cleaning', description: 'x' }),
  },
  {
    name: 'report.create',
    kind: 'category',
    like: 'missing',
    args: (id) => ({
      id: newId(),
      area_id: a['area'],
      category_id: id,
      work_type: 'repair',
      description: 'x',
    }),
  },
  {
    name: 'report.update',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id, description: 'x' }),
  },
  {
    name: 'report.update',
    kind: 'area',
    like: 'missing',
    args: (id) => ({ id: a['adminReport'], area_id: id }),
  },
  {
    name: 'report.update',
    kind: 'category',
    like: 'missing',
    args: (id) => ({ id: a['adminReport'], category_id: id }),
  },
  {
    name: 'report.set_status',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id, status: 'in_progress' }),
  },
  {
    name: 'report.set_status',
    kind: 'event',
    like: 'event',
    args: (id) => ({ id: a['adminReport'], status: 'in_progress', event_id: id }),
  },
  {
    name: 'report.set_job',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id, event_id: newId(), priority: 'high' }),
  },
  {
    name: 'report.set_job',
    kind: 'user',
    like: 'missing',
    args: (id) => ({ id: a['adminReport'], event_id: newId(), assignee_id: id }),
  },
  {
    name: 'report.set_job',
    kind: 'event',
    like: 'event',
    args: (id) => ({ id: a['adminReport'], event_id: id, priority: 'urgent' }),
  },
  {
    name: 'report.hand_back',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id, event_id: newId() }),
  },
  {
    name: 'comment.create',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id: newId(), report_id: id, body: 'x' }),
  },
  {
    name: 'comment.create',
    kind: 'event',
    like: 'event',
    args: (id) => ({ id, report_id: a['adminReport'], body: 'x' }),
  },
  {
    name: 'report.set_admin_note',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id, admin_note: 'x' }),
  },
  { name: 'report.delete', kind: 'report', like: 'missing', args: (id) => ({ id }) },
  {
    name: 'photo.attach',
    kind: 'report',
    like: 'missing',
    args: (id) => ({ id: a['upload'], report_id: id, kind: 'after', sha256: aUploadSha }),
  },
  {
    name: 'photo.attach',
    kind: 'upload',
    like: 'missing',
    args: (id) => ({ id, report_id: a['adminReport'], kind: 'after', sha256: bUploadSha }),
  },
  {
    name: 'photo.attach',
    kind: 'photo',
    like: 'photo',
    args: (id) => ({ id, report_id: a['adminReport'], kind: 'after', sha256: bPhotoSha }),
  },
  { name: 'photo.remove', kind: 'photo', like: 'missing', args: (id) => ({ id }) },
  {
    name: 'item.create',
    kind: 'item',
    like: 'item',
    actor: () => aStaff,
    args: (id) => ({ id, name: 'x', unit: 'buah', stock: 0 }),
  },
  { name: 'item.update', kind: 'item', like: 'missing', args: (id) => ({ id, name: 'x' }) },
  { name: 'item.delete', kind: 'item', like: 'missing', args: (id) => ({ id }) },
  {
    name: 'stock.record',
    kind: 'stock',
    like: 'stock',
    actor: () => aStaff,
    args: (id) => ({ id, item_id: a['item'], type: 'in', quantity: 1, occurred_at: now() }),
  },
  {
    name: 'stock.record',
    kind: 'item',
    like: 'missing',
    args: (id) => ({ id: newId(), item_id: id, type: 'in', quantity: 1, occurred_at: now() }),
  },
  {
    name: 'stock.record',
    kind: 'area',
    like: 'missing',
    args: (id) => ({
      id: newId(),
      item_id: a['item'],
      area_id: id,
      type: 'in',
      quantity: 1,
      occurred_at: now(),
    }),
  },
  {
    name: 'request.create',
    kind: 'request',
    like: 'request',
    actor: () => aStaff,
    args: (id) => ({ id, type: 'stock', item_id: a['item'], quantity: 1 }),
  },
  {
    name: 'request.create',
    kind: 'item',
    like: 'missing',
    args: (id) => ({ id: newId(), type: 'stock', item_id: id, quantity: 1 }),
  },
  { name: 'request.approve', kind: 'request', like: 'missing', args: (id) => ({ id }) },
  { name: 'request.reject', kind: 'request', like: 'missing', args: (id) => ({ id }) },
  {
    name: 'announcement.create',
    kind: 'announcement',
    like: 'announcement',
    actor: () => aAdmin2,
    args: (id) => ({ id, title: 'x', body: 'x' }),
  },
  {
    name: 'announcement.update',
    kind: 'announcement',
    like: 'missing',
    args: (id) => ({ id, title: 'x' }),
  },
  { name: 'announcement.delete', kind: 'announcement', like: 'missing', args: (id) => ({ id }) },
  {
    name: 'announcement.mark_read',
    kind: 'announcement',
    like: 'missing',
    args: (id) => ({ id: newId(), announcement_id: id, read_at: now() }),
  },
  {
    name: 'announcement.mark_read',
    kind: 'read',
    like: 'read',
    actor: () => aAdmin,
    args: (id) => ({ id, announcement_id: a['announcement'], read_at: now() }),
  },
  // Someone else's notification, like one that is not there, is no one's to mark: a no-op.
  {
    name: 'notification.read',
    kind: 'notification',
    like: 'missing',
    args: (id) => ({ id, read_at: now() }),
  },
  {
    name: 'notification.read_all',
    kind: 'notification',
    like: 'missing',
    args: (id) => ({ id, read_at: now() }),
  },
  {
    name: 'notification_prefs.set',
    kind: 'user',
    like: 'user',
    args: (id) => ({ id, announcements: 'all' }),
  },
  {
    name: 'round.complete',
    kind: 'template',
    like: 'missing',
    args: (id) => roundDone(newId(), id),
  },
  {
    name: 'round.complete',
    kind: 'completion',
    like: 'completion',
    actor: () => aStaff,
    args: (id) => roundDone(id, a['template']),
  },
  {
    name: 'round.complete',
    kind: 'upload',
    like: 'missing',
    actor: () => aStaff,
    args: (id) => roundDone(newId(), a['template'], [id]),
  },
  {
    // The link to a completion the school does not hold is dropped; the report is filed.
    name: 'report.create',
    kind: 'completion',
    like: 'missing',
    actor: () => aStaff,
    args: (id) => ({
      id: newId(),
      area_id: a['area'],
      work_type: 'cleaning',
      description: 'x',
      round_completion_id: id,
    }),
  },
];

/** Marks that are a no-op when what they name is missing, rather than a refusal. */
const NO_OP_WHEN_MISSING: MutationName[] = [
  'announcement.mark_read',
  'notification.read',
  'notification.read_all',
];

describe('a push of school A aimed at school B', () => {
  it('names every push mutation in the table', () => {
    expect([...new Set(CASES.map((c) => c.name))].sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it.each(CASES.map((c) => [`${c.name} × B ${c.kind}`, c] as const))(
    '%s: answered as for the like id of school A, and B unchanged',
    async (_label, c) => {
      const actor = (c.actor ?? (() => aAdmin))();
      const bId = b[c.kind];
      if (bId === undefined) throw new Error(`no B ${c.kind}`);
      const before = await schoolRows(schoolB);
      const foreign = await answer(actor, c.name, c.args(bId));
      expect(await schoolRows(schoolB)).toBe(before);
      const aId = c.like === 'missing' ? newId() : a[c.like];
      if (aId === undefined) throw new Error(`no A ${c.like}`);
      const own = await answer(actor, c.name, c.args(aId));
      expect(foreign).toEqual(own);
      // A create reusing a held id is refused; a missing row is refused or, for a read mark of
      // an announcement that is gone, a no-op: never applied to anything of B.
      const harmless =
        c.like === 'missing' &&
        (NO_OP_WHEN_MISSING.includes(c.name) ||
          (c.name === 'report.create' && c.kind === 'completion'));
      if (!harmless) expect(foreign.status).toBe('rejected');
      const linked = await t.db.rows('SELECT id FROM reports WHERE round_completion_id = ?', [bId]);
      expect(linked).toEqual([]);
    },
  );
});

describe('the pull of every role of school A', () => {
  it.each(ROLES)('%s: holds no row of school B', async (role) => {
    const device = new TestDevice(t, (await t.signIn(role)).token);
    const changes = await device.pullAll();
    const bIds = new Set(
      (
        await Promise.all(
          B_ID_TABLES.map((table) =>
            t.db.rows<{ id: string }>(`SELECT id FROM ${table} WHERE school_id = ?`, [schoolB]),
          ),
        )
      )
        .flat()
        .map((row) => row.id),
    );
    expect(bIds.size).toBeGreaterThan(10);
    // B's notification too: notifications are pulled (decision 031).
    expect([...bIds]).toContain(b['notification']);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((change) => bIds.has(change.id))).toEqual([]);
  });
});
