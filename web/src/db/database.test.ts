import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { enqueue } from '../sync/outbox.js';
import { openTestDatabase, optimisticReport, reportCreate } from '../sync/test-fixtures.js';

describe('UrsDatabase', () => {
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
});
