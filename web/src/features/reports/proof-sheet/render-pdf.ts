import { drawCover, drawFooters, drawReportSheet } from './draw-sheet.js';
import type { PeriodCover, ProofSheet, SheetTexts } from './sheet-model.js';

export interface ProofPdfInput {
  texts: SheetTexts;
  language: 'id' | 'en';
  title: string;
  cover?: PeriodCover;
  sheets: readonly ProofSheet[];
}

/**
 * The PDF itself, made on the device. jsPDF is imported here, on the print action, so it is a
 * chunk of its own that neither the shell nor any screen loads before someone prints; the
 * service worker precaches it, so printing works offline too.
 */
export async function renderProofPdf(input: ProofPdfInput): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: input.title, subject: input.texts.title, creator: 'URS' });
  doc.setLanguage(input.language === 'en' ? 'en-GB' : 'id');
  let fresh = true;
  if (input.cover !== undefined) {
    drawCover(doc, input.texts, input.cover);
    fresh = false;
  }
  for (const sheet of input.sheets) {
    drawReportSheet(doc, input.texts, sheet, fresh);
    fresh = false;
  }
  drawFooters(doc, input.texts);
  return doc.output('blob');
}
