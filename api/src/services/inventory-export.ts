import type ExcelJS from 'exceljs';
import type { InventoryListQuery, RequestStatus } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { asLocalWallClock, type SchoolClock } from '../lib/school-time.js';
import { NUMBER_COLUMN, xlsxDownload } from '../lib/xlsx-stream.js';
import { iterateItems, type ItemWithLevel } from './inventory.js';
import { iterateRequests, type RequestListRow } from './item-requests.js';
import type { SchoolActor } from '../auth/policy.js';

const LEVEL_LABEL = { healthy: 'Aman', warning: 'Menipis', critical: 'Kritis' } as const;
const REQUEST_STATUS_LABEL = {
  pending: 'Menunggu',
  approved: 'Disetujui',
  rejected: 'Ditolak',
} as const;
const dateFormat = { numFmt: 'yyyy-mm-dd hh:mm' };

const ITEM_COLUMNS: Partial<ExcelJS.Column>[] = [
  NUMBER_COLUMN,
  { header: 'Nama barang', key: 'name', width: 32 },
  { header: 'SKU', key: 'sku', width: 14 },
  { header: 'Satuan', key: 'unit', width: 10 },
  { header: 'Stok', key: 'stock', width: 10 },
  { header: 'Stok minimum', key: 'min', width: 13 },
  { header: 'Level stok', key: 'level', width: 12 },
  { header: 'Aktif', key: 'active', width: 8 },
  { header: 'Dilacak', key: 'trackable', width: 9 },
  { header: 'Deskripsi', key: 'description', width: 40 },
  { header: 'Diperbarui', key: 'updated', width: 18, style: dateFormat },
];

export function exportItems(
  db: Db,
  schoolId: string,
  query: Pick<InventoryListQuery, 'filter' | 'q'>,
  clock: SchoolClock,
  now = new Date(),
) {
  return xlsxDownload(
    `inventaris-${query.filter}`,
    {
      sheetName: 'Barang',
      columns: ITEM_COLUMNS,
      rows: iterateItems(db, schoolId, query),
      toCells: (i: ItemWithLevel, no) => ({
        no,
        name: i.name,
        sku: i.sku ?? '',
        unit: i.unit,
        stock: i.stock,
        min: i.min_stock,
        // An untracked item's count says nothing about running out (isLowStock).
        level: i.trackable ? LEVEL_LABEL[i.level] : 'Tidak dilacak',
        active: i.active ? 'Ya' : 'Tidak',
        trackable: i.trackable ? 'Ya' : 'Tidak',
        description: i.description ?? '',
        updated: asLocalWallClock(new Date(i.updated_at), clock),
      }),
    },
    clock,
    now,
  );
}

const REQUEST_COLUMNS: Partial<ExcelJS.Column>[] = [
  NUMBER_COLUMN,
  { header: 'Nomor', key: 'number', width: 18 },
  { header: 'Dibuat', key: 'created', width: 18, style: dateFormat },
  { header: 'Jenis', key: 'type', width: 10 },
  { header: 'Barang', key: 'item', width: 30 },
  { header: 'Jumlah', key: 'quantity', width: 9 },
  { header: 'Dibutuhkan', key: 'needed', width: 12 },
  { header: 'Pemohon', key: 'requester', width: 24 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Disetujui/ditolak oleh', key: 'approver', width: 24 },
  { header: 'Diputuskan', key: 'decided', width: 18, style: dateFormat },
  { header: 'Catatan', key: 'notes', width: 32 },
  { header: 'Catatan penyetuju', key: 'approverNotes', width: 32 },
  { header: 'Tautan toko', key: 'link', width: 32 },
];

export function exportRequests(
  db: Db,
  actor: SchoolActor,
  status: RequestStatus | undefined,
  q: string | undefined,
  clock: SchoolClock,
  now = new Date(),
) {
  return xlsxDownload(
    `permintaan-${status ?? 'all'}`,
    {
      sheetName: 'Permintaan',
      columns: REQUEST_COLUMNS,
      rows: iterateRequests(db, actor, status, q),
      toCells: (r: RequestListRow, no) => ({
        no,
        number: r.number ?? '',
        created: asLocalWallClock(new Date(r.created_at), clock),
        type: r.type === 'stock' ? 'Stok' : 'Baru',
        item: r.item_name ?? r.custom_name ?? '',
        quantity: r.quantity,
        needed: r.needed_date ?? '',
        requester: r.requester_name,
        status: REQUEST_STATUS_LABEL[r.status],
        approver: r.approver_name ?? '',
        decided: r.decided_at === null ? null : asLocalWallClock(new Date(r.decided_at), clock),
        notes: r.notes ?? '',
        approverNotes: r.approver_notes ?? '',
        // A link stored before only http(s) was accepted stays text, never a clickable cell.
        link:
          r.store_link === null
            ? ''
            : /^https?:\/\//i.test(r.store_link)
              ? { text: r.store_link, hyperlink: r.store_link }
              : r.store_link,
      }),
    },
    clock,
    now,
  );
}
