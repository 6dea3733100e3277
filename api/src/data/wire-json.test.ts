import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newId,
  PROTOCOL_VERSION,
  SYNCED_ENTITIES,
  type Change,
  type SyncedEntity,
} from '@urs/sync-protocol';
import { nextChangeSeq } from '../db/change-seq.js';
import { jsonAsText } from '../db/dialect.js';
import { plainQuery } from '../db/plain-query.js';
import * as t from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { toPublicUser, toWire, type UserRow } from './wire.js';
import { SYNCED_TABLES, wireRowJson } from './wire-json.js';
import { FIRST_SCHOOL_ID, FIRST_SCHOOL_NAME } from '../db/schools.js';

/*
 * The pull sends the JSON the database builds (wire-json.ts); the mappers of wire.ts say what
 * it must be. Both are held to each other here, byte for byte, on every synced table, with
 * text that needs escaping, nulls, both booleans and numbers past 32 bits.
 */

/** Every character class JSON.stringify treats specially, and some that it passes through. */
const AWKWARD =
  'Kutip " miring \\ \b\f\n\r\t \u0001\u001f\u007f \u2028\u2029 é 漢字 😀 </script> ? $1';

const TABLES = SYNCED_TABLES;

let app: TestApp;
beforeEach(async () => {
  app = await makeTestApp();
});
afterEach(() => app.close());

/** Two rows of every synced table: one with every optional value set and awkward, one bare. */
async function seedEveryTable(): Promise<{ admin: UserRow; adminToken: string }> {
  const { token, user } = await app.signIn('admin');
  const at = '2026-11-23T07:08:09.123Z';
  await app.db.write(async (tx) => {
    const seq = () => nextChangeSeq(tx, FIRST_SCHOOL_ID);
    const sync = async () => ({
      id: newId(),
      schoolId: FIRST_SCHOOL_ID,
      createdAt: at,
      updatedAt: at,
      changeSeq: await seq(),
    });
    const full = { ...(await sync()), deletedAt: null };
    const staff = {
      ...(await sync()),
      name: AWKWARD,
      email: 'awkward@urs.test',
      phone: AWKWARD,
      role: 'gardener' as const,
      passwordHash: 'x',
      photoSha256: 'a'.repeat(64),
    };
    await tx.insert(t.users).values(staff);
    const area = { ...full, name: AWKWARD, description: AWKWARD, active: true };
    const bareArea = { ...(await sync()), name: 'Kosong', active: false };
    await tx.insert(t.areas).values([area, bareArea]);
    const category = { ...(await sync()), name: AWKWARD, description: AWKWARD };
    await tx.insert(t.categories).values([category, { ...(await sync()), name: 'Polos' }]);
    const report = {
      ...(await sync()),
      reporterId: staff.id,
      areaId: area.id,
      categoryId: category.id,
      workType: 'repair' as const,
      description: AWKWARD,
      status: 'in_progress' as const,
      adminNote: AWKWARD,
      reportedAt: at,
      assigneeId: user.id,
      priority: 'urgent' as const,
      dueDate: '2026-12-24',
      dueTime: '07:30',
      completedAt: at,
      origin: 'poster' as const,
      roundCompletionId: newId(),
      roundItemId: AWKWARD,
    };
    const bareReport = {
      ...(await sync()),
      reporterId: user.id,
      areaId: bareArea.id,
      workType: 'other' as const,
      description: '',
      reportedAt: at,
    };
    await tx.insert(t.reports).values([report, bareReport]);
    const photo = {
      reportId: report.id,
      kind: 'before' as const,
      sha256: 'b'.repeat(64),
      mimeType: 'image/jpeg',
      reporterId: staff.id,
    };
    await tx.insert(t.reportPhotos).values([
      { ...(await sync()), ...photo, sizeBytes: 2 ** 40 + 7, position: 3, capturedAt: at },
      { ...(await sync()), ...photo, kind: 'after', sizeBytes: 0 },
    ]);
    const events = {
      reportId: report.id,
      actorId: user.id,
      reporterId: staff.id,
      occurredAt: at,
    };
    await tx.insert(t.reportEvents).values([
      {
        ...(await sync()),
        ...events,
        kind: 'job',
        changes: {
          assignee_id: [null, user.id],
          priority: ['normal', 'urgent'],
          due_date: [null, '2026-12-24'],
          due_time: ['08:00', '07:30'],
        },
        assigneeId: user.id,
      },
      {
        ...(await sync()),
        ...events,
        kind: 'status',
        changes: { status: ['completed', 'completed'] },
        kept: true,
      },
      { ...(await sync()), ...events, kind: 'comment', changes: {}, body: AWKWARD },
    ]);
    const item = {
      ...(await sync()),
      name: AWKWARD,
      sku: AWKWARD,
      unit: AWKWARD,
      stock: 2 ** 40,
      minStock: 5,
      description: AWKWARD,
      active: true,
      trackable: false,
    };
    const bareItem = {
      ...(await sync()),
      name: 'Sapu',
      unit: 'buah',
      active: false,
      trackable: true,
    };
    await tx.insert(t.inventoryItems).values([item, bareItem]);
    await tx.insert(t.stockTransactions).values([
      {
        ...(await sync()),
        itemId: item.id,
        type: 'adjustment',
        quantity: -12,
        notes: AWKWARD,
        areaId: area.id,
        recordedBy: staff.id,
        occurredAt: new Date().toISOString(),
      },
      {
        ...(await sync()),
        itemId: bareItem.id,
        type: 'in',
        quantity: 1,
        recordedBy: user.id,
        occurredAt: new Date().toISOString(),
      },
    ]);
    await tx.insert(t.itemRequests).values([
      {
        ...(await sync()),
        number: 'REQ-2026-000001',
        type: 'custom',
        customName: AWKWARD,
        storeLink: `https://toko.test/?q=${encodeURIComponent(AWKWARD)}`,
        imageSha256: 'c'.repeat(64),
        quantity: 3,
        neededDate: '2026-12-01',
        notes: AWKWARD,
        requesterId: staff.id,
        approverId: user.id,
        approverNotes: AWKWARD,
        status: 'approved',
        decidedAt: at,
      },
      { ...(await sync()), type: 'stock', itemId: item.id, quantity: 1, requesterId: user.id },
    ]);
    const announcement = {
      ...(await sync()),
      title: AWKWARD,
      body: AWKWARD,
      audience: ['gardener', 'custodian'],
      priority: 'high' as const,
      pinned: true,
      authorId: user.id,
      publishedAt: at,
    };
    const bareAnnouncement = {
      ...(await sync()),
      title: 'Umum',
      body: 'Untuk semua',
      authorId: staff.id,
      publishedAt: at,
    };
    await tx.insert(t.announcements).values([announcement, bareAnnouncement]);
    await tx.insert(t.announcementReads).values({
      ...(await sync()),
      announcementId: bareAnnouncement.id,
      userId: user.id,
      readAt: at,
    });
    // The admin's own inbox and preferences (the pull sends a user only theirs).
    await tx.insert(t.notifications).values([
      {
        ...(await sync()),
        userId: user.id,
        kind: 'request_approved',
        subjectType: 'item_requests',
        subjectId: report.id,
        actorId: staff.id,
        params: { number: 'REQ-2026-000001', item: AWKWARD, stock: 2 ** 40, notes: null },
        priority: 'normal',
        readAt: null,
      },
      {
        ...(await sync()),
        userId: user.id,
        kind: 'low_stock',
        subjectType: 'inventory_items',
        subjectId: report.id,
        actorId: null,
        params: {},
        priority: 'urgent',
        readAt: at,
      },
    ]);
    await tx.insert(t.notificationPrefs).values({
      ...(await sync()),
      id: user.id,
      push: { announcement: false, job_taken: true },
      announcements: 'all',
      quietHours: { start: '22:00', end: '05:30' },
    });
    const template = {
      ...(await sync()),
      version: 3,
      title: AWKWARD,
      areaIds: [area.id, bareArea.id],
      categoryId: category.id,
      workType: 'inspection' as const,
      items: [
        { id: 'a.1', label: AWKWARD, kind: 'number' as const, unit: '°C', photo: 'none' as const },
        {
          id: 'b',
          label: 'Segel',
          kind: 'pass_fail_na' as const,
          unit: null,
          photo: 'on_fail' as const,
        },
      ],
      assigneeRole: 'technician' as const,
      schedule: { kind: 'every_n_weeks' as const, n: 2, weekdays: [1, 5] },
      startDate: '2026-01-31',
      endDate: '2026-12-31',
      dueTime: '07:30',
      paused: true,
      pauses: [
        { from: '2026-03-01', to: '2026-03-08' },
        { from: '2026-11-01', to: null },
      ],
    };
    const bareTemplate = {
      ...(await sync()),
      version: 1,
      title: 'Siram',
      areaIds: [bareArea.id],
      items: [{ id: 'x', label: 'x', kind: 'text' as const, unit: null, photo: 'none' as const }],
      assigneeUserId: staff.id,
      schedule: { kind: 'daily' as const },
      startDate: '2026-01-01',
      pauses: [],
    };
    await tx.insert(t.roundTemplates).values([template, bareTemplate]);
    await tx.insert(t.roundCompletions).values([
      {
        ...(await sync()),
        templateId: template.id,
        templateVersion: 2,
        occurrenceId: `${template.id}:2026-02-02`,
        occurrenceDate: '2026-02-02',
        completedBy: staff.id,
        completedAt: at,
        startedAt: at,
        note: AWKWARD,
        answers: [
          {
            item_id: 'a.1',
            label: AWKWARD,
            kind: 'number',
            unit: '°C',
            photo: 'none',
            value: -7.25,
            note: AWKWARD,
            photos: [],
          },
          {
            item_id: 'b',
            label: 'Segel',
            kind: 'pass_fail_na',
            unit: null,
            photo: 'on_fail',
            value: 'fail',
            note: null,
            photos: [newId(), newId()],
          },
        ],
        closing: false,
        closedById: user.id,
        closedAt: at,
        assigneeRole: 'technician' as const,
      },
      {
        ...(await sync()),
        templateId: bareTemplate.id,
        templateVersion: 1,
        occurrenceId: `${bareTemplate.id}:2026-01-01`,
        occurrenceDate: '2026-01-01',
        completedBy: staff.id,
        completedAt: at,
        answers: [],
        closing: true,
        assigneeUserId: staff.id,
      },
    ]);
    // A removed row travels as a delete.
    await tx
      .update(t.categories)
      .set({ deletedAt: at, changeSeq: await seq() })
      .where(eq(t.categories.id, category.id));
  });
  const [admin] = await app.db.select().from(t.users).where(eq(t.users.id, user.id));
  if (admin === undefined) throw new Error('admin missing');
  return { admin, adminToken: token };
}

type AnyRow = Record<string, unknown> & { id: string; changeSeq: number; deletedAt: string | null };

function mapped(entity: SyncedEntity, row: AnyRow): unknown {
  return (toWire[entity] as (r: AnyRow) => unknown)(row);
}

describe('wire rows built by the database', () => {
  it.each(SYNCED_ENTITIES)(
    '%s: byte for byte what the mapper and JSON.stringify write',
    async (entity) => {
      await seedEveryTable();
      const table = TABLES[entity];
      const rows = (await app.db.select().from(table).orderBy(asc(table.changeSeq))) as AnyRow[];
      expect(rows.length).toBeGreaterThan(0);
      const query = plainQuery<{ json: string }>(
        sql`SELECT ${jsonAsText(wireRowJson(entity))} AS json FROM ${table} ORDER BY ${table.changeSeq}`,
      );
      const built = (await query.rows(app.db, {})).map((r) => r.json);
      expect(built).toEqual(rows.map((row) => JSON.stringify(mapped(entity, row))));
    },
  );
});

describe('GET /api/sync/pull', () => {
  it('answers byte for byte the PullResponse the mappers describe, deletes included', async () => {
    const { admin, adminToken } = await seedEveryTable();
    const changes: Change[] = [];
    for (const entity of SYNCED_ENTITIES) {
      const table = TABLES[entity];
      for (const row of (await app.db.select().from(table)) as AnyRow[]) {
        const head = { entity, op: 'delete', id: row.id, change_seq: row.changeSeq };
        // The rows other records name go with the name they had (sync/pull.ts SOURCES).
        const named = ['users', 'areas', 'categories', 'inventory_items'].includes(entity);
        changes.push(
          (row.deletedAt === null
            ? { ...head, op: 'put', row: mapped(entity, row) }
            : named
              ? { ...head, name: row['name'] }
              : head) as Change,
        );
      }
    }
    changes.sort((a, b) => a.change_seq - b.change_seq);
    const res = await app.request('/api/sync/pull?limit=500', { token: adminToken });
    expect(res.headers.get('content-type')).toBe('application/json');
    const [me] = await app.db.select().from(t.users).where(eq(t.users.id, admin.id));
    if (me === undefined) throw new Error('admin missing');
    const expected = {
      protocol_version: PROTOCOL_VERSION,
      changes,
      cursor: String(changes.at(-1)?.change_seq),
      has_more: false,
      remaining: 0,
      // The staff member's announcement is read; the admin's own is never news to them.
      unread_announcements: 0,
      me: toPublicUser(me, { name: FIRST_SCHOOL_NAME, clock: { offsetMinutes: 7 * 60 } }),
    };
    expect(await res.text()).toBe(JSON.stringify(expected));
  });
});
