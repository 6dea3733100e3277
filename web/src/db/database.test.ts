import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { openUrsDatabase } from './database.js';
import { openTestDatabase } from './test-database.js';

describe('UrsDatabase', () => {
  it('stores photo bytes as an ArrayBuffer and reads them back intact', async () => {
    const db = openTestDatabase();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]).buffer;
    await db.photos.add({
      id: newId(),
      user_id: newId(),
      bytes,
      mime_type: 'image/jpeg',
      sha256: 'a'.repeat(64),
      size_bytes: bytes.byteLength,
      uploaded: 0,
      upload_error: null,
      created_at: new Date().toISOString(),
    });
    const [stored] = await db.photos.toArray();
    expect(stored?.bytes).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(stored?.bytes ?? new ArrayBuffer(0))]).toEqual([
      0xff, 0xd8, 0xff, 1, 2, 3,
    ]);
    db.close();
  });

  it('gives reports stored before filing times their created time as filing time, shadows too', async () => {
    const name = `urs-upgrade-${newId()}`;
    // A device as version 1 of the app left it: a pulled report and the kept server version of
    // one the user changed offline, neither with reported_at.
    const v1 = new Dexie(name, { indexedDB, IDBKeyRange });
    v1.version(1).stores({
      reports: 'id, reporter_id, created_at, status, area_id, [reporter_id+created_at]',
      shadows: '[entity+id]',
    });
    const old = {
      id: newId(),
      reporter_id: 'u1',
      area_id: 'a1',
      category_id: null,
      work_type: 'cleaning',
      description: 'Lantai aula',
      status: 'pending',
      admin_note: null,
      created_at: '2026-11-20T01:00:00.000Z',
      updated_at: '2026-11-20T01:00:00.000Z',
    };
    await v1.table('reports').put(old);
    await v1.table('shadows').put({ entity: 'reports', id: old.id, row: old });
    await v1.table('shadows').put({ entity: 'reports', id: newId(), row: null });
    v1.close();

    const db = openUrsDatabase(name, { indexedDB, IDBKeyRange });
    expect((await db.reports.get(old.id))?.reported_at).toBe(old.created_at);
    const shadow = await db.shadows.get(['reports', old.id]);
    expect(shadow?.row).toMatchObject({ reported_at: old.created_at });
    const mine = await db.reports
      .where('[reporter_id+reported_at]')
      .between(['u1', ''], ['u1', '\uffff'])
      .toArray();
    expect(mine.map((r) => r.id)).toEqual([old.id]);
    db.close();
  });

  it('keeps every row when version 3 drops the indexes no query reads', async () => {
    const name = `urs-upgrade-${newId()}`;
    const v2 = new Dexie(name, { indexedDB, IDBKeyRange });
    v2.version(2).stores({
      reports: 'id, reporter_id, reported_at, status, area_id, [reporter_id+reported_at]',
      inventory_items: 'id, name',
      item_requests: 'id, requester_id, status, created_at',
      announcements: 'id, published_at',
      announcement_reads: 'id, announcement_id',
    });
    const report = {
      id: newId(),
      reporter_id: 'u1',
      area_id: 'a1',
      status: 'completed',
      reported_at: '2026-11-20T01:00:00.000Z',
    };
    await v2.table('reports').put(report);
    await v2.table('item_requests').put({ id: newId(), requester_id: 'u1', status: 'pending' });
    v2.close();

    const db = openUrsDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    const indexes = (table: string) =>
      db
        .table(table)
        .schema.indexes.map((index) => index.name)
        .sort();
    // Version 4 adds the assignee's index (jobs); none of version 2's dropped ones comes back.
    expect(indexes('reports')).toEqual([
      '[assignee_id+status]',
      '[reporter_id+reported_at]',
      'reported_at',
      'status',
    ]);
    for (const table of [
      'inventory_items',
      'item_requests',
      'announcements',
      'announcement_reads',
    ]) {
      expect(indexes(table)).toEqual([]);
    }
    // The browser's own store dropped them too, not only Dexie's idea of it.
    const store = db.backendDB().transaction('reports', 'readonly').objectStore('reports');
    expect([...store.indexNames].sort()).toEqual([
      '[assignee_id+status]',
      '[reporter_id+reported_at]',
      'reported_at',
      'status',
    ]);

    expect(await db.reports.get(report.id)).toMatchObject(report);
    expect(await db.item_requests.count()).toBe(1);
    expect(await db.reports.where('status').equals('completed').count()).toBe(1);
    const mine = await db.reports
      .where('[reporter_id+reported_at]')
      .between(['u1', ''], ['u1', '\uffff'])
      .primaryKeys();
    expect(mine).toEqual([report.id]);
    db.close();
  });

  it('gives reports stored before jobs their job, in every copy, and indexes them by assignee', async () => {
    const name = `urs-upgrade-${newId()}`;
    const v3 = new Dexie(name, { indexedDB, IDBKeyRange });
    v3.version(3).stores({
      reports: 'id, reported_at, status, [reporter_id+reported_at]',
      shadows: '[entity+id]',
      meta: 'key',
    });
    const row = (reporter: string, status: string) => ({
      id: newId(),
      reporter_id: reporter,
      area_id: 'a1',
      category_id: null,
      work_type: 'repair',
      description: 'Keran bocor',
      status,
      admin_note: null,
      reported_at: '2026-11-20T01:00:00.000Z',
      created_at: '2026-11-20T01:00:00.000Z',
      updated_at: '2026-11-20T01:00:00.000Z',
    });
    const live = row('u1', 'in_progress');
    const shadowed = row('u1', 'pending');
    const filedDone = row('u1', 'completed');
    const doneLater = { ...row('u1', 'completed'), updated_at: '2026-11-21T05:00:00.000Z' };
    const aside = row('u2', 'pending');
    await v3.table('reports').bulkPut([live, shadowed, filedDone, doneLater]);
    await v3.table('shadows').put({ entity: 'reports', id: shadowed.id, row: shadowed });
    await v3.table('meta').put({
      key: 'held_rows:u2',
      rows: [{ entity: 'reports', id: aside.id, row: aside }],
      shadows: [{ entity: 'reports', id: aside.id, row: aside }],
    });
    v3.close();

    const db = openUrsDatabase(name, { indexedDB, IDBKeyRange });
    const job = (reporter: string) => ({
      assignee_id: reporter,
      priority: 'normal',
      due_date: null,
      due_time: null,
      completed_at: null,
      origin: 'staff',
    });
    expect(await db.reports.get(live.id)).toEqual({ ...live, ...job('u1') });
    // Completed ones are dated as the server's migration dates them: filed done, or last changed.
    expect(await db.reports.get(filedDone.id)).toMatchObject({
      completed_at: filedDone.reported_at,
    });
    expect(await db.reports.get(doneLater.id)).toMatchObject({
      completed_at: '2026-11-21T05:00:00.000Z',
    });
    expect((await db.shadows.get(['reports', shadowed.id]))?.row).toEqual({
      ...shadowed,
      ...job('u1'),
    });
    const held = await db.meta.get('held_rows:u2');
    expect(
      held !== undefined && 'rows' in held ? [held.rows[0]?.row, held.shadows[0]?.row] : [],
    ).toEqual([
      { ...aside, ...job('u2') },
      { ...aside, ...job('u2') },
    ]);
    const open = await db.reports
      .where('[assignee_id+status]')
      .anyOf([
        ['u1', 'pending'],
        ['u1', 'in_progress'],
      ])
      .primaryKeys();
    expect(open.sort()).toEqual([live.id, shadowed.id].sort());
    expect(await db.report_events.where('report_id').equals(live.id).count()).toBe(0);
    db.close();
  });
});
