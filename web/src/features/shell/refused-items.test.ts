import { describe, expect, it } from 'vitest';
import { newId, type InventoryItem, type ItemRequest, type Report } from '@urs/sync-protocol';
import { refusedEntry, refusedPhotoAttach, refusedReportCreate } from '../../test/sync-fixtures.js';
import { firstWords, refusedItems, type RefusedLookups } from './refused-items.js';
import { ownJob } from '../../test/report.js';

const AT = '2026-11-23T00:00:00.000Z';
const refused = refusedEntry;

const areaId = newId();
const report: Report = {
  id: newId(),
  reporter_id: 'u',
  area_id: areaId,
  category_id: null,
  work_type: 'cleaning',
  description: 'Daun kering menumpuk di sepanjang jalan setapak taman depan sekolah',
  status: 'pending',
  admin_note: null,
  reported_at: AT,
  created_at: AT,
  updated_at: AT,
  ...ownJob('u'),
};
const item = { id: newId(), name: 'Sapu ijuk' } as const satisfies Pick<
  InventoryItem,
  'id' | 'name'
>;
const request = {
  id: newId(),
  number: 'REQ-2026-000042',
  custom_name: 'Gunting rumput',
  item_id: null,
} as const satisfies Pick<ItemRequest, 'id' | 'number' | 'custom_name' | 'item_id'>;

function lookups(over: Partial<RefusedLookups> = {}): RefusedLookups {
  return {
    reports: new Map([[report.id, report]]),
    photos: new Map(),
    areas: new Map([[areaId, 'Taman Depan']]),
    items: new Map([[item.id, item]]),
    requests: new Map([[request.id, request]]),
    announcements: new Map(),
    unknownArea: 'Area tidak dikenal',
    ...over,
  };
}

describe('refused items in the sync panel', () => {
  const create = refusedReportCreate(report.id);
  const photoA = refusedPhotoAttach(newId(), report.id);
  const photoB = refusedPhotoAttach(newId(), report.id);

  it('names a report by area and first words, says why, links to its form, and folds in its photos', () => {
    const [line, ...rest] = refusedItems([photoA, create, photoB], lookups());
    expect(rest).toEqual([]);
    expect(line).toEqual({
      key: `report/${report.id}`,
      kind: 'report',
      what: 'Taman Depan · Daun kering menumpuk di sepanjang jalan…',
      why: 'Area tidak ditemukan.',
      href: `/reports/${report.id}/edit`,
      entryIds: [photoA.id, create.id, photoB.id],
    });
  });

  it('still names a report whose area is gone from the device', () => {
    const [line] = refusedItems([create], lookups({ areas: new Map() }));
    expect(line?.what).toBe('Area tidak dikenal · Daun kering menumpuk di sepanjang jalan…');
  });

  it('names an item, a stock usage by its item, and a request by number and name', () => {
    const lines = refusedItems(
      [
        refused('item.update', 'inventory_items', item.id, { id: item.id }, 'Tidak boleh.'),
        refused('stock.record', 'stock_transactions', newId(), { item_id: item.id }, 'Stok habis.'),
        refused('request.create', 'item_requests', request.id, { id: request.id }, 'Tautan salah.'),
      ],
      lookups(),
    );
    expect(lines.map((l) => [l.kind, l.what, l.why, l.href])).toEqual([
      ['item', 'Sapu ijuk', 'Tidak boleh.', `/inventory?item=${item.id}`],
      ['stock', 'Sapu ijuk', 'Stok habis.', `/inventory?item=${item.id}`],
      [
        'request',
        'REQ-2026-000042 · Gunting rumput',
        'Tautan salah.',
        `/inventory?tab=requests&request=${request.id}`,
      ],
    ]);
  });

  it('never shows a raw mutation name: an unknown record is a plain change with its reason', () => {
    const [line] = refusedItems(
      [refused('announcement.mark_read', 'announcement_reads', newId(), {}, 'Tidak ditemukan.')],
      lookups(),
    );
    expect(line).toMatchObject({ kind: 'change', what: '', why: 'Tidak ditemukan.', href: null });
  });

  it('cuts a description to its first words', () => {
    expect(firstWords('  satu   dua tiga ')).toBe('satu dua tiga');
    expect(firstWords('a b c d e f g h', 3)).toBe('a b c…');
  });
});
