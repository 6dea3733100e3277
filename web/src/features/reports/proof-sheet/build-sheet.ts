import { beforePhotosTakenAfterAfter, type PhotoKind, type Report } from '@urs/sync-protocol';
import i18next from 'i18next';
import { formatDateTime } from '../../../lib/format.js';
import { statusKey, workTypeKey } from '../report-i18n.js';
import { reportNumberText } from '../report-number.js';
import { captureCaption } from './capture-time-text.js';
import { filedTimeOf, type ProofSheet, type SheetImage, type SheetTexts } from './sheet-model.js';
import './proof-i18n.js';

export type SheetLanguage = 'id' | 'en';

export const sheetLanguage = (language: string): SheetLanguage => (language === 'en' ? 'en' : 'id');

/** What a sheet is made from: the report, its photos in order, and the names it shows. */
export interface SheetSource {
  report: Report;
  photos: readonly { id: string; kind: PhotoKind; captured_at?: string | null | undefined }[];
  names: {
    area?: string | undefined;
    category?: string | undefined;
    reporter?: string | undefined;
  };
}

/**
 * The sheet's texts in `lng`. `schoolName` is the signed-in user's school (absent from a session
 * kept by an older app, where the app's own school line stands in).
 */
export function sheetTexts(
  lng: SheetLanguage,
  printedAt: Date,
  schoolName?: string | null,
): SheetTexts {
  const t = (key: string, options: Record<string, unknown> = {}) =>
    i18next.t(key, { lng, ...options });
  return {
    school: schoolName ?? t('app.school'),
    title: t('proof.sheetTitle'),
    noPhoto: t('proof.noPhoto'),
    photoNotHere: t('proof.photoNotHere'),
    signReporter: t('proof.signReporter'),
    signChecked: t('proof.signChecked'),
    signName: t('proof.signName'),
    printedAt: t('proof.printedAt', {
      time: formatDateTime(printedAt.toISOString(), lng),
    }),
    page: (n, total) => t('proof.page', { n, total }),
  };
}

/**
 * One report's sheet with every text in `lng`; `images` holds the photos' bytes by id (a
 * missing id prints as "not available" rather than failing the whole sheet).
 */
export function buildSheet(
  source: SheetSource,
  images: ReadonlyMap<string, SheetImage | null>,
  lng: SheetLanguage,
): ProofSheet {
  const t = (key: string, options: Record<string, unknown> = {}) =>
    i18next.t(key, { lng, ...options });
  const { report, names } = source;
  const late = new Set(beforePhotosTakenAfterAfter(source.photos).map((photo) => photo.id));
  const photosOf = (kind: PhotoKind) =>
    source.photos
      .filter((photo) => photo.kind === kind)
      .map((photo) => ({
        caption: late.has(photo.id)
          ? `${captureCaption(photo.captured_at, lng)} - ${t('proof.orderFlag')}`
          : captureCaption(photo.captured_at, lng),
        image: images.get(photo.id) ?? null,
      }));
  return {
    heading: reportNumberText(report, t),
    facts: [
      { label: t('reports.number'), value: reportNumberText(report, t) },
      { label: t('reports.area'), value: names.area ?? t('reports.unknownArea') },
      { label: t('reports.category'), value: names.category ?? t('reports.categoryNone') },
      { label: t('reports.workType'), value: t(workTypeKey(report.work_type)) },
      { label: t('reports.status'), value: t(statusKey(report.status)) },
      { label: t('reports.reporter'), value: names.reporter ?? t('reports.unknownUser') },
      { label: t('proof.filedAt'), value: formatDateTime(filedTimeOf(report), lng) },
    ],
    description: { label: t('reports.description'), text: report.description },
    adminNote: {
      label: t('reports.adminNote'),
      text: report.admin_note ?? t('reports.adminNoteEmpty'),
    },
    before: { label: t('reports.photosBefore'), photos: photosOf('before') },
    after: { label: t('reports.photosAfter'), photos: photosOf('after') },
    reporterName: names.reporter ?? t('reports.unknownUser'),
  };
}
