import type ExcelJS from 'exceljs';
import {
  completedOnTime,
  roleLabel,
  JOB_PRIORITY_LABELS,
  type ReportExportQuery,
  type ReportListRow,
} from '@urs/sync-protocol';
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

/**
 * Whether the job kept its due date: open and past it, open within it, completed by it or
 * after it; blank without a due date, and for a cancelled job or a completion of unknown time.
 */
function timeliness(r: ReportListRow, clock: SchoolClock): string {
  if (r.due_date === null) return '';
  if (r.status === 'pending' || r.status === 'in_progress') {
    return r.overdue ? 'Terlambat' : 'Belum jatuh tempo';
  }
  if (r.status !== 'completed') return '';
  const onTime = completedOnTime(r, clock.offsetMinutes);
  return onTime === null ? '' : onTime ? 'Tepat waktu' : 'Selesai terlambat';
}

const DATE_TIME = { numFmt: 'yyyy-mm-dd hh:mm' };

const COLUMNS: Partial<ExcelJS.Column>[] = [
  NUMBER_COLUMN,
  { header: 'Nomor laporan', key: 'number', width: 17 },
  { header: 'Dilaporkan', key: 'reported', width: 18, style: DATE_TIME },
  { header: 'Diterima server', key: 'received', width: 18, style: DATE_TIME },
  { header: 'Diperbarui', key: 'updated', width: 18, style: DATE_TIME },
  { header: 'Area', key: 'area', width: 24 },
  { header: 'Kategori', key: 'category', width: 18 },
  { header: 'Jenis pekerjaan', key: 'workType', width: 16 },
  { header: 'Status', key: 'status', width: 13 },
  { header: 'Deskripsi', key: 'description', width: 60 },
  { header: 'Pelapor', key: 'reporter', width: 24 },
  { header: 'Peran', key: 'role', width: 16 },
  { header: 'Petugas', key: 'assignee', width: 24 },
  { header: 'Prioritas', key: 'priority', width: 11 },
  { header: 'Tenggat', key: 'dueDate', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
  // Blank: due at the end of that day (decision 028).
  { header: 'Jam tenggat', key: 'dueTime', width: 11 },
  { header: 'Diselesaikan', key: 'completed', width: 18, style: DATE_TIME },
  { header: 'Ketepatan waktu', key: 'timeliness', width: 18 },
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
 * report arrived, so work that came in late from a dead zone can be told apart. The job's
 * columns: who holds it, how urgent, its due day (a date cell in the school's calendar) and
 * time, when it was completed, and whether it kept its due date as of the export's `now`.
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
        number: r.number ?? '',
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
        assignee: r.assignee?.name ?? '',
        priority: JOB_PRIORITY_LABELS[r.priority][0],
        // A calendar day: midnight UTC of it is that day in Excel, which has no time zones.
        dueDate: r.due_date === null ? null : new Date(`${r.due_date}T00:00:00.000Z`),
        dueTime: r.due_time ?? '',
        completed:
          r.completed_at === null ? null : asLocalWallClock(new Date(r.completed_at), clock),
        timeliness: timeliness(r, clock),
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
