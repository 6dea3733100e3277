import type { Report } from '@urs/sync-protocol';
import { buildSheet, sheetTexts, type SheetLanguage, type SheetSource } from './build-sheet.js';
import { renderProofPdf } from './render-pdf.js';
import { loadSheetImages } from './sheet-images.js';

export interface MadePdf {
  blob: Blob;
  /** Photos that could not be had (not on the device, no connection) and print as missing. */
  missing: number;
}

/** One report's sheet as a PDF, from what the device holds (or can still reach). */
export async function makeReportPdf(
  source: SheetSource,
  lng: SheetLanguage,
  now: Date,
  schoolName?: string | null,
): Promise<MadePdf> {
  const images = await loadSheetImages(source.photos.map((photo) => photo.id));
  const missing = [...images.values()].filter((image) => image === null).length;
  const texts = sheetTexts(lng, now, schoolName);
  const blob = await renderProofPdf({
    texts,
    language: lng,
    title: `${texts.title} ${source.report.number ?? source.report.id}`,
    sheets: [buildSheet(source, images, lng)],
  });
  return { blob, missing };
}

/** Named for the report's number once it has one; its id until then. */
export const reportPdfName = (report: Pick<Report, 'id' | 'number'>) =>
  `laporan-${report.number ?? report.id}.pdf`;
