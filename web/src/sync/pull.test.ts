import { afterEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION, type PullResponse, type User } from '@urs/sync-protocol';
import type { EntityRow, UrsDatabase } from '../db/database.js';
import { ApiError } from '../client/api-client.js';
import { discardRejected, enqueue } from './outbox.js';
import { nameOf, namesOf } from './departed.js';
import { applyPullPage, CursorMovedError, pullChanges } from './pull.js';
import { claimLocalData, dataOwnerRow, rescopeLocalData } from './local-data-owner.js';
import { ensureSyncState } from './sync-state.js';
import { firstDownloadOf } from './first-download.js';
import {
  FIXED_NOW,
  openTestDatabase,
  refuse,
  reportCreate,
  reportRow,
} from '../test/sync-fixtures.js';
import { testUser } from '../test/user.js';

const databases: UrsDatabase[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

const me: User = testUser({
  id: newId(),
  name: 'Siti',
  email: 'siti@sekolah.test',
  created_at: FIXED_NOW,
  updated_at: FIXED_NOW,
});

async function freshDevice(): Promise<UrsDatabase> {
  const db = openTestDatabase();
  databases.push(db);
  await ensureSyncState(db, me.id);
  return db;
}

const area = (name: string): EntityRow<'areas'> => ({
  id: newId(),
  name,
  description: null,
  active: true,
  created_at: FIXED_NOW,
  updated_at: FIXED_NOW,
});

const report = (description: string): EntityRow<'reports'> =>
  reportRow(reportCreate({ description }), me.id, FIXED_NOW);

type PageChange = PullResponse['changes'][number];

function page(changes: PageChange[], cursor: string, remaining = 0): PullResponse {
  return {
    protocol_version: PROTOCOL_VERSION,
    changes,
    cursor,
    has_more: remaining > 0,
    remaining,
    unread_announcements: 4,
    me,
  };
}

let seq = 0;
const put = <E extends 'areas' | 'reports'>(
  entity: E,
  row: E extends 'areas' ? EntityRow<'areas'> : EntityRow<'reports'>,
): PageChange => ({ entity, op: 'put', id: row.id, change_seq: ++seq, row }) as PageChange;
const tombstone = (entity: 'areas' | 'reports', id: string): PageChange => ({
  entity,
  op: 'delete',
  id,
  change_seq: ++seq,
});

describe('applying a pulled page', () => {
  it('writes every table of a large page, applies its tombstones and stores its cursor', async () => {
    const db = await freshDevice();
    const areas = Array.from({ length: 300 }, (_, i) => area(`Ruang ${i}`));
    const reports = Array.from({ length: 700 }, (_, i) => report(`Laporan ${i}`));
    await applyPullPage(
      db,
      me.id,
      '',
      page(
        [...areas.map((a) => put('areas', a)), ...reports.map((r) => put('reports', r))],
        '1000',
      ),
    );
    expect(await db.areas.count()).toBe(300);
    expect(await db.reports.get(reports[699]?.id ?? '')).toEqual(reports[699]);

    const gone = reports.slice(0, 10).map((r) => r.id);
    await applyPullPage(
      db,
      me.id,
      '1000',
      page([...gone.map((id) => tombstone('reports', id))], '1010'),
    );
    expect(await db.reports.count()).toBe(690);
    expect(await db.reports.bulkGet(gone)).toEqual(gone.map(() => undefined));
    expect(await db.sync_state.get(me.id)).toMatchObject({
      cursor: '1010',
      unread_announcements: 4,
      me: { id: me.id },
    });
  });

  it("keeps a deleted area's name for the reports that name it, out of every list", async () => {
    const db = await freshDevice();
    const kantin = area('Kantin');
    const known = area('Aula');
    await applyPullPage(db, me.id, '', page([put('areas', kantin), put('areas', known)], '2'));
    await applyPullPage(
      db,
      me.id,
      '2',
      page([{ ...tombstone('areas', kantin.id), name: 'Kantin' } as PageChange], '3'),
    );
    expect(await db.areas.get(kantin.id)).toBeUndefined();
    const stranger = newId();
    expect(await namesOf(db, 'areas', [kantin.id, known.id, stranger])).toEqual(
      new Map([
        [kantin.id, 'Kantin'],
        [known.id, 'Aula'],
      ]),
    );
    // An older server sends the tombstone alone: the name is simply not known.
    const gym = area('Gedung olahraga');
    await applyPullPage(db, me.id, '3', page([put('areas', gym)], '4'));
    await applyPullPage(db, me.id, '4', page([tombstone('areas', gym.id)], '5'));
    expect(await nameOf(db, 'areas', gym.id)).toBeUndefined();
  });

  it('keeps a row a pending mutation holds and sets the server version aside as its shadow', async () => {
    const db = await freshDevice();
    const args = reportCreate({ description: 'Versi ponsel' });
    const local = reportRow(args, me.id, FIXED_NOW);
    await enqueue(db, me.id, 'report.create', args, [{ entity: 'reports', op: 'put', row: local }]);
    const other = report('Laporan lain');

    await applyPullPage(
      db,
      me.id,
      '',
      page([put('reports', { ...local, description: 'Versi server' }), put('reports', other)], '2'),
    );
    expect(await db.reports.get(local.id)).toEqual(local);
    expect(await db.reports.get(other.id)).toEqual(other);
    expect(await db.shadows.get(['reports', local.id])).toMatchObject({
      row: { description: 'Versi server' },
    });
    expect(await db.shadows.count()).toBe(1);

    // A tombstone for a held row is remembered as "the server has no such row".
    await applyPullPage(db, me.id, '2', page([tombstone('reports', local.id)], '3'));
    expect(await db.reports.get(local.id)).toEqual(local);
    expect(await db.shadows.get(['reports', local.id])).toMatchObject({ row: null });
  });

  it('replaces a row and drops its shadow once no entry holds it any more', async () => {
    const db = await freshDevice();
    const row = report('Versi lama');
    await db.reports.put(row);
    await db.shadows.put({
      entity: 'reports',
      id: row.id,
      row: { ...row, description: 'Bayangan' },
    });
    const untouched = area('Gudang');
    await db.shadows.put({ entity: 'areas', id: untouched.id, row: untouched });

    await applyPullPage(
      db,
      me.id,
      '',
      page([put('reports', { ...row, description: 'Baru' })], '5'),
    );
    expect(await db.reports.get(row.id)).toMatchObject({ description: 'Baru' });
    expect(await db.shadows.get(['reports', row.id])).toBeUndefined();
    // A shadow the page did not mention waits for the end of the pull.
    expect(await db.shadows.get(['areas', untouched.id])).toBeDefined();
  });

  it('ends with the last change of a row that a page lists twice', async () => {
    const db = await freshDevice();
    const kept = report('Pertama');
    const removed = report('Dihapus');
    await applyPullPage(
      db,
      me.id,
      '',
      page(
        [
          put('reports', kept),
          put('reports', removed),
          tombstone('reports', kept.id),
          put('reports', { ...kept, description: 'Terakhir' }),
          tombstone('reports', removed.id),
        ],
        '9',
      ),
    );
    expect(await db.reports.get(kept.id)).toMatchObject({ description: 'Terakhir' });
    expect(await db.reports.get(removed.id)).toBeUndefined();
  });

  it('writes nothing when the cursor moved since the page was requested', async () => {
    const db = await freshDevice();
    await db.sync_state.update(me.id, { cursor: '40' });
    const row = report('Terlambat');
    await expect(applyPullPage(db, me.id, '', page([put('reports', row)], '41'))).rejects.toThrow(
      CursorMovedError,
    );
    expect(await db.reports.count()).toBe(0);
    expect((await db.sync_state.get(me.id))?.cursor).toBe('40');
  });

  it("writes nothing into another user's tables when they signed in while the first page was in flight", async () => {
    const db = await freshDevice();
    await claimLocalData(db, me.id);
    const row = report('Milik pengguna sebelumnya');
    // The next user claims the device: tables cleared, every cursor back to ''.
    await claimLocalData(db, newId());
    expect((await db.sync_state.get(me.id))?.cursor).toBe('');
    await expect(applyPullPage(db, me.id, '', page([put('reports', row)], '41'))).rejects.toThrow(
      CursorMovedError,
    );
    expect(await db.reports.count()).toBe(0);
    expect((await db.sync_state.get(me.id))?.cursor).toBe('');
  });
});

describe('pulling every page', () => {
  /** Pages by the cursor they answer; each request records the cursor stored at that moment. */
  function server(db: UrsDatabase, pages: Record<string, PullResponse | Error>) {
    const requests: { cursor: string; storedCursor: string | undefined }[] = [];
    return {
      requests,
      async pull(cursor: string) {
        requests.push({ cursor, storedCursor: (await db.sync_state.get(me.id))?.cursor });
        const answer = pages[cursor];
        if (answer === undefined) throw new Error(`no page after ${cursor}`);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  }

  it('asks for the next page before writing the one it has, and stores each cursor with its rows', async () => {
    const db = await freshDevice();
    const [first, second, third] = [report('Satu'), report('Dua'), report('Tiga')];
    if (first === undefined || second === undefined || third === undefined) throw new Error();
    const api = server(db, {
      '': page([put('reports', first)], '10', 2),
      '10': page([put('reports', second)], '20', 1),
      '20': page([put('reports', third)], '30'),
    });
    const progress: number[] = [];

    const summary = await pullChanges(db, api, me.id, 1, ({ applied }) => progress.push(applied));

    expect(summary).toEqual({ pages: 3, changes: 3 });
    expect(await db.reports.count()).toBe(3);
    expect((await db.sync_state.get(me.id))?.cursor).toBe('30');
    expect(progress).toEqual([1, 2, 3]);
    // Page 2 was asked for while page 1 was not yet written, and so on.
    expect(api.requests).toEqual([
      { cursor: '', storedCursor: '' },
      { cursor: '10', storedCursor: '' },
      { cursor: '20', storedCursor: '10' },
    ]);
  });

  it('fills the tables again when the role changes between two pages of one pull', async () => {
    const db = await freshDevice();
    const admin: User = { ...me, role: 'admin' };
    const [own, later, others] = [report('Milik saya'), report('Berikutnya'), report('Orang lain')];
    const cursors: string[] = [];
    const api = {
      pull(cursor: string) {
        cursors.push(cursor);
        // Promoted while the first sync ran: the second page is read for an admin already.
        if (cursor === '' && cursors.length === 1) {
          return Promise.resolve(page([put('reports', own)], '10', 1));
        }
        if (cursor === '10')
          return Promise.resolve({ ...page([put('reports', later)], '20'), me: admin });
        return Promise.resolve({
          ...page([put('reports', own), put('reports', later), put('reports', others)], '30'),
          me: admin,
        });
      },
    };
    await pullChanges(db, api, me.id);
    expect(cursors).toEqual(['', '10', '']);
    expect(await db.reports.count()).toBe(3);
    expect((await dataOwnerRow(db))?.role).toBe('admin');
    expect((await db.sync_state.get(me.id))?.cursor).toBe('30');
  });

  it('fills the tables again, once, on a device that synced before the role was kept', async () => {
    const db = await freshDevice();
    await claimLocalData(db, me.id);
    const stale = report('Dari peran lama');
    await db.reports.put(stale);
    await db.sync_state.update(me.id, { cursor: '50' });
    const fresh = report('Dari peran sekarang');
    const cursors: string[] = [];
    const api = {
      pull(cursor: string) {
        cursors.push(cursor);
        return Promise.resolve(
          cursor === '' ? page([put('reports', fresh)], '60') : page([], cursor),
        );
      },
    };
    await pullChanges(db, api, me.id);
    expect(cursors).toEqual(['50', '']);
    expect((await db.reports.toArray()).map((r) => r.id)).toEqual([fresh.id]);
    await pullChanges(db, api, me.id);
    expect(cursors).toEqual(['50', '', '60']);
  });

  it("lets a demoted user's refused edit of a row they may no longer see go with the row", async () => {
    const db = await freshDevice();
    const admin: User = { ...me, role: 'admin' };
    const theirs = reportRow(
      reportCreate({ description: 'Laporan orang lain' }),
      newId(),
      FIXED_NOW,
    );
    const api = (who: User, changes: PageChange[]) => ({
      pull: (cursor: string) =>
        Promise.resolve({
          ...page(cursor === '' ? changes : [], cursor === '' ? '9' : cursor),
          me: who,
        }),
    });
    await pullChanges(db, api(admin, [put('reports', theirs)]), me.id);
    // An edit the server refuses, kept for the user to fix or discard.
    const edit = await enqueue(db, me.id, 'report.update', { id: theirs.id, description: 'x' }, [
      { entity: 'reports', op: 'put', row: { ...theirs, description: 'x' } },
    ]);
    await refuse(db, edit, { code: 'forbidden', message: 'Tidak boleh.' });
    // Demoted: the tables are filled again for a custodian, who may not see that report.
    await db.sync_state.update(me.id, { cursor: '9' });
    await pullChanges(db, api(me, []), me.id);
    await discardRejected(db, me.id, edit.id);
    await pullChanges(db, api(me, []), me.id);
    // Before, the discard put the admin-era copy back, and no pull ever took it away.
    expect(await db.reports.get(theirs.id)).toBeUndefined();
  });

  it('starts the tables over when the server says its data went back to a backup', async () => {
    const db = await freshDevice();
    await claimLocalData(db, me.id);
    const lost = report('Hilang bersama pemulihan');
    const unsent = reportCreate({ description: 'Belum terkirim' });
    await db.reports.put(lost);
    await db.sync_state.update(me.id, { cursor: '80' });
    await enqueue(db, me.id, 'report.create', unsent, [
      { entity: 'reports', op: 'put', row: reportRow(unsent, me.id, FIXED_NOW) },
    ]);
    const kept = report('Masih ada di server');
    const cursors: string[] = [];
    const api = {
      pull(cursor: string) {
        cursors.push(cursor);
        // Restored from a backup taken at change 50: cursor 80 is past all it has.
        if (Number(cursor) > 50) {
          return Promise.reject(
            new ApiError(409, 'cursor ahead', { code: 'cursor_ahead', message: 'x' }),
          );
        }
        return Promise.resolve(page(cursor === '' ? [put('reports', kept)] : [], '50'));
      },
    };
    await pullChanges(db, api, me.id);
    expect(cursors).toEqual(['80', '']);
    // The row the restore took away is gone; the unsent report is still shown, and queued.
    expect((await db.reports.toArray()).map((r) => r.description).sort()).toEqual([
      'Belum terkirim',
      'Masih ada di server',
    ]);
    expect((await db.sync_state.get(me.id))?.cursor).toBe('50');
  });

  it('does nothing to tables another user has claimed meanwhile', async () => {
    const db = await freshDevice();
    await claimLocalData(db, newId());
    expect(await rescopeLocalData(db, { ...me, role: 'admin' })).toBe(false);
  });

  it('asks only the first page to count what is left, and keeps that total for the progress', async () => {
    const db = await freshDevice();
    const rows = [report('Satu'), report('Dua'), report('Tiga'), report('Empat')];
    const [a, b, c, d] = rows;
    if (a === undefined || b === undefined || c === undefined || d === undefined) {
      throw new Error();
    }
    // The first page announces 2 more; someone files a fourth report while the run goes on.
    const pages: Record<string, PullResponse> = {
      '': page([put('reports', a)], '10', 2),
      '10': { ...page([put('reports', b)], '20', 0), has_more: true },
      '20': { ...page([put('reports', c)], '30', 0), has_more: true },
      '30': page([put('reports', d)], '40'),
    };
    const asked: { cursor: string; remaining: string | undefined }[] = [];
    const api = {
      pull(cursor: string, _limit: number, remaining?: string) {
        asked.push({ cursor, remaining });
        const answer = pages[cursor];
        return answer === undefined ? Promise.reject(new Error(cursor)) : Promise.resolve(answer);
      },
    };
    const progress: { applied: number; total: number }[] = [];

    await pullChanges(db, api, me.id, 1, (p) => progress.push(p));

    expect(asked).toEqual([
      { cursor: '', remaining: 'count' },
      { cursor: '10', remaining: 'skip' },
      { cursor: '20', remaining: 'skip' },
      { cursor: '30', remaining: 'skip' },
    ]);
    expect(progress).toEqual([
      { applied: 1, total: 3 },
      { applied: 2, total: 3 },
      { applied: 3, total: 3 },
      { applied: 4, total: 4 },
    ]);
    expect(await db.reports.count()).toBe(4);
  });

  it('stops at a page that fails to apply and never writes the page fetched after it', async () => {
    const db = await freshDevice();
    const early = report('Dulu');
    const later = report('Nanti');
    const api = server(db, {
      '': page([put('reports', early)], '10', 1),
      '10': page([put('reports', later)], '20'),
    });
    // Another user claimed the device after the first page was requested.
    const moved = api.pull.bind(api);
    api.pull = async (cursor: string) => {
      const answer = await moved(cursor);
      if (cursor === '') await db.sync_state.update(me.id, { cursor: '5' });
      return answer;
    };

    await expect(pullChanges(db, api, me.id, 1)).rejects.toThrow(CursorMovedError);
    expect(await db.reports.count()).toBe(0);
    expect((await db.sync_state.get(me.id))?.cursor).toBe('5');
  });

  it('keeps the pages it wrote when a later page cannot be fetched, to resume from there', async () => {
    const db = await freshDevice();
    const kept = report('Tersimpan');
    const api = server(db, {
      '': page([put('reports', kept)], '10', 5),
      '10': new Error('sinyal hilang'),
    });

    await expect(pullChanges(db, api, me.id, 1)).rejects.toThrow('sinyal hilang');
    expect(await db.reports.get(kept.id)).toMatchObject({ description: 'Tersimpan' });
    expect((await db.sync_state.get(me.id))?.cursor).toBe('10');
  });

  /**
   * A server holding `changes` in order, each a page of `limit` rows; it counts what lies past
   * a page only when asked, as api/src/sync/pull.ts does, and fails the pages listed in `fail`.
   */
  function countingServer(changes: PageChange[], fail: Set<string>) {
    return {
      pull(cursor: string, limit: number, remaining?: string): Promise<PullResponse> {
        if (fail.has(cursor)) {
          fail.delete(cursor);
          return Promise.reject(new Error('waktu habis'));
        }
        const from = cursor === '' ? 0 : Number(cursor);
        const rows = changes.slice(from, from + limit);
        const past = changes.length - from - rows.length;
        // An uncounted page's absent `remaining` reaches the device as 0 (the contract's default).
        return Promise.resolve({
          ...page(rows, String(from + rows.length), remaining === 'skip' ? 0 : past),
          has_more: past > 0,
        });
      },
    };
  }

  it('goes on counting from the last run when a run stops midway, and the total only grows', async () => {
    const db = await freshDevice();
    const changes = Array.from({ length: 8 }, (_, i) => put('reports', report(`Laporan ${i}`)));
    // The third page times out (3G); the next run starts after the backoff.
    const api = countingServer(changes, new Set(['2']));
    const seen: string[] = [];
    const record = ({ applied, total }: { applied: number; total: number }) =>
      seen.push(`${applied}/${total}`);

    await expect(pullChanges(db, api, me.id, 1, record)).rejects.toThrow('waktu habis');
    expect((await db.sync_state.get(me.id))?.pull_progress).toEqual({ applied: 2, total: 8 });
    // Two new reports are filed meanwhile.
    changes.push(put('reports', report('Baru 1')), put('reports', report('Baru 2')));
    await pullChanges(db, api, me.id, 1, record);

    // Counted per run, the second run read "1/8" (its own page of 8 left past the cursor).
    expect(seen).toEqual([
      '1/8',
      '2/8',
      '2/8',
      '3/10',
      '4/10',
      '5/10',
      '6/10',
      '7/10',
      '8/10',
      '9/10',
      '10/10',
    ]);
    expect(await db.reports.count()).toBe(10);
    expect((await db.sync_state.get(me.id))?.pull_progress).toBeNull();
  });

  it('holds a first download unfinished across runs until its last page, and not after', async () => {
    const db = await freshDevice();
    const downloading = async () => firstDownloadOf(await db.sync_state.get(me.id));
    // Nothing pulled yet: the device's tables are not this user's data yet.
    expect(await downloading()).toEqual({ active: true, progress: null });
    const changes = Array.from({ length: 5 }, (_, i) => put('reports', report(`Laporan ${i}`)));
    const api = countingServer(changes, new Set(['2']));
    await expect(pullChanges(db, api, me.id, 1)).rejects.toThrow('waktu habis');
    // Two pages in, the run failed: still the first download, with its progress.
    expect(await downloading()).toEqual({ active: true, progress: { applied: 2, total: 5 } });
    await pullChanges(db, api, me.id, 1);
    expect(await downloading()).toEqual({ active: false, progress: null });

    // A later catch-up of many pages is no first download: the device holds its data.
    changes.push(put('reports', report('Baru 1')), put('reports', report('Baru 2')));
    await expect(
      pullChanges(db, countingServer(changes, new Set(['6'])), me.id, 1),
    ).rejects.toThrow('waktu habis');
    expect((await db.sync_state.get(me.id))?.pull_progress).not.toBeNull();
    expect(await downloading()).toEqual({ active: false, progress: null });

    // The tables cleared for a restore start one again.
    await db.sync_state.update(me.id, { cursor: '' });
    expect((await downloading()).active).toBe(true);
  });

  it('reads a device that synced before the first download was kept as filled', () => {
    const state = {
      user_id: me.id,
      client_id: newId(),
      next_seq: 1,
      cursor: '42',
      last_success_at: null,
      last_error: null,
      paused_reason: null,
      me: null,
      unread_announcements: 0,
    };
    expect(firstDownloadOf(state).active).toBe(false);
    // One mid-way through its first download when it was updated still says so.
    expect(firstDownloadOf({ ...state, pull_progress: { applied: 1, total: 3 } }).active).toBe(
      true,
    );
    expect(firstDownloadOf(undefined).active).toBe(false);
  });

  it('counts a pull from the beginning afresh, whatever an earlier catch-up stored', async () => {
    const db = await freshDevice();
    await db.sync_state.update(me.id, { pull_progress: { applied: 500, total: 900 } });
    const changes = Array.from({ length: 3 }, (_, i) => put('reports', report(`Laporan ${i}`)));
    const seen: string[] = [];
    await pullChanges(db, countingServer(changes, new Set()), me.id, 1, ({ applied, total }) =>
      seen.push(`${applied}/${total}`),
    );
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
  });
});
