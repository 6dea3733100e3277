import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { MutationValidationError, StorageFullError } from './errors.js';
import { onLocalWrite } from './local-writes.js';
import {
  discardRejected,
  enqueue,
  enqueueAll,
  resendRejected,
  retryRejected,
  type EnqueueStep,
} from './outbox.js';
import { claimLocalData, pendingCountFor } from './local-data-owner.js';
import {
  FIXED_NOW,
  openTestDatabase,
  optimisticReport,
  photoAttach,
  photoRow,
  refuse,
  reportCreate,
  reportRow,
} from '../test/sync-fixtures.js';

let db: UrsDatabase;
const userId = newId();

afterEach(() => db.close());

async function nothingWritten(database: UrsDatabase) {
  expect(await database.outbox.count()).toBe(0);
  expect(await database.reports.count()).toBe(0);
  expect(await database.shadows.count()).toBe(0);
}

describe('enqueue', () => {
  it('writes the optimistic row and the outbox entry with consecutive seqs', async () => {
    db = openTestDatabase();
    const heard: string[] = [];
    const stop = onLocalWrite((id) => heard.push(id));
    const a = reportCreate();
    const b = reportCreate();
    const first = await enqueue(db, userId, 'report.create', a, [optimisticReport(a, userId)]);
    const second = await enqueue(db, userId, 'report.create', b, [optimisticReport(b, userId)]);
    stop();

    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first).toMatchObject({
      user_id: userId,
      status: 'pending',
      entity: 'reports',
      entity_id: a.id,
      rows: [`reports/${a.id}`],
      mutation: { seq: 1, name: 'report.create', args: { id: a.id } },
    });
    expect(first.mutation.id).not.toBe(second.mutation.id);
    expect(await db.reports.get(a.id)).toMatchObject({ description: a.description });
    expect((await db.sync_state.get(userId))?.next_seq).toBe(3);
    expect(heard).toEqual([userId, userId]);
  });

  it('stores the args as the contract normalises them', async () => {
    db = openTestDatabase();
    const args = reportCreate({ description: '  Keran bocor  ' });
    const entry = await enqueue(db, userId, 'report.create', args);
    expect(entry.mutation.args).toMatchObject({ description: 'Keran bocor' });
  });

  it('writes nothing when the optimistic write fails after the outbox entry was added', async () => {
    db = openTestDatabase();
    db.reports.hook('creating', () => {
      throw new Error('disk on fire');
    });
    const args = reportCreate();
    await expect(
      enqueue(db, userId, 'report.create', args, [optimisticReport(args, userId)]),
    ).rejects.toThrow('disk on fire');
    await nothingWritten(db);
    // The seq was not consumed either: the next entry is still seq 1.
    expect((await db.sync_state.get(userId))?.next_seq ?? 1).toBe(1);
  });

  it('queues a multi-step action in one transaction: a failure in a later step writes none of it', async () => {
    db = openTestDatabase();
    const report = reportCreate();
    let photoRows = 0;
    db.report_photos.hook('creating', () => {
      photoRows += 1;
      throw new Error('disk full at the photo');
    });
    const photo = photoAttach(report.id);
    const at = new Date().toISOString();
    await expect(
      enqueueAll(db, userId, [
        { name: 'report.create', args: report, optimistic: [optimisticReport(report, userId)] },
        {
          name: 'photo.attach',
          args: photo,
          optimistic: [
            {
              entity: 'report_photos',
              op: 'put',
              row: { ...photo, created_at: at, updated_at: at },
            },
          ],
        },
      ]),
    ).rejects.toThrow('disk full at the photo');
    expect(photoRows).toBe(1);
    await nothingWritten(db);
    expect((await db.sync_state.get(userId))?.next_seq ?? 1).toBe(1);
  });

  it('queues every step of a multi-step action with consecutive seqs', async () => {
    db = openTestDatabase();
    const a = reportCreate();
    const b = reportCreate();
    const entries = await enqueueAll(db, userId, [
      { name: 'report.create', args: a, optimistic: [optimisticReport(a, userId)] },
      { name: 'report.create', args: b },
    ]);
    expect(entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(await db.outbox.count()).toBe(2);
  });

  it("keeps the server's version of a row from before the first of a run's writes to it", async () => {
    db = openTestDatabase();
    const report = reportCreate();
    // The server's row, as a pull left it.
    await claimLocalData(db, userId);
    const server = { ...reportRow(report, userId, FIXED_NOW), description: 'Versi server' };
    await db.reports.put(server);
    const edited = (description: string) => ({ ...server, description });
    const entries = await enqueueAll(db, userId, [
      {
        name: 'report.update',
        args: { id: report.id, description: 'Pertama' },
        optimistic: [{ entity: 'reports', op: 'put', row: edited('Pertama') }],
      },
      {
        name: 'report.update',
        args: { id: report.id, description: 'Kedua' },
        optimistic: [{ entity: 'reports', op: 'put', row: edited('Kedua') }],
      },
    ]);
    expect(entries.map((e) => [e.seq, e.rows])).toEqual([
      [1, [`reports/${report.id}`]],
      [2, [`reports/${report.id}`]],
    ]);
    // The live row is the last write; its shadow is the server's, not the first write's.
    expect((await db.reports.get(report.id))?.description).toBe('Kedua');
    expect((await db.shadows.get(['reports', report.id]))?.row).toMatchObject({
      description: 'Versi server',
    });
    expect((await db.sync_state.get(userId))?.next_seq).toBe(3);
    // Both discarded, the row is the server's again.
    const refusal = { code: 'validation', message: 'Ditolak.' } as const;
    for (const entry of entries) await refuse(db, entry, refusal);
    for (const entry of entries) await discardRejected(db, userId, entry.id);
    expect((await db.reports.get(report.id))?.description).toBe('Versi server');
  });

  it("leaves each row as a run's last write to it says", async () => {
    db = openTestDatabase();
    const [gone, back] = [reportCreate(), reportCreate()];
    const put = (args: typeof gone, description: string) => ({
      entity: 'reports' as const,
      op: 'put' as const,
      row: { ...reportRow(args, userId, FIXED_NOW), description },
    });
    const drop = (args: typeof gone) => ({
      entity: 'reports' as const,
      op: 'delete' as const,
      id: args.id,
    });
    await enqueueAll(db, userId, [
      { name: 'report.create', args: gone, optimistic: [put(gone, 'ada')] },
      { name: 'report.create', args: back, optimistic: [put(back, 'pertama')] },
      { name: 'report.update', args: { id: gone.id, description: 'x' }, optimistic: [drop(gone)] },
      { name: 'report.update', args: { id: back.id, description: 'x' }, optimistic: [drop(back)] },
      {
        name: 'report.update',
        args: { id: back.id, description: 'x' },
        optimistic: [put(back, 'terakhir')],
      },
    ]);
    expect(await db.reports.get(gone.id)).toBeUndefined();
    expect((await db.reports.get(back.id))?.description).toBe('terakhir');
  });

  it('queues a long run in consecutive seqs, each entry with its own row', async () => {
    db = openTestDatabase();
    const reports = Array.from({ length: 300 }, () => reportCreate());
    const entries = await enqueueAll(
      db,
      userId,
      reports.map((args) => ({
        name: 'report.create',
        args,
        optimistic: [optimisticReport(args, userId)],
      })),
    );
    expect(entries.map((e) => e.seq)).toEqual(reports.map((_, i) => i + 1));
    expect(new Set(entries.map((e) => e.id)).size).toBe(300);
    expect((await db.outbox.toArray()).map((e) => e.entity_id)).toEqual(reports.map((r) => r.id));
    expect(await db.reports.count()).toBe(300);
    // Created rows had no server version: each shadow says so.
    expect((await db.shadows.toArray()).every((shadow) => shadow.row === null)).toBe(true);
    expect((await db.sync_state.get(userId))?.next_seq).toBe(301);
  });

  it('throws field errors and writes nothing when the contract refuses the args', async () => {
    db = openTestDatabase();
    const args = reportCreate({ description: '   ' });
    const error = await enqueue(db, userId, 'report.create', args, [
      optimisticReport(args, userId),
    ]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MutationValidationError);
    expect(error).toMatchObject({
      code: 'validation',
      errors: { description: ['Deskripsi wajib diisi.'] },
    });
    await nothingWritten(db);
    expect(await db.sync_state.count()).toBe(0);
  });

  it('surfaces a full disk as StorageFullError and keeps nothing partial', async () => {
    db = openTestDatabase();
    const earlier = reportCreate();
    await enqueue(db, userId, 'report.create', earlier, [optimisticReport(earlier, userId)]);
    // The optimistic row is written after the outbox entry: the entry must go with it.
    db.reports.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const args = reportCreate();
    const error = await enqueue(db, userId, 'report.create', args, [
      optimisticReport(args, userId),
    ]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StorageFullError);
    expect(error).toHaveProperty(
      'message',
      'Penyimpanan perangkat penuh. Hapus data lama atau foto, lalu coba lagi.',
    );
    expect(await db.reports.get(args.id)).toBeUndefined();
    expect(await db.shadows.get(['reports', args.id])).toBeUndefined();
    // What was saved before is untouched.
    expect(await db.reports.get(earlier.id)).toBeDefined();
    expect(await db.outbox.count()).toBe(1);
    expect((await db.sync_state.get(userId))?.next_seq).toBe(2);
  });

  it('keeps a separate queue, seq and client id per user', async () => {
    db = openTestDatabase();
    const other = newId();
    await enqueue(db, userId, 'report.create', reportCreate());
    await enqueue(db, other, 'report.create', reportCreate());
    const [mine, theirs] = await Promise.all([db.sync_state.get(userId), db.sync_state.get(other)]);
    expect(mine?.next_seq).toBe(2);
    expect(theirs?.next_seq).toBe(2);
    expect(mine?.client_id).not.toBe(theirs?.client_id);
    expect(await pendingCountFor(db, userId)).toBe(1);
  });
});

describe('another user signing in on the same device', () => {
  it("clears the tables of the previous user's rows, and writes this user's unsent work back", async () => {
    db = openTestDatabase();
    const other = newId();
    await claimLocalData(db, userId);
    const pendingCreate = reportCreate({ description: 'Belum terkirim' });
    await enqueue(db, userId, 'report.create', pendingCreate, [
      optimisticReport(pendingCreate, userId),
    ]);
    // A refused change of a report this user had from the server.
    const fromServer = optimisticReport(reportCreate({ description: 'Versi server' }), userId);
    if (fromServer.op !== 'put' || fromServer.entity !== 'reports') throw new Error('fixture');
    await db.reports.put(fromServer.row);
    const refused = await enqueue(
      db,
      userId,
      'report.update',
      { id: fromServer.row.id, description: 'Diubah di perangkat' },
      [
        {
          entity: 'reports',
          op: 'put',
          row: { ...fromServer.row, description: 'Diubah di perangkat' },
        },
      ],
    );
    await refuse(db, refused, { code: 'forbidden', message: 'Tidak boleh.' });
    // A report queued, then removed again on the device before it was sent.
    const removed = reportCreate({ description: 'Dihapus lagi' });
    await enqueue(db, userId, 'report.create', removed, [optimisticReport(removed, userId)]);
    await enqueue(db, userId, 'report.delete', { id: removed.id }, [
      { entity: 'reports', op: 'delete', id: removed.id },
    ]);

    // Someone else signs in: none of this user's rows are left for them to see.
    await claimLocalData(db, other);
    expect(await db.reports.count()).toBe(0);

    // The first user signs in again (offline, say): their unsent work is there as they left it.
    await claimLocalData(db, userId);
    expect(await db.reports.get(pendingCreate.id)).toMatchObject({ description: 'Belum terkirim' });
    expect(await db.reports.get(fromServer.row.id)).toMatchObject({
      description: 'Diubah di perangkat',
    });
    expect(await db.reports.get(removed.id)).toBeUndefined();
    expect(await db.reports.count()).toBe(2);
    // And the refusal can still be fixed: it is sent again as a new entry.
    const again = await retryRejected(db, userId, refused.id, {
      args: { id: fromServer.row.id, description: 'Diperbaiki' },
      optimistic: [
        { entity: 'reports', op: 'put', row: { ...fromServer.row, description: 'Diperbaiki' } },
      ],
    });
    expect(again.status).toBe('pending');
    expect(await db.reports.get(fromServer.row.id)).toMatchObject({ description: 'Diperbaiki' });
  });

  it("hands the tables over on a full disk too: the next user never sees the last one's rows", async () => {
    db = openTestDatabase();
    const other = newId();
    await claimLocalData(db, userId);
    const pending = reportCreate({ description: 'Belum terkirim' });
    await enqueue(db, userId, 'report.create', pending, [optimisticReport(pending, userId)]);
    // The disk is full: setting the unsent rows aside (a write to meta) cannot be done.
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const hook = (_key: unknown, row: { key?: string }) => {
      if (row.key?.startsWith('held_rows:') === true) full();
    };
    db.meta.hook('creating', hook);
    try {
      expect(await claimLocalData(db, other)).toBe(true);
    } finally {
      db.meta.hook('creating').unsubscribe(hook);
    }
    // Before, the claim failed whole: the tables kept the first user's rows for the next.
    expect(await db.reports.count()).toBe(0);
    // Their work is not lost: it is still queued, and goes out at their next sign-in.
    expect(await pendingCountFor(db, userId)).toBe(1);
  });

  it('puts back what the device showed: later accepted work included, and a discard still restores', async () => {
    db = openTestDatabase();
    const other = newId();
    await claimLocalData(db, userId);
    // A refused create: discarding it must remove the report again.
    const create = reportCreate({ description: 'Ditolak' });
    const refusedCreate = await enqueue(db, userId, 'report.create', create, [
      optimisticReport(create, userId),
    ]);
    await refuse(db, refusedCreate, { code: 'forbidden', message: 'Tidak boleh.' });
    // A refused edit, then a deletion of the same report that the server accepted.
    const server = optimisticReport(reportCreate({ description: 'Versi server' }), userId);
    if (server.op !== 'put' || server.entity !== 'reports') throw new Error('fixture');
    await db.reports.put(server.row);
    const edit = await enqueue(
      db,
      userId,
      'report.update',
      { id: server.row.id, description: 'Diubah' },
      [{ entity: 'reports', op: 'put', row: { ...server.row, description: 'Diubah' } }],
    );
    await refuse(db, edit, { code: 'forbidden', message: 'Tidak boleh.' });
    const deletion = await enqueue(db, userId, 'report.delete', { id: server.row.id }, [
      { entity: 'reports', op: 'delete', id: server.row.id },
    ]);
    await db.outbox.delete(deletion.id); // accepted by the server

    const before = { reports: await db.reports.toArray(), shadows: await db.shadows.toArray() };

    await claimLocalData(db, other);
    expect(await db.reports.count()).toBe(0);
    await claimLocalData(db, userId);
    // Exactly as the device showed it. The server's versions behind it come again with the
    // full pull that follows (the cursor restarts): until then the shadows hold none, so a row
    // this user may no longer see cannot come back from an old copy (pull.test.ts).
    expect(await db.reports.toArray()).toEqual(before.reports);
    expect(await db.shadows.toArray()).toEqual(
      before.shadows.map((shadow) => ({ ...shadow, row: null })),
    );
    expect((await db.sync_state.get(userId))?.cursor).toBe('');
    expect(await db.reports.get(server.row.id)).toBeUndefined();

    await discardRejected(db, userId, refusedCreate.id);
    expect(await db.reports.get(create.id)).toBeUndefined();
    // Put aside once, put back once: the next change of hands starts from what is there now.
    expect(await db.meta.count()).toBe(1);
  });
});

describe('rejected entries', () => {
  async function rejectedUpdate() {
    const args = reportCreate({ description: 'Asli dari server' });
    const serverRow = optimisticReport(args, userId);
    if (serverRow.op !== 'put' || serverRow.entity !== 'reports') throw new Error('fixture');
    // As a pull would have left it: the tables belong to this user and hold the server's row.
    await claimLocalData(db, userId);
    await db.reports.put(serverRow.row);
    const entry = await enqueue(
      db,
      userId,
      'report.update',
      { id: args.id, description: 'Diubah lokal' },
      [{ entity: 'reports', op: 'put', row: { ...serverRow.row, description: 'Diubah lokal' } }],
    );
    await refuse(db, entry, {
      code: 'forbidden',
      message: 'Tidak boleh.',
    });
    return { entry, reportId: args.id };
  }

  it('discarding puts the server version of the row back', async () => {
    db = openTestDatabase();
    const { entry, reportId } = await rejectedUpdate();
    expect((await db.reports.get(reportId))?.description).toBe('Diubah lokal');
    await discardRejected(db, userId, entry.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.reports.get(reportId))?.description).toBe('Asli dari server');
    expect(await db.shadows.count()).toBe(0);
  });

  it('a refusal already discarded can be neither discarded nor retried again', async () => {
    db = openTestDatabase();
    const { entry } = await rejectedUpdate();
    await discardRejected(db, userId, entry.id);
    const gone = 'Perubahan ini tidak ditemukan atau tidak sedang ditolak.';
    await expect(discardRejected(db, userId, entry.id)).rejects.toThrow(gone);
    await expect(retryRejected(db, userId, entry.id)).rejects.toThrow(gone);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retrying queues the edited mutation with a new id and the next seq', async () => {
    db = openTestDatabase();
    const { entry, reportId } = await rejectedUpdate();
    const retried = await retryRejected(db, userId, entry.id, {
      args: { id: reportId, description: 'Diperbaiki' },
    });
    expect(retried.seq).toBe(entry.seq + 1);
    expect(retried.mutation.id).not.toBe(entry.mutation.id);
    expect(retried.mutation.args).toMatchObject({ description: 'Diperbaiki' });
    expect(await db.outbox.get(entry.id)).toBeUndefined();
    // Still an unconfirmed local change: the row keeps its shadow.
    expect(await db.shadows.count()).toBe(1);
  });

  it('resends a refused report with its photos as one corrected record, dropping a photo taken out', async () => {
    db = openTestDatabase();
    const args = reportCreate({ description: 'Area sudah nonaktif' });
    const photo = (n: number): EnqueueStep => {
      const row = photoRow(args.id, FIXED_NOW, {
        sha256: String(n).repeat(64),
        size_bytes: 100,
        position: n,
      });
      return {
        name: 'photo.attach',
        args: { ...row, mime_type: 'image/jpeg' },
        optimistic: [{ entity: 'report_photos', op: 'put', row }],
      };
    };
    const [keep, drop] = [photo(1), photo(2)];
    const create: EnqueueStep = {
      name: 'report.create',
      args,
      optimistic: [optimisticReport(args, userId)],
    };
    const queued = await enqueueAll(db, userId, [create, keep, drop]);
    await db.outbox.bulkUpdate(
      queued.map((entry) => ({ key: entry.id, changes: { status: 'rejected' as const } })),
    );

    const fixed = { ...args, area_id: newId(), description: 'Area diganti' };
    const resent = await resendRejected(
      db,
      userId,
      queued.map((entry) => entry.id),
      [{ ...create, args: fixed, optimistic: [optimisticReport(fixed, userId)] }, keep],
    );

    expect(resent.map((entry) => [entry.mutation.name, entry.status])).toEqual([
      ['report.create', 'pending'],
      ['photo.attach', 'pending'],
    ]);
    expect(resent[0]!.seq).toBeGreaterThan(queued[2]!.seq);
    expect(await db.outbox.count()).toBe(2);
    expect((await db.reports.get(args.id))?.description).toBe('Area diganti');
    const keptId = (keep.args as { id: string }).id;
    const droppedId = (drop.args as { id: string }).id;
    expect(await db.report_photos.get(keptId)).toBeDefined();
    // Nothing touches the dropped photo any more: its row goes back to the server's (none).
    expect(await db.report_photos.get(droppedId)).toBeUndefined();
  });

  it('resends nothing when one of the entries is not refused', async () => {
    db = openTestDatabase();
    const args = reportCreate();
    const pending = await enqueue(db, userId, 'report.create', args, [
      optimisticReport(args, userId),
    ]);
    await expect(
      resendRejected(db, userId, [pending.id], [{ name: 'report.create', args }]),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
    expect((await db.outbox.get(pending.id))?.seq).toBe(pending.seq);
  });

  it('refuses to discard an entry that is still pending', async () => {
    db = openTestDatabase();
    const entry = await enqueue(db, userId, 'report.create', reportCreate());
    await expect(discardRejected(db, userId, entry.id)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('the outbox in IndexedDB', () => {
  it('keeps the outbox and the next seq across a restart', async () => {
    const name = `urs-test-${newId()}`;
    const userId = newId();
    const first = openTestDatabase(name);
    const a = reportCreate();
    const b = reportCreate();
    await enqueue(first, userId, 'report.create', a, [optimisticReport(a, userId)]);
    await enqueue(first, userId, 'report.create', b, [optimisticReport(b, userId)]);
    const clientId = (await first.sync_state.get(userId))?.client_id;
    first.close();

    const second = openTestDatabase(name);
    const entries = await second.outbox
      .where('[user_id+seq]')
      .between([userId, 0], [userId, Infinity])
      .toArray();
    expect(entries.map((e) => [e.seq, e.mutation.args])).toEqual([
      [1, expect.objectContaining({ id: a.id })],
      [2, expect.objectContaining({ id: b.id })],
    ]);
    expect(await second.reports.count()).toBe(2);
    const state = await second.sync_state.get(userId);
    expect(state).toMatchObject({ next_seq: 3, client_id: clientId });

    const c = reportCreate();
    const third = await enqueue(second, userId, 'report.create', c, [optimisticReport(c, userId)]);
    expect(third.seq).toBe(3);
    second.close();
  });
});
