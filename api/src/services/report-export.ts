import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { roleLabel, type ReportExportQuery, type ReportListRow } from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import { asLocalWallClock, scopeRange, type SchoolClock } from '../lib/school-time.js';
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
  { header: 'No', key: 'no', width: 6 },
  { header: 'Dibuat', key: 'created', width: 18, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
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

export interface ReportExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * Streams the matching reports as an .xlsx: rows are read in keyset chunks and written through
 * exceljs' streaming writer, so a year of reports never sits in memory at once. Dates are real
 * Excel date cells showing the school's local time.
 */
export function exportReports(
  db: Db,
  query: ReportExportQuery,
  clock: SchoolClock,
  appOrigin: string,
  now = new Date(),
): ReportExport {
  const range = scopeRange(query.scope, now, clock);
  const stamp = asLocalWallClock(now, clock)
    .toISOString()
    .slice(0, 16)
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const filename = `laporan-${query.scope}-${stamp}.xlsx`;
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'URS';
  workbook.created = now;
  const sheet = workbook.addWorksheet('Laporan', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: 'A1', to: 'O1' };

  const write = async () => {
    let no = 0;
    for (const r of iterateReports(db, query, clock, range)) {
      no += 1;
      const url = `${appOrigin}/reports/${r.id}`;
      sheet
        .addRow({
          no,
          created: asLocalWallClock(new Date(r.created_at), clock),
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
          link: { text: 'Buka laporan', hyperlink: url },
          id: r.id,
        })
        .commit();
      // Let the stream drain between chunks so a slow download applies back-pressure.
      if (no % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    console.error('[api] report export failed', err);
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename, body: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}
