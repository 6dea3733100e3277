import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  newId,
  PROTOCOL_VERSION,
  SYNCED_ENTITIES,
  type PullResponse,
  type PushResponse,
} from '@urs/sync-protocol';
import { hashPassword } from '../lib/passwords.js';
import { testEngine } from '../test/databases.js';
import { TEST_PASSWORD } from '../test/harness.js';
import { nowIso } from './change-seq.js';
import { areas } from './schema.js';
import { FIRST_SCHOOL_ID, FIRST_SCHOOL_NAME, insertSchool } from './schools.js';
import { appOnUpgraded, type OldSchemaExec, upgradedFrom } from '../test/old-schema.js';

/*
 * The upgrade to schools (migrations/0012_schools.sql, migrations-pg/0007_schools.sql): today's
 * schema holding a school's data is migrated, and everything it held is the first school's, the
 * counter carries on where it was, and a device that synced before the upgrade carries on too:
 * its cursor brings only later changes and its queued push applies. On each engine.
 */

/**
 * The synced tables the schema before the upgrade had (report_events came with 0013 / 0008,
 * notifications and notification_prefs with 0017 / 0012, the rounds' tables with 0018 / 0013).
 */
const LATER = [
  'report_events',
  'notifications',
  'notification_prefs',
  'round_templates',
  'round_completions',
];
const OLD_SYNCED = SYNCED_ENTITIES.filter((entity) => !LATER.includes(entity));
const SCHOOL_OWNED = [...OLD_SYNCED, 'photo_uploads', 'sync_clients', 'sync_rejections'];
/** Where the counter stood before the upgrade: past every row's number, as numbers skipped by a
 * rolled-back savepoint leave it. */
const COUNTER = 40;
/** The later migration that numbers reports (0016_report_numbers) gives the one report a change. */
const NUMBERED = COUNTER + 1;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

/** Runs one statement written with `?` placeholders on the old schema. */
type Exec = OldSchemaExec;

interface Before {
  clientId: string;
  report: string;
}

/** A school's data as today's schema holds it: a row in every school-owned table. */
async function fillOldSchema(exec: Exec): Promise<Before> {
  const at = '2026-11-20T03:04:05.678Z';
  const hash = await hashPassword(TEST_PASSWORD, 10);
  const [admin, staff, area, category, photo, item, request, notice] = Array.from(
    { length: 8 },
    () => newId(),
  );
  const report = newId();
  const clientId = newId();
  const user = `INSERT INTO users (id, name, email, role, password_hash, created_at, updated_at, change_seq)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
  await exec(user, admin, 'Admin Lama', 'admin@lama.test', 'admin', hash, at, at, 1);
  await exec(user, staff, 'Staf Lama', 'staf@lama.test', 'custodian', hash, at, at, 2);
  await exec(
    'INSERT INTO areas (id, name, created_at, updated_at, change_seq) VALUES (?, ?, ?, ?, ?)',
    area,
    'Aula',
    at,
    at,
    3,
  );
  await exec(
    'INSERT INTO categories (id, name, created_at, updated_at, change_seq) VALUES (?, ?, ?, ?, ?)',
    category,
    'Kebersihan',
    at,
    at,
    4,
  );
  await exec(
    `INSERT INTO reports (id, reporter_id, area_id, category_id, work_type, description, status, reported_at, created_at, updated_at, change_seq)
     VALUES (?, ?, ?, ?, 'cleaning', 'Lantai kotor', 'pending', ?, ?, ?, ?)`,
    report,
    staff,
    area,
    category,
    at,
    at,
    at,
    5,
  );
  await exec(
    `INSERT INTO photo_uploads (id, user_id, sha256, mime_type, size_bytes, created_at)
     VALUES (?, ?, ?, 'image/jpeg', 10, ?)`,
    photo,
    staff,
    'a'.repeat(64),
    at,
  );
  await exec(
    `INSERT INTO report_photos (id, report_id, kind, sha256, mime_type, size_bytes, reporter_id, created_at, updated_at, change_seq)
     VALUES (?, ?, 'before', ?, 'image/jpeg', 10, ?, ?, ?, ?)`,
    photo,
    report,
    'a'.repeat(64),
    staff,
    at,
    at,
    6,
  );
  await exec(
    `INSERT INTO inventory_items (id, name, sku, unit, stock, min_stock, created_by, created_at, updated_at, change_seq)
     VALUES (?, 'Sapu', 'SKU-1', 'buah', 3, 1, ?, ?, ?, ?)`,
    item,
    admin,
    at,
    at,
    7,
  );
  await exec(
    `INSERT INTO stock_transactions (id, item_id, type, quantity, recorded_by, occurred_at, created_at, updated_at, change_seq)
     VALUES (?, ?, 'in', 3, ?, ?, ?, ?, ?)`,
    newId(),
    item,
    admin,
    at,
    at,
    at,
    8,
  );
  await exec(
    `INSERT INTO item_requests (id, number, type, item_id, quantity, requester_id, status, created_at, updated_at, change_seq)
     VALUES (?, 'REQ-2026-000001', 'stock', ?, 1, ?, 'pending', ?, ?, ?)`,
    request,
    item,
    staff,
    at,
    at,
    9,
  );
  await exec(
    `INSERT INTO announcements (id, title, body, author_id, published_at, created_at, updated_at, change_seq)
     VALUES (?, 'Rapat', 'Senin pagi', ?, ?, ?, ?, ?)`,
    notice,
    admin,
    at,
    at,
    at,
    10,
  );
  await exec(
    `INSERT INTO announcement_reads (id, announcement_id, user_id, read_at, created_at, updated_at, change_seq)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    newId(),
    notice,
    staff,
    at,
    at,
    at,
    11,
  );
  // The staff device pushed seqs 1 and 2 (the second refused) and pulled up to the counter.
  await exec(
    `INSERT INTO sync_clients (user_id, client_id, last_seq, created_at, updated_at)
     VALUES (?, ?, 2, ?, ?)`,
    staff,
    clientId,
    at,
    at,
  );
  await exec(
    `INSERT INTO sync_rejections (user_id, client_id, seq, mutation_id, code, message, created_at)
     VALUES (?, ?, 2, ?, 'forbidden', 'Tidak boleh', ?)`,
    staff,
    clientId,
    newId(),
    at,
  );
  await exec('UPDATE change_counter SET value = ?', COUNTER);
  return { clientId, report };
}

describe(`the upgrade to schools (${testEngine})`, () => {
  it('puts every row into the first school, keeps the counter, and lets an old device carry on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-schools-migration-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { db, before } = await upgradedFrom({
      sqliteTag: '0012_schools',
      pgTag: '0007_schools',
      pgWireTables: OLD_SYNCED,
      fill: fillOldSchema,
      onCleanup: (cleanUp) => cleanups.push(cleanUp),
      dir,
    });

    expect(await db.rows('SELECT id, name FROM schools', [])).toEqual([
      { id: FIRST_SCHOOL_ID, name: FIRST_SCHOOL_NAME },
    ]);
    for (const table of SCHOOL_OWNED) {
      const schools = await db.rows<{ school_id: string; n: number }>(
        `SELECT school_id, count(*) AS n FROM ${table} GROUP BY school_id`,
        [],
      );
      const expected = table === 'users' ? 2 : 1;
      expect(
        schools.map((s) => ({ ...s, n: Number(s.n) })),
        table,
      ).toEqual([{ school_id: FIRST_SCHOOL_ID, n: expected }]);
    }
    const counters = await db.rows<{ school_id: string; value: number }>(
      'SELECT school_id, value FROM change_counter',
      [],
    );
    expect(counters.map((c) => ({ ...c, value: Number(c.value) }))).toEqual([
      { school_id: FIRST_SCHOOL_ID, value: NUMBERED },
    ]);

    // Names are unique per school now: another school may have an "Aula", the first not twice.
    const other = newId();
    const area = (schoolId: string, changeSeq: number) => ({
      id: newId(),
      schoolId,
      name: 'Aula',
      createdAt: nowIso(),
      updatedAt: nowIso(),
      changeSeq,
    });
    await db.write(async (tx) => {
      await insertSchool(tx, { id: other, name: 'SMP Tunas Bangsa' });
      await tx.insert(areas).values(area(other, 1));
    });
    await expect(
      db.write((tx) => tx.insert(areas).values(area(FIRST_SCHOOL_ID, COUNTER + 100))),
    ).rejects.toThrow();

    // Through the API: the device that synced before the upgrade.
    const { send, signIn } = appOnUpgraded(db, dir);
    const staffToken = await signIn('staf@lama.test');
    const adminToken = await signIn('admin@lama.test');
    const pull = async (cursor: number) => {
      const res = await send(`/api/sync/pull?cursor=${cursor}`, { token: staffToken });
      expect(res.status).toBe(200);
      return (await res.json()) as PullResponse;
    };

    // Since the device's last pull only its report changed (its number came), nothing else.
    const quiet = await pull(COUNTER);
    expect(quiet.changes.map((c) => [c.entity, c.id])).toEqual([['reports', before.report]]);
    expect(quiet.cursor).toBe(String(NUMBERED));
    // A cursor past the school's counter is still a restore (decision 024).
    expect((await send(`/api/sync/pull?cursor=${COUNTER + 5}`, { token: staffToken })).status).toBe(
      409,
    );

    const created = await send('/api/areas', { token: adminToken, json: { name: 'Taman' } });
    expect(created.status).toBe(201);
    const garden = ((await created.json()) as { data: { id: string } }).data.id;
    const later = await pull(NUMBERED);
    expect(later.changes.map((c) => [c.entity, c.change_seq])).toEqual([['areas', NUMBERED + 1]]);

    // Its queued work goes out unchanged: seq 3 of the same device, after the ledger's 2.
    const report = newId();
    const pushed = await send('/api/sync/push', {
      token: staffToken,
      json: {
        protocol_version: PROTOCOL_VERSION,
        client_id: before.clientId,
        mutations: [
          {
            id: newId(),
            seq: 3,
            name: 'report.create',
            args: { id: report, area_id: garden, work_type: 'repair', description: 'Keran bocor' },
            at: nowIso(),
          },
        ],
      },
    });
    expect(pushed.status).toBe(200);
    const body = (await pushed.json()) as PushResponse;
    expect(body.results.map((r) => r.status)).toEqual(['applied']);
    expect(body.last_seq).toBe(3);
    const next = await pull(NUMBERED + 1);
    expect(next.changes.map((c) => [c.entity, c.id, c.change_seq])).toEqual([
      ['reports', report, NUMBERED + 2],
    ]);
    expect(await db.rows('SELECT school_id FROM reports WHERE id = ?', [report])).toEqual([
      { school_id: FIRST_SCHOOL_ID },
    ]);
  });
});
