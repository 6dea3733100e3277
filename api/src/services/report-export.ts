import type ExcelJS from 'exceljs';
import { roleLabel, type ReportExportQuery, type ReportListRow } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { asLocalWallClock, scopeRange, type SchoolClock } from '../lib/school-time.js';
import { NUMBER_COLUMN, xlsxDownload, type XlsxDownload } from '../lib/xlsx-stream.js';
import { iterateReports } from './report-list.js';

const STATUS_LABEL: Record<ReportListRow['status'], string> = {
  pending: 'Menunggu',
  in_progress: 'Dikerjakan',
  completed: 'Selesai',
  cancelled: 'Dibatalkan',
};
const WORK_TYPE_LABEL: Record<string, string> = {
  cleaning: 'Kebersihan',
  repair: 'Perbaikan',
  maintenance: 'Perawatan',
  inspection: 'Inspeksi',
  other: 'Lainnya',
};

const COLUMNS: Partial<ExcelJS.Column>[] = [
  NUMBER_COLUMN,
  { header: 'Dilaporkan', key: 'reported', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Diterima server', key: 'received', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Diperbarui', key: 'updated', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Area', key: 'area', width: 24 },
  { header: 'Kategori', key: 'category', width: 18 },
  { header: 'Jenis pekerjaan', key: 'workType', width: 16 },
  { header: 'Status', key: 'status', width: 13 },
  { header: 'Deskripsi', key: 'description', width: 60 },
  { header: 'Pelapor', key: 'reporter', width: 24 },
  { header: 'Peran', key: 'role', width: 16 },
  { header: 'Catatan admin', key: 'adminNote', width: 40 },
  { header: 'Foto sebelum', key: 'before', width: 12 },
  { header: 'Foto sesudah', key: 'after', width: 12 },
  { header: 'Tautan', key: 'link', width: 40 },
  { header: 'ID laporan', key: 'id', width: 38 },
];

/**
 * The matching reports as an .xlsx, streamed: rows come from keyset chunks, so a year of
 * reports never sits in memory at once. Dates are real Excel date cells in the school's time.
 * The scope and the order are the filing time ("Dilaporkan"); "Diterima server" shows when the
 * report arrived, so work that came in late from a dead zone can be told apart.
 */
export function exportReports(
  db: Db,
  schoolId: string,
  query: ReportExportQuery,
  clock: SchoolClock,
  appOrigin: string,
  now = new Date(),
): XlsxDownload {
  const range = scopeRange(query.scope, now, clock);
  return xlsxDownload(
    `laporan-${query.scope}`,
    {
      sheetName: 'Laporan',
      columns: COLUMNS,
      rows: iterateReports(db, schoolId, query, { now, clock }, range),
      toCells: (r: ReportListRow, no) => ({
        no,
        reported: asLocalWallClock(new Date(r.reported_at), clock),
        received: asLocalWallClock(new Date(r.created_at), clock),
        updated: asLocalWallClock(new Date(r.updated_at), clock),
        area: r.area.name,
        category: r.category?.name ?? '',
        workType: WORK_TYPE_LABEL[r.work_type] ?? r.work_type,
        status: STATUS_LABEL[r.status],
        description: r.description,
        reporter: r.reporter.name,
        role: roleLabel(r.reporter.role),
        adminNote: r.admin_note ?? '',
        before: r.photo_counts.before,
        after: r.photo_counts.after,
        link: { text: 'Buka laporan', hyperlink: `${appOrigin}/reports/${r.id}` },
        id: r.id,
      }),
    },
    clock,
    now,
  );
}
