import { describe, expect, it } from 'vitest';
import { newId, pullResponseSchema, type PullResponse } from '@urs/sync-protocol';
import { announcementReads, users } from '../db/schema.js';
import { TestDevice, useSyncFixture } from './test-kit.js';

const f = useSyncFixture('gardener', 'Taman Depan');

const newReport = () => ({
  id: newId(),
  area_id: f.areaId,
  work_type: 'maintenance',
  description: 'Rumput tinggi',
});

/** The gardener's report and another staff member's, each filed from their own device. */
async function reportsOfTwoStaff() {
  const other = new TestDevice(f.t, (await f.t.signIn('custodian')).token);
  const mine = newReport();
  const theirs = newReport();
  await f.staff.push(['report.create', mine]);
  await other.push(['report.create', theirs]);
  return { other, mine, theirs };
}

describe('GET /api/sync/pull', () => {
  it('pages every change with monotonic cursors, ends with has_more false, and validates against the contract', async () => {
    for (let i = 0; i < 7; i++) await f.staff.push(['report.create', newReport()]);
    const seen: number[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const res = await f.t.request(`/api/sync/pull?cursor=${cursor}&limit=3`, {
        token: f.admin.token,
      });
      const page = pullResponseSchema.parse(await res.json());
      pages += 1;
      seen.push(...page.changes.map((c) => c.change_seq));
      // What a progress bar shows: the rows so far plus what the server still holds is 10.
      expect(seen.length + page.remaining).toBe(10);
      expect(Number(page.cursor)).toBeGreaterThanOrEqual(Number(cursor || 0));
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    // 2 users + 1 area + 7 reports
    expect(seen).toHaveLength(10);
    expect(pages).toBe(4);
    const empty = (await (
      await f.t.request(`/api/sync/pull?cursor=${cursor}`, { token: f.admin.token })
    ).json()) as PullResponse;
    expect(empty).toMatchObject({ changes: [], cursor, has_more: false });
  });

  it('sends deletes as tombstones after the put they replace', async () => {
    const r = newReport();
    await f.staff.push(['report.create', r]);
    const before = await f.admin.pullAll();
    expect(before.find((c) => c.id === r.id)).toMatchObject({ op: 'put', entity: 'reports' });
    await f.admin.push(['report.delete', { id: r.id }]);
    const after = await f.admin.pullAll();
    expect(after).toEqual([expect.objectContaining({ entity: 'reports', op: 'delete', id: r.id })]);
  });

  it('sends a deleted area, category, user or item with the name it went by, and nothing more', async () => {
    const del = (path: string) =>
      f.t.request(path, { method: 'DELETE', token: f.admin.token }).then((res) => res.status);
    const category = (await (
      await f.t.request('/api/categories', {
        method: 'POST',
        token: f.admin.token,
        json: { name: 'Listrik' },
      })
    ).json()) as { data: { id: string } };
    const r = newReport();
    await f.staff.push(['report.create', r]);
    const gone = await f.t.signIn('gardener', 'pak.tani@sekolah.test');
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Pupuk kompos', unit: 'karung' }]);
    await f.admin.pullAll();
    expect(await del(`/api/areas/${f.areaId}`)).toBe(200);
    expect(await del(`/api/categories/${category.data.id}`)).toBe(200);
    expect(await del(`/api/users/${gone.user.id}`)).toBe(200);
    await f.admin.push(['item.delete', { id: item }]);
    const deletes = (await f.admin.pullAll()).filter((c) => c.op === 'delete');
    expect(deletes.map(({ change_seq: _seq, ...c }) => c)).toEqual([
      { entity: 'areas', op: 'delete', id: f.areaId, name: 'Taman Depan' },
      { entity: 'categories', op: 'delete', id: category.data.id, name: 'Listrik' },
      { entity: 'users', op: 'delete', id: gone.user.id, name: gone.user.name },
      { entity: 'inventory_items', op: 'delete', id: item, name: 'Pupuk kompos' },
    ]);
    // Any other entity's delete stays a bare tombstone.
    await f.admin.push(['report.delete', { id: r.id }]);
    const [tombstone] = await f.admin.pullAll();
    expect(Object.keys(tombstone ?? {}).sort()).toEqual(['change_seq', 'entity', 'id', 'op']);
    expect(tombstone).toMatchObject({ entity: 'reports', op: 'delete', id: r.id });
  });

  it('shows staff only their own reports and requests, and admins everything', async () => {
    const { mine, theirs } = await reportsOfTwoStaff();
    const staffIds = (await f.staff.pullAll())
      .filter((c) => c.entity === 'reports')
      .map((c) => c.id);
    expect(staffIds).toEqual([mine.id]);
    const adminIds = (await f.admin.pullAll())
      .filter((c) => c.entity === 'reports')
      .map((c) => c.id);
    expect(adminIds.sort()).toEqual([mine.id, theirs.id].sort());
  });

  it("shows staff the photos of their own reports, whoever attached them, and no one else's", async () => {
    const { other, mine, theirs } = await reportsOfTwoStaff();
    const own = await f.staff.attachPhoto(mine.id, 'before');
    const byAdmin = await f.admin.attachPhoto(mine.id, 'after');
    const foreign = await other.attachPhoto(theirs.id, 'before');
    for (const attached of [own, byAdmin, foreign]) expect(attached.result?.status).toBe('applied');

    const photoIds = (changes: PullResponse['changes']) =>
      changes.filter((c) => c.entity === 'report_photos').map((c) => c.id);
    expect(photoIds(await f.staff.pullAll()).sort()).toEqual([own.id, byAdmin.id].sort());
    expect(photoIds(await other.pullAll())).toEqual([foreign.id]);
    expect(photoIds(await f.admin.pullAll()).sort()).toEqual(
      [own.id, byAdmin.id, foreign.id].sort(),
    );
  });

  it('shows item requests to their requester, and all of them to inventory staff and admins', async () => {
    const itemId = newId();
    await f.admin.push(['item.create', { id: itemId, name: 'Sapu lidi', unit: 'buah', stock: 5 }]);
    const other = new TestDevice(f.t, (await f.t.signIn('custodian')).token);
    const keeper = new TestDevice(f.t, (await f.t.signIn('inventory_staff')).token);
    const request = () => ({ id: newId(), type: 'stock', item_id: itemId, quantity: 2 });
    const mine = request();
    const theirs = request();
    await f.staff.push(['request.create', mine]);
    await other.push(['request.create', theirs]);
    const requestIds = async (device: TestDevice) =>
      (await device.pullAll())
        .filter((c) => c.entity === 'item_requests')
        .map((c) => c.id)
        .sort();
    expect(await requestIds(f.staff)).toEqual([mine.id]);
    expect(await requestIds(other)).toEqual([theirs.id]);
    const both = [mine.id, theirs.id].sort();
    expect(await requestIds(keeper)).toEqual(both);
    expect(await requestIds(f.admin)).toEqual(both);
  });

  it('never lets a cursor skip a change committed between two pulls (pushes interleaved with paging)', async () => {
    const collected = new Set<string>();
    let cursor = '';
    for (let round = 0; round < 6; round++) {
      await f.staff.push(['report.create', newReport()], ['report.create', newReport()]);
      const res = await f.t.request(`/api/sync/pull?cursor=${cursor}&limit=1`, {
        token: f.admin.token,
      });
      const page = (await res.json()) as PullResponse;
      for (const c of page.changes) collected.add(c.id);
      cursor = page.cursor;
    }
    for (;;) {
      const page = (await (
        await f.t.request(`/api/sync/pull?cursor=${cursor}&limit=2`, { token: f.admin.token })
      ).json()) as PullResponse;
      for (const c of page.changes) collected.add(c.id);
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    const all = (await new TestDevice(f.t, f.admin.token).pullAll()).map((c) => c.id);
    expect([...collected].sort()).toEqual([...new Set(all)].sort());
  });

  it('counts unread announcements only for the roles in their audience, and hides ones taken away', async () => {
    const forAll = newId();
    const forGardeners = newId();
    const forTechnicians = newId();
    await f.admin.push(
      ['announcement.create', { id: forAll, title: 'Kerja bakti', body: 'Sabtu pagi' }],
      [
        'announcement.create',
        { id: forGardeners, title: 'Pupuk', body: 'Datang', audience: ['gardener'] },
      ],
      [
        'announcement.create',
        { id: forTechnicians, title: 'Genset', body: 'Servis', audience: ['technician'] },
      ],
    );
    const count = async (token: string) =>
      (
        (await (await f.t.request('/api/announcements/unread-count', { token })).json()) as {
          count: number;
        }
      ).count;
    expect(await count(f.staff.token)).toBe(2);
    const seen = (await f.staff.pullAll())
      .filter((c) => c.entity === 'announcements' && c.op === 'put')
      .map((c) => c.id);
    expect(seen.sort()).toEqual([forAll, forGardeners].sort());

    await f.staff.push([
      'announcement.mark_read',
      { id: newId(), announcement_id: forAll, read_at: new Date().toISOString() },
    ]);
    expect(await count(f.staff.token)).toBe(1);
    // One not aimed at the role, and one read offline then deleted before the mark arrived:
    // nothing to mark, and nothing for the user to fix or discard either.
    const gone = newId();
    await f.admin.push(['announcement.create', { id: gone, title: 'Libur', body: 'Jumat' }]);
    await f.admin.push(['announcement.delete', { id: gone }]);
    const marks = await f.staff.push(
      [
        'announcement.mark_read',
        { id: newId(), announcement_id: forTechnicians, read_at: new Date().toISOString() },
      ],
      [
        'announcement.mark_read',
        { id: newId(), announcement_id: gone, read_at: new Date().toISOString() },
      ],
    );
    expect(marks.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await f.t.db.select().from(announcementReads)).toHaveLength(1); // forAll's, before
    expect(await count(f.staff.token)).toBe(1);

    await f.admin.push(['announcement.update', { id: forGardeners, audience: ['technician'] }]);
    const changes = await f.staff.pullAll();
    expect(changes).toContainEqual(
      expect.objectContaining({ entity: 'announcements', op: 'delete', id: forGardeners }),
    );
    expect(await count(f.staff.token)).toBe(0);
  });

  it('does not count an announcement as unread for its author', async () => {
    const count = async (token: string) =>
      (
        (await (await f.t.request('/api/announcements/unread-count', { token })).json()) as {
          count: number;
        }
      ).count;
    const adminBefore = await count(f.admin.token);
    const staffBefore = await count(f.staff.token);
    await f.admin.push(['announcement.create', { id: newId(), title: 'Rapat', body: 'Senin' }]);
    expect(await count(f.admin.token)).toBe(adminBefore);
    expect(await count(f.staff.token)).toBe(staffBefore + 1);
    const pulled = (await (
      await f.t.request('/api/sync/pull?cursor=0&limit=500', { token: f.admin.token })
    ).json()) as PullResponse;
    expect(pulled.unread_announcements).toBe(adminBefore);
  });

  it('sends stock history of the last 90 days to devices, not older', async () => {
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Pel', unit: 'pcs', stock: 9 }]);
    const recent = newId();
    const old = newId();
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    // Usage is never dated before its user existed: these users have been here a year.
    await f.t.db.write((tx) => tx.update(users).set({ createdAt: daysAgo(365) }));
    await f.staff.push(
      [
        'stock.record',
        { id: recent, item_id: item, type: 'out', quantity: 1, occurred_at: daysAgo(89) },
      ],
      [
        'stock.record',
        { id: old, item_id: item, type: 'out', quantity: 1, occurred_at: daysAgo(91) },
      ],
    );
    const ids = (await f.staff.pullAll())
      .filter((c) => c.entity === 'stock_transactions')
      .map((c) => c.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
    const stock = (await f.staff.pullAll()).length;
    expect(stock).toBe(0);
  });

  it('answers 409 cursor_ahead to a cursor past every change there is (a restore from backup)', async () => {
    await f.staff.push(['report.create', newReport()]);
    const page = (cursor: string) =>
      f.t.request(`/api/sync/pull?cursor=${cursor}`, { token: f.admin.token });
    const { cursor } = (await (await page('')).json()) as PullResponse;
    // A cursor the server handed out is fine, however far along.
    expect((await page(cursor)).status).toBe(200);
    // One the database no longer reaches (it was put back to an older copy) would skip every
    // change numbered up to it, for good: the device is told to start over instead.
    const ahead = await page(String(Number(cursor) + 1));
    expect(ahead.status).toBe(409);
    expect(await ahead.json()).toMatchObject({ code: 'cursor_ahead' });
    // Without a session, 401 still comes first.
    expect((await f.t.request(`/api/sync/pull?cursor=${Number(cursor) + 1}`)).status).toBe(401);
  });

  it('answers 422 for a malformed cursor or limit', async () => {
    expect((await f.t.request('/api/sync/pull?cursor=abc', { token: f.staff.token })).status).toBe(
      422,
    );
    // Digits no change number reaches, nor a 64-bit column holds (PostgreSQL answered 500).
    for (const cursor of ['9223372036854775808', '99999999999999999999999']) {
      const res = await f.t.request(`/api/sync/pull?cursor=${cursor}`, { token: f.staff.token });
      expect(res.status).toBe(422);
    }
    expect((await f.t.request('/api/sync/pull?limit=0', { token: f.staff.token })).status).toBe(
      422,
    );
    expect(
      (await f.t.request('/api/sync/pull?limit=999999', { token: f.staff.token })).status,
    ).toBe(422);
  });

  it('counts what is left only when asked: a page that skips the count answers the same page without it', async () => {
    for (let i = 0; i < 5; i++) await f.staff.push(['report.create', newReport()]);
    const read = async (query: string) => {
      const res = await f.t.request(`/api/sync/pull?${query}`, { token: f.admin.token });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    const first = await read('limit=3');
    const cursor = String(first['cursor']);
    const counted = await read(`cursor=${cursor}&limit=3`);
    const skipped = await read(`cursor=${cursor}&limit=3&remaining=skip`);
    // 2 users + 1 area + 5 reports: 3 on the first page, 3 on the next, 2 after it.
    expect(first['remaining']).toBe(5);
    expect(counted['remaining']).toBe(2);
    expect(await read(`cursor=${cursor}&limit=3&remaining=count`)).toEqual(counted);
    expect('remaining' in skipped).toBe(false);
    const { remaining, ...rest } = counted;
    expect(remaining).toBe(2);
    expect(skipped).toEqual(rest);
    // Still a PullResponse: an absent count reads as the contract's default.
    expect(pullResponseSchema.parse(skipped).changes).toHaveLength(3);
    const last = await read(`cursor=${String(skipped['cursor'])}&limit=3&remaining=skip`);
    expect(last).toMatchObject({ has_more: false });
    expect(last['changes']).toHaveLength(2);
    expect('remaining' in last).toBe(false);
  });

  it('answers 422 with its reason for a count choice it does not know', async () => {
    for (const wrong of ['no', 'SKIP', '']) {
      const res = await f.t.request(`/api/sync/pull?remaining=${wrong}`, {
        token: f.staff.token,
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        field_reasons: { remaining: [{ code: 'remaining_invalid' }] },
      });
    }
  });
});
