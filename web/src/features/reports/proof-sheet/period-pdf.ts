import type { ReportFilters } from '@urs/sync-protocol';
import { ApiError } from '../../../client/api-client.js';
import { deviceCalendarDay } from '../../../lib/calendar-date.js';
import { viewFromServer } from '../detail/report-detail-source.js';
import { listReports } from '../list/report-list-api.js';
import { fetchReportDetail } from '../detail/use-report-detail.js';
import type { SortOrder } from '../list/report-list-logic.js';
import { buildSheet, sheetTexts, type SheetLanguage, type SheetSource } from './build-sheet.js';
import { buildPeriodCover } from './period-cover.js';
import { renderProofPdf } from './render-pdf.js';
import { loadSheetImages } from './sheet-images.js';
import type { MadePdf } from './make-report-pdf.js';

/**
 * At most this many reports in one PDF. Every photo is held in memory until the file is
 * written (jsPDF builds it whole), and at a few hundred KB per photo and up to a few photos a
 * report, 100 reports is already tens of MB: a month of a school's work, and a file a printer
 * and a mail attachment still take. It is also the API's largest page, so one request lists them.
 */
export const PERIOD_PDF_MAX_REPORTS = 100;

export class PeriodTooLargeError extends Error {
  override readonly name = 'PeriodTooLargeError';
  constructor(readonly count: number) {
    super(`${count} reports match; at most ${PERIOD_PDF_MAX_REPORTS} fit one PDF`);
  }
}

/**
 * At most this many photos in one PDF: the reports' cap alone let 100 reports of up to 20
 * photos each through, about a gigabyte held at once by jsPDF, more than a browser tab gets.
 * 400 photos of at most about half a megabyte each stay within a laptop's tab.
 */
export const PERIOD_PDF_MAX_PHOTOS = 400;

export class PeriodTooManyPhotosError extends Error {
  override readonly name = 'PeriodTooManyPhotosError';
  constructor(readonly max: number) {
    super(`more than ${max} photos match; they do not fit one PDF`);
  }
}

export class PeriodEmptyError extends Error {
  override readonly name = 'PeriodEmptyError';
}

export class PeriodCancelledError extends Error {
  override readonly name = 'PeriodCancelledError';
}

export type PeriodProgress = { phase: 'listing' } | { phase: 'report'; n: number; total: number };

export interface PeriodPdfOptions {
  filters: ReportFilters;
  order: SortOrder;
  lng: SheetLanguage;
  now: Date;
  /** The signed-in user's school, printed on the cover and every sheet. */
  schoolName?: string | null | undefined;
  onProgress: (progress: PeriodProgress) => void;
  signal: AbortSignal;
  /** PERIOD_PDF_MAX_PHOTOS unless a test says otherwise. */
  maxPhotos?: number;
}

/**
 * Every report matching the admin list's filters, one sheet each after a cover page. Needs the
 * server for the list and the reports; the PDF itself is still made on the device.
 */
export async function makePeriodPdf(options: PeriodPdfOptions): Promise<MadePdf> {
  const { signal, onProgress } = options;
  onProgress({ phase: 'listing' });
  const listed = await listReports(
    { filters: options.filters, page: 1, order: options.order },
    PERIOD_PDF_MAX_REPORTS,
  );
  if (listed.meta.total > PERIOD_PDF_MAX_REPORTS) throw new PeriodTooLargeError(listed.meta.total);
  if (listed.data.length === 0) throw new PeriodEmptyError('No reports match');

  const sources: SheetSource[] = [];
  const sheets = [];
  let missing = 0;
  let photos = 0;
  const maxPhotos = options.maxPhotos ?? PERIOD_PDF_MAX_PHOTOS;
  for (const [index, row] of listed.data.entries()) {
    if (signal.aborted) throw new PeriodCancelledError('Cancelled');
    onProgress({ phase: 'report', n: index + 1, total: listed.data.length });
    const detail = await fetchReportDetail(row.id).catch((err: unknown) => {
      // Deleted since the list was read: it is no longer part of the period.
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    });
    if (detail === null) continue;
    const source = viewFromServer(detail);
    // Before this report's photos are read: past the cap, none of them is held for nothing.
    photos += source.photos.length;
    if (photos > maxPhotos) throw new PeriodTooManyPhotosError(maxPhotos);
    const images = await loadSheetImages(source.photos.map((photo) => photo.id));
    missing += [...images.values()].filter((image) => image === null).length;
    sources.push(source);
    sheets.push(buildSheet(source, images, options.lng));
  }
  if (signal.aborted) throw new PeriodCancelledError('Cancelled');
  if (sheets.length === 0) throw new PeriodEmptyError('No reports match');
  const texts = sheetTexts(options.lng, options.now, options.schoolName);
  // The chosen assignee's name as the list gave it: the sheets' sources name only reporters.
  const assignee = listed.data.find((row) => row.assignee?.id === options.filters.assignee_id);
  const cover = buildPeriodCover(options.filters, sources, options.lng, assignee?.assignee?.name);
  const blob = await renderProofPdf({
    texts,
    language: options.lng,
    title: cover.title,
    cover,
    sheets,
  });
  return { blob, missing };
}

/** Named by the day it was made on this device's calendar (not UTC's, a day behind before 07:00 WIB). */
export const periodPdfName = (now: Date) => `laporan-periode-${deviceCalendarDay(now)}.pdf`;
