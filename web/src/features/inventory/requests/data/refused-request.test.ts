import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../../../../db/database.js';
import { FIXED_NOW, jpegBytes, openTestDatabase, refuse } from '../../../../test/sync-fixtures.js';
import { formValuesOf, loadRefusedRequest } from './refused-request.js';
import { EMPTY_REQUEST_FORM, type ItemChoice } from '../form/request-form-logic.js';
import { createItemRequest } from './requests-save.js';

const ME = newId();
const items = new Map<string, ItemChoice>();
const opts = { now: () => new Date(FIXED_NOW), compress: null };

let db: UrsDatabase;
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

describe('a refused item request', () => {
  it('reads the typed values back from the queued args, and falls back on junk', () => {
    expect(
      formValuesOf({
        type: 'custom',
        custom_name: 'Gunting rumput',
        store_link: 'https://toko.example/g',
        quantity: 3,
        needed_date: '2026-12-01',
        notes: null,
      }),
    ).toEqual({
      ...EMPTY_REQUEST_FORM,
      type: 'custom',
      custom_name: 'Gunting rumput',
      store_link: 'https://toko.example/g',
      quantity: '3',
      needed_date: '2026-12-01',
    });
    expect(formValuesOf(null)).toEqual(EMPTY_REQUEST_FORM);
    expect(formValuesOf({ type: 'weird' }).type).toBe('stock');
  });

  it('opens with its values and image and is sent again in place of the refusal', async () => {
    const image = new Blob([jpegBytes(5, 256)], { type: 'image/jpeg' });
    const first = await createItemRequest(
      db,
      ME,
      {
        values: { ...EMPTY_REQUEST_FORM, type: 'custom', custom_name: 'Gunting', quantity: '2' },
        image,
        items,
      },
      opts,
    );
    expect(first.ok).toBe(true);
    const [queued] = await db.outbox.toArray();
    await refuse(db, queued, {
      code: 'validation',
      message: 'Nama terlalu umum.',
    });

    const refused = await loadRefusedRequest(db, ME, (await db.outbox.get(queued!.id))!);
    expect(refused).toMatchObject({
      entryId: queued!.id,
      requestId: queued!.entity_id,
      reason: 'Nama terlalu umum.',
      values: { type: 'custom', custom_name: 'Gunting', quantity: '2' },
    });
    expect(refused.image?.size).toBe(256);

    const again = await createItemRequest(
      db,
      ME,
      {
        values: { ...refused.values, custom_name: 'Gunting rumput besar' },
        image: refused.image,
        items,
      },
      { ...opts, id: refused.requestId, replacing: refused.entryId },
    );
    expect(again.ok).toBe(true);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'pending',
      entity_id: refused.requestId,
      mutation: { name: 'request.create', args: { custom_name: 'Gunting rumput besar' } },
    });
    expect(entries[0]!.seq).toBeGreaterThan(queued!.seq);
    expect((await db.item_requests.get(refused.requestId))?.custom_name).toBe(
      'Gunting rumput besar',
    );
  });
});
