import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { makeTestApp } from '../test/harness.js';
import { RoundNotifier } from '../services/round-notices.js';
import { jpegBytes, uploadPhoto, useSyncFixture } from '../sync/test-kit.js';
import { ChangeSeqRange, nextChangeSeq } from './change-seq.js';
import { schema } from './schema.js';
import { adoptSchoolName, FIRST_SCHOOL_ID, FIRST_SCHOOL_NAME } from './schools.js';

/*
 * Every table either belongs to a school (a `school_id` column) or says here why not: "whatever
 * later features add" to the schema must choose, or this fails (docs/decisions/027).
 */
const DEPLOYMENT_WIDE = new Set([
  // The tenants themselves.
  'schools',
  // Keyed by a globally unique email or a sign-in attempt, before anyone's school is known.
  'sso_states',
  'login_throttles',
  // The VAPID key pair of the deployment (decision 031).
  'deployment_settings',
  'login_known_addresses',
]);
/** Rows that reach their school through a parent that has one. */
const THROUGH_PARENT = new Map([
  ['sessions', 'users'],
  ['user_activity', 'users'],
]);

const tables = Object.values(schema).map((table) => getTableConfig(table as SQLiteTable));
const owned = tables.filter((t) => t.columns.some((c) => c.name === 'school_id'));

describe('every table', () => {
  it('carries its school, or is listed as deployment-wide or reached through its parent', () => {
    const unplaced = tables
      .filter((t) => !t.columns.some((c) => c.name === 'school_id'))
      .map((t) => t.name)
      .filter((name) => !DEPLOYMENT_WIDE.has(name) && !THROUGH_PARENT.has(name));
    expect(unplaced).toEqual([]);
    // The lists name tables that exist and have no school of their own.
    for (const name of [...DEPLOYMENT_WIDE, ...THROUGH_PARENT.keys()]) {
      const table = tables.find((t) => t.name === name);
      expect(table, name).toBeDefined();
      expect(table?.columns.some((c) => c.name === 'school_id')).toBe(false);
    }
    for (const [child, parent] of THROUGH_PARENT) {
      const table = tables.find((t) => t.name === child);
      const references = table?.foreignKeys.map(
        (fk) => getTableConfig(fk.reference().foreignTable).name,
      );
      expect(references, child).toContain(parent);
      expect(owned.map((t) => t.name)).toContain(parent);
    }
  });

  it('of a school requires its school on every row, except a user (a district administrator)', () => {
    for (const table of owned) {
      const column = table.columns.find((c) => c.name === 'school_id');
      expect(column?.notNull, table.name).toBe(table.name !== 'users');
    }
  });
});

describe('writes through the API and the push', () => {
  const f = useSyncFixture('custodian', 'Perpustakaan');

  it('put every row they make into the school of who made it', async () => {
    const admin = f.admin;
    const post = (path: string, json: unknown) =>
      f.t.request(path, { method: 'POST', token: admin.token, json });
    expect((await post('/api/categories', { name: 'Kebersihan' })).status).toBe(201);
    const created = await post('/api/users', {
      name: 'Staf Baru',
      email: 'baru@sekolah.test',
      role: 'gardener',
      password: 'rahasia-123',
      password_confirmation: 'rahasia-123',
    });
    expect(created.status).toBe(201);
    const register = await f.t.request('/api/register', {
      method: 'POST',
      json: {
        name: 'Daftar Sendiri',
        email: 'daftar@sekolah.test',
        password: 'rahasia-123',
        password_confirmation: 'rahasia-123',
      },
    });
    expect(register.status).toBe(201);

    const report = newId();
    const item = newId();
    const announcement = newId();
    await f.staff.push([
      'report.create',
      { id: report, area_id: f.areaId, work_type: 'cleaning', description: 'Rak berdebu' },
    ]);
    const photo = await f.staff.attachPhoto(report, 'before');
    expect(photo.result?.status).toBe('applied');
    // A comment, and a job given to the custodian and taken back: events and a release.
    const staffId = (
      (await (await f.t.request('/api/user', { token: f.staff.token })).json()) as {
        user: { id: string };
      }
    ).user.id;
    // A push subscription (decision 031): the job given below is delivered to it.
    const subscribed = await f.t.request('/api/push/subscriptions', {
      method: 'POST',
      token: f.staff.token,
      json: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/sekolah',
        keys: { p256dh: 'BOr1c2V5', auth: 'YXV0aA' },
        client_id: f.staff.clientId,
      },
    });
    expect(subscribed.status).toBe(201);
    const prefs = await f.staff.push([
      'notification_prefs.set',
      { id: staffId, announcements: 'all' },
    ]);
    expect(prefs.results[0]?.status).toBe('applied');
    const job = newId();
    const planned = await admin.push(
      [
        'report.create',
        { id: job, area_id: f.areaId, work_type: 'repair', description: 'Keran', unassigned: true },
      ],
      ['report.set_job', { id: job, event_id: newId(), assignee_id: staffId }],
      ['comment.create', { id: newId(), report_id: job, body: 'Segera' }],
      ['report.set_job', { id: job, event_id: newId(), assignee_id: null }],
      // A job with a due day, and one done: the analytics' kept job rows (decision 036).
      ['report.set_job', { id: job, event_id: newId(), due_date: '2026-01-05' }],
    );
    expect(planned.results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
    const ownWork = newId();
    const finished = await f.staff.push(
      [
        'report.create',
        { id: ownWork, area_id: f.areaId, work_type: 'repair', description: 'Lampu' },
      ],
      ['report.set_status', { id: ownWork, status: 'completed', event_id: newId() }],
    );
    expect(finished.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    // An upload no mutation attaches yet: its row is the school's too.
    const bytes = jpegBytes(1500, 7);
    expect((await uploadPhoto(f.t, f.staff.token, newId(), bytes)).status).toBe(201);
    const applied = await admin.push(
      ['item.create', { id: item, name: 'Sapu', unit: 'buah', stock: 4 }],
      [
        'stock.record',
        {
          id: newId(),
          item_id: item,
          type: 'out',
          quantity: 1,
          occurred_at: new Date().toISOString(),
        },
      ],
      ['announcement.create', { id: announcement, title: 'Rapat', body: 'Senin' }],
    );
    expect(applied.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const staffAnswers = await f.staff.push(
      ['request.create', { id: newId(), type: 'stock', item_id: item, quantity: 2 }],
      [
        'announcement.mark_read',
        { id: newId(), announcement_id: announcement, read_at: new Date().toISOString() },
      ],
      // Refused (staff manage no items): the refusal is kept, in the school, for a retry.
      ['item.create', { id: newId(), name: 'Ember', unit: 'buah' }],
    );
    expect(staffAnswers.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    // The posters' tokens, and a problem sent through one with a photo (decision 029).
    const sheet = await f.t.request('/api/posters', { token: admin.token });
    const { data } = (await sheet.json()) as { data: { posters: { token: string }[] } };
    const problem = new FormData();
    problem.set('description', 'Lampu mati');
    problem.set('photo', new Blob([jpegBytes(900, 3)], { type: 'image/jpeg' }), 'foto.jpg');
    const filed = await f.t.request(`/api/public/posters/${data.posters[0]?.token ?? ''}/reports`, {
      method: 'POST',
      body: problem,
    });
    expect(filed.status).toBe(201);

    // A round (decision 030): its template, version and a completion.
    const round = await post('/api/rounds/templates', {
      title: 'Rapikan rak',
      area_ids: [f.areaId],
      items: [{ id: 'rack', label: 'Rak rapi', kind: 'pass_fail_na' }],
      assignee_role: 'custodian',
      schedule: { kind: 'daily' },
      start_date: '2026-01-01',
    });
    expect(round.status).toBe(201);
    const roundId = ((await round.json()) as { data: { id: string } }).data.id;
    const done = await f.staff.push([
      'round.complete',
      {
        id: newId(),
        template_id: roundId,
        template_version: 1,
        occurrence_date: '2026-01-01',
        completed_at: new Date().toISOString(),
        answers: [{ item_id: 'rack', value: 'pass' }],
      },
    ]);
    expect(done.results.map((r) => r.status)).toEqual(['applied']);
    // Yesterday's occurrence went undone: its missed notice keeps its key in the school too.
    expect(await new RoundNotifier(f.t.db, { offsetMinutes: 0 }).runOnce()).toBeGreaterThan(0);

    for (const table of owned) {
      const rows = await f.t.db.rows<{ school_id: string | null }>(
        `SELECT DISTINCT school_id FROM ${table.name}`,
        [],
      );
      expect(
        rows.map((r) => ({ school: r.school_id, table: table.name })),
        table.name,
      ).toEqual([{ school: FIRST_SCHOOL_ID, table: table.name }]);
    }
  });
});

describe('the change counter', () => {
  it("is per school: each school's numbers count from its own start, and the first school keeps its own", async () => {
    const t = await makeTestApp();
    try {
      const other = await t.createSchool('SMP Tunas Bangsa');
      const first = await t.db.write((tx) => nextChangeSeq(tx, FIRST_SCHOOL_ID));
      const a = await t.db.write((tx) => nextChangeSeq(tx, other));
      const b = await t.db.write(async (tx) => {
        const range = await ChangeSeqRange.open(tx, other);
        const taken = [range.take(), range.take()];
        await range.commit();
        return taken;
      });
      expect([a, ...b]).toEqual([1, 2, 3]);
      expect(await t.db.write((tx) => nextChangeSeq(tx, FIRST_SCHOOL_ID))).toBe(first + 1);
      await expect(t.db.write((tx) => nextChangeSeq(tx, newId()))).rejects.toThrow(
        /change_counter row missing/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('the first school', () => {
  it("takes the deployment's SCHOOL_NAME once, and never over a name given since", async () => {
    const t = await makeTestApp();
    try {
      const name = async () =>
        (
          await t.db.row<{ name: string }>('SELECT name FROM schools WHERE id = ?', [
            FIRST_SCHOOL_ID,
          ])
        )?.name;
      expect(await name()).toBe(FIRST_SCHOOL_NAME);
      expect(await adoptSchoolName(t.db, FIRST_SCHOOL_NAME)).toBe(false);
      expect(await adoptSchoolName(t.db, 'SMA Negeri 3 Bandung')).toBe(true);
      expect(await name()).toBe('SMA Negeri 3 Bandung');
      expect(await adoptSchoolName(t.db, 'SMA Lain')).toBe(false);
      expect(await name()).toBe('SMA Negeri 3 Bandung');
    } finally {
      await t.close();
    }
  });

  it('does not take a name another school already has', async () => {
    const t = await makeTestApp();
    try {
      await t.createSchool('SMK Pelita');
      expect(await adoptSchoolName(t.db, 'SMK Pelita')).toBe(false);
    } finally {
      await t.close();
    }
  });
});
