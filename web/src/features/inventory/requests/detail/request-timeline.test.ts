import { describe, expect, it } from 'vitest';
import { syncMarks, type RequestSyncMark } from '../data/request-sync-marks.js';
import { buildTimeline } from './request-timeline.js';
import { NOW, request } from '../test-fixtures.js';

describe('sync marks and the timeline', () => {
  const conflict = 'Permintaan REQ-2026-000001 sudah ditolak sebelumnya; status tidak diubah.';

  it('groups this user’s outbox entries by request; other entities are ignored', () => {
    const marks = syncMarks([
      {
        id: 1,
        entity: 'item_requests',
        entity_id: 'r1',
        status: 'pending',
        mutation: { name: 'request.create' },
      },
      {
        id: 2,
        entity: 'item_requests',
        entity_id: 'r1',
        status: 'rejected',
        mutation: { name: 'request.approve' },
        result: { seq: 2, id: 'm2', status: 'rejected', code: 'conflict', message: conflict },
      },
      { id: 3, entity: 'reports', entity_id: 'r1', status: 'pending', mutation: { name: 'x' } },
    ]);
    expect([...marks.keys()]).toEqual(['r1']);
    expect(marks.get('r1')).toEqual({
      pending: [{ entryId: 1, name: 'request.create' }],
      refused: [{ entryId: 2, name: 'request.approve', message: conflict }],
    });
  });

  it('a request made offline: created, waiting to sync, awaiting a decision', () => {
    const row = request({ number: null });
    const mark: RequestSyncMark = {
      pending: [{ entryId: 1, name: 'request.create' }],
      refused: [],
    };
    expect(buildTimeline(row, mark).map((s) => [s.kind, s.state])).toEqual([
      ['created', 'done'],
      ['synced', 'waiting'],
      ['awaiting_decision', 'waiting'],
    ]);
    expect(buildTimeline(row, mark)[0]).toMatchObject({
      at: row.created_at,
      actorId: 'staff-1',
    });
  });

  it('a synced, approved request: number, approver, time and notes', () => {
    const row = request({
      status: 'approved',
      approver_id: 'admin-1',
      approver_notes: 'Ambil di gudang',
      decided_at: '2026-11-21T03:00:00.000Z',
    });
    const steps = buildTimeline(row);
    expect(steps[1]).toMatchObject({ kind: 'synced', state: 'done', number: 'REQ-2026-000001' });
    expect(steps[2]).toEqual({
      kind: 'approved',
      state: 'done',
      at: '2026-11-21T03:00:00.000Z',
      actorId: 'admin-1',
      number: null,
      notes: 'Ambil di gudang',
      message: null,
    });
  });

  it('a decision made here is waiting until synced, and refused with the server’s message', () => {
    const row = request({
      status: 'rejected',
      approver_id: 'admin-1',
      decided_at: NOW.toISOString(),
    });
    expect(
      buildTimeline(row, { pending: [{ entryId: 4, name: 'request.reject' }], refused: [] })[2]
        ?.state,
    ).toBe('waiting');
    const refused = buildTimeline(row, {
      pending: [],
      refused: [{ entryId: 4, name: 'request.reject', message: conflict }],
    })[2];
    expect(refused).toMatchObject({ kind: 'rejected', state: 'refused', message: conflict });
  });

  it('a create the server refused shows its message on the sync step', () => {
    const steps = buildTimeline(request({ number: null, type: 'custom' }), {
      pending: [],
      refused: [
        { entryId: 1, name: 'request.create', message: 'Gambar produk belum terunggah ke server.' },
      ],
    });
    expect(steps[1]).toMatchObject({
      kind: 'synced',
      state: 'refused',
      message: 'Gambar produk belum terunggah ke server.',
    });
  });
});
