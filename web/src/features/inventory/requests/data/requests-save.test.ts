import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, newId, type ItemRequest } from '@urs/sync-protocol';
import type { UrsDatabase } from '../../../../db/database.js';
import { claimLocalData, discardRejected } from '../../../../sync/index.js';
import { FIXED_NOW, jpegBytes, openTestDatabase, refuse } from '../../../../test/sync-fixtures.js';
import {
  EMPTY_REQUEST_FORM,
  type ItemChoice,
  type RequestFormValues,
} from '../form/request-form-logic.js';
import { syncMarks } from './request-sync-marks.js';
import { buildTimeline } from '../detail/request-timeline.js';
import { createItemRequest, decideItemRequest, describeImage } from './requests-save.js';
import { request } from '../test-fixtures.js';

const ME = newId();
const ADMIN = newId();
const ITEM = newId();
const items = new Map<string, ItemChoice>([
  [ITEM, { id: ITEM, name: 'Kertas HVS A4', unit: 'rim', active: true }],
]);
const now = () => new Date(FIXED_NOW);
const opts = { now, compress: null };

let db: UrsDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => {
  db.close();
});

const form = (values: Partial<RequestFormValues>): RequestFormValues => ({
  ...EMPTY_REQUEST_FORM,
  ...values,
});
const jpeg = (seed: number, size = 256) =>
  new Blob([jpegBytes(seed, size)], { type: 'image/jpeg' });

async function nothingStored() {
  expect(await db.outbox.count()).toBe(0);
  expect(await db.photos.count()).toBe(0);
  expect(await db.item_requests.count()).toBe(0);
}

describe('createItemRequest', () => {
  it('a custom request stores the image on the device and queues one request.create that waits for it', async () => {
    const image = jpeg(3);
    const outcome = await createItemRequest(
      db,
      ME,
      {
        values: form({
          type: 'custom',
          custom_name: '  Kursi lipat ',
          store_link: 'toko.contoh.id/kursi',
          quantity: '4',
          needed_date: '2026-12-01',
          notes: 'Untuk aula',
        }),
        image,
        items,
      },
      opts,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;

    const photos = await db.photos.toArray();
    expect(photos).toHaveLength(1);
    const photo = photos[0]!;
    const sha = createHash('sha256').update(jpegBytes(3, 256)).digest('hex');
    expect(photo).toMatchObject({ user_id: ME, sha256: sha, mime_type: 'image/jpeg', uploaded: 0 });

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      user_id: ME,
      status: 'pending',
      entity: 'item_requests',
      entity_id: outcome.row.id,
      photo_ids: [photo.id],
    });
    expect(entry.mutation.name).toBe('request.create');
    expect(entry.mutation.args).toEqual({
      id: outcome.row.id,
      type: 'custom',
      item_id: null,
      custom_name: 'Kursi lipat',
      store_link: 'https://toko.contoh.id/kursi',
      image_sha256: sha,
      quantity: 4,
      needed_date: '2026-12-01',
      notes: 'Untuk aula',
    });

    const row = await db.item_requests.get(outcome.row.id);
    expect(row).toMatchObject({
      number: null,
      status: 'pending',
      requester_id: ME,
      image_sha256: sha,
      approver_id: null,
      created_at: FIXED_NOW,
    });
    // Until the server answers, the timeline says so.
    const marks = syncMarks(entries);
    expect(buildTimeline(row!, marks.get(row!.id))[1]).toMatchObject({
      kind: 'synced',
      state: 'waiting',
    });
  });

  it('a stock request for an active item queues request.create with no photo dependency', async () => {
    const outcome = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'stock', item_id: ITEM, quantity: '2' }), image: jpeg(1), items },
      opts,
    );
    expect(outcome.ok).toBe(true);
    const [entry] = await db.outbox.toArray();
    expect(entry?.photo_ids).toEqual([]);
    expect(entry?.mutation.args).toMatchObject({
      type: 'stock',
      item_id: ITEM,
      image_sha256: null,
      quantity: 2,
    });
    // A picked image is ignored for a stock request: nothing to upload.
    expect(await db.photos.count()).toBe(0);
  });

  it('a custom request without an image stores and queues nothing', async () => {
    const outcome = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'custom', custom_name: 'Kursi lipat' }), image: null, items },
      opts,
    );
    expect(outcome).toEqual({
      ok: false,
      problems: { image: { code: 'imageMissing' } },
      failure: null,
    });
    await nothingStored();
  });

  it('a custom request without a name stores neither the image nor the request', async () => {
    const outcome = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'custom', custom_name: '   ' }), image: jpeg(2), items },
      opts,
    );
    expect(outcome).toEqual({
      ok: false,
      problems: { custom_name: { code: 'nameMissing' } },
      failure: null,
    });
    await nothingStored();
  });

  it('a stock request without an item queues nothing', async () => {
    const outcome = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'stock', item_id: '' }), image: null, items },
      opts,
    );
    expect(outcome).toEqual({
      ok: false,
      problems: { item_id: { code: 'itemMissing' } },
      failure: null,
    });
    await nothingStored();
  });

  it('an image over 10 MB or not an image at all is refused before anything is stored', async () => {
    const big = new Blob([jpegBytes(4, MAX_IMAGE_BYTES + 1)], { type: 'image/jpeg' });
    expect(await describeImage(big)).toEqual({ size: MAX_IMAGE_BYTES + 1, type: 'image/jpeg' });
    const tooBig = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'custom', custom_name: 'Meja' }), image: big, items },
      opts,
    );
    expect(tooBig).toMatchObject({ ok: false, problems: { image: { code: 'imageTooLarge' } } });

    const gif = new Blob([new TextEncoder().encode('GIF89a not a photo')], { type: 'image/jpeg' });
    const wrongType = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'custom', custom_name: 'Meja' }), image: gif, items },
      opts,
    );
    expect(wrongType).toMatchObject({ ok: false, problems: { image: { code: 'imageType' } } });
    await nothingStored();
  });

  it('a bad quantity queues nothing, even with everything else right', async () => {
    const outcome = await createItemRequest(
      db,
      ME,
      { values: form({ type: 'stock', item_id: ITEM, quantity: '0' }), image: null, items },
      opts,
    );
    expect(outcome).toMatchObject({
      ok: false,
      problems: { quantity: { code: 'quantityInvalid' } },
    });
    await nothingStored();
  });
});

describe('decideItemRequest', () => {
  const conflict = 'Permintaan REQ-2026-000007 sudah ditolak sebelumnya; status tidak diubah.';
  let serverRow: ItemRequest;

  beforeEach(async () => {
    // The device belongs to the admin (as after login), and the request arrived by pull.
    await claimLocalData(db, ADMIN);
    serverRow = request({
      number: 'REQ-2026-000007',
      item_id: ITEM,
      quantity: 3,
      requester_id: ME,
      created_at: '2026-11-20T01:00:00.000Z',
      updated_at: '2026-11-20T01:00:00.000Z',
    });
    await db.item_requests.put(serverRow);
  });

  it('approve queues request.approve and shows the decision at once', async () => {
    const outcome = await decideItemRequest(
      db,
      { id: ADMIN, role: 'admin' },
      serverRow.id,
      'approved',
      '  Ambil di gudang ',
      { now },
    );
    expect(outcome.ok).toBe(true);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      user_id: ADMIN,
      entity: 'item_requests',
      entity_id: serverRow.id,
      status: 'pending',
      photo_ids: [],
    });
    expect(entry?.mutation.name).toBe('request.approve');
    expect(entry?.mutation.args).toEqual({ id: serverRow.id, notes: 'Ambil di gudang' });
    expect(await db.item_requests.get(serverRow.id)).toEqual({
      ...serverRow,
      status: 'approved',
      approver_id: ADMIN,
      approver_notes: 'Ambil di gudang',
      decided_at: FIXED_NOW,
      updated_at: FIXED_NOW,
    });
  });

  it('reject with blank notes queues request.reject with notes null', async () => {
    const outcome = await decideItemRequest(
      db,
      { id: ADMIN, role: 'admin' },
      serverRow.id,
      'rejected',
      '   ',
      { now },
    );
    expect(outcome.ok).toBe(true);
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({
      name: 'request.reject',
      args: { id: serverRow.id, notes: null },
    });
    expect(await db.item_requests.get(serverRow.id)).toMatchObject({
      status: 'rejected',
      approver_notes: null,
    });
  });

  it('non-admins cannot decide, and a decided request cannot be decided again', async () => {
    for (const role of ['custodian', 'inventory_staff'] as const) {
      expect(
        await decideItemRequest(db, { id: ME, role }, serverRow.id, 'approved', '', { now }),
      ).toEqual({ ok: false, reason: 'forbidden', message: null });
    }
    await db.item_requests.put({ ...serverRow, status: 'rejected' });
    expect(
      await decideItemRequest(db, { id: ADMIN, role: 'admin' }, serverRow.id, 'approved', '', {
        now,
      }),
    ).toEqual({ ok: false, reason: 'notPending', message: null });
    expect(
      await decideItemRequest(db, { id: ADMIN, role: 'admin' }, newId(), 'approved', '', { now }),
    ).toEqual({ ok: false, reason: 'notFound', message: null });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a decision the server refuses as a conflict shows its message; dismissing restores the server version', async () => {
    await decideItemRequest(db, { id: ADMIN, role: 'admin' }, serverRow.id, 'approved', '', {
      now,
    });
    const [entry] = await db.outbox.toArray();
    // What the push does with the server's answer for a request someone else decided first.
    await refuse(db, entry, {
      code: 'conflict',
      message: conflict,
    });
    const marks = syncMarks(await db.outbox.toArray());
    expect(marks.get(serverRow.id)?.refused).toEqual([
      { entryId: entry!.id, name: 'request.approve', message: conflict },
    ]);
    const shown = await db.item_requests.get(serverRow.id);
    expect(buildTimeline(shown!, marks.get(serverRow.id))[2]).toMatchObject({
      kind: 'approved',
      state: 'refused',
      message: conflict,
    });

    await discardRejected(db, ADMIN, entry!.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.item_requests.get(serverRow.id)).toEqual(serverRow);
  });
});
