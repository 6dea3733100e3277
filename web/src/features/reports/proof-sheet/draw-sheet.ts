import type { jsPDF, TextOptionsLight } from 'jspdf';
import { printableText } from './printable-text.js';
import type { PeriodCover, ProofSheet, SheetPhoto, SheetTexts } from './sheet-model.js';

/*
 * A4 portrait in millimetres. Text uses the PDF's built-in Helvetica, so the file needs no font
 * download and stays small; it covers cp1252, which Indonesian and English use. Every text goes
 * through `write` or `wrap`, which make it printable first (printable-text.ts), so a line is
 * measured as it is drawn and one emoji cannot garble it.
 */
const PAGE = { width: 210, height: 297 };
const MARGIN = 15;
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - 18;
const GAP = 6;
const COLUMN = (CONTENT - GAP) / 2;
const PHOTO_BOX = { width: COLUMN, height: 52 };
const PT_TO_MM = 25.4 / 72;
const INK = { text: 20, muted: 110, rule: 190 };

const lineHeight = (sizePt: number) => sizePt * PT_TO_MM * 1.3;

/** Where the next thing goes on the current page; moves to a new page when it would not fit. */
class Cursor {
  y = MARGIN;
  constructor(
    private readonly doc: jsPDF,
    private readonly onNewPage: () => void,
  ) {}

  ensure(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    this.onNewPage();
  }
}

function setText(doc: jsPDF, sizePt: number, style: 'normal' | 'bold', grey = INK.text): void {
  doc.setFont('helvetica', style);
  doc.setFontSize(sizePt);
  doc.setTextColor(grey);
}

/** `text` made printable, then drawn; a list is drawn one line each. */
function write(
  doc: jsPDF,
  text: string | string[],
  x: number,
  y: number,
  options: TextOptionsLight,
): void {
  doc.text(typeof text === 'string' ? printableText(text) : text.map(printableText), x, y, options);
}

/** `text` made printable, then split into lines no wider than `width` in the current font. */
function wrap(doc: jsPDF, text: string, width: number): string[] {
  return doc.splitTextToSize(printableText(text), width) as string[];
}

/** Wrapped text at the cursor, page by page when it is long; returns nothing, moves the cursor. */
function paragraph(doc: jsPDF, cursor: Cursor, text: string, sizePt: number, width = CONTENT) {
  setText(doc, sizePt, 'normal');
  const lines = wrap(doc, text, width);
  const step = lineHeight(sizePt);
  for (const line of lines) {
    cursor.ensure(step);
    write(doc, line, MARGIN, cursor.y, { baseline: 'top' });
    cursor.y += step;
  }
}

function label(doc: jsPDF, text: string, x: number, y: number): void {
  setText(doc, 8, 'bold', INK.muted);
  write(doc, text.toUpperCase(), x, y, { baseline: 'top' });
}

function header(doc: jsPDF, cursor: Cursor, texts: SheetTexts, heading: string): void {
  setText(doc, 14, 'bold');
  write(doc, texts.school, MARGIN, cursor.y, { baseline: 'top' });
  setText(doc, 11, 'normal', INK.muted);
  write(doc, texts.title, PAGE.width - MARGIN, cursor.y + 1, { baseline: 'top', align: 'right' });
  cursor.y += 8;
  setText(doc, 8, 'normal', INK.muted);
  write(doc, heading, PAGE.width - MARGIN, cursor.y, { baseline: 'top', align: 'right' });
  cursor.y += 5;
  doc.setDrawColor(INK.text);
  doc.setLineWidth(0.4);
  doc.line(MARGIN, cursor.y, PAGE.width - MARGIN, cursor.y);
  cursor.y += 5;
}

/** Label/value pairs, two per row. */
function facts(doc: jsPDF, cursor: Cursor, items: ProofSheet['facts']): void {
  for (let i = 0; i < items.length; i += 2) {
    const row = items.slice(i, i + 2);
    const wrapped = row.map((item) => {
      setText(doc, 10, 'normal');
      return wrap(doc, item.value, COLUMN);
    });
    const height = 4 + Math.max(...wrapped.map((lines) => lines.length)) * lineHeight(10) + 3;
    cursor.ensure(height);
    row.forEach((item, column) => {
      const x = MARGIN + column * (COLUMN + GAP);
      label(doc, item.label, x, cursor.y);
      setText(doc, 10, 'normal');
      write(doc, wrapped[column] ?? [], x, cursor.y + 4, { baseline: 'top' });
    });
    cursor.y += height;
  }
}

function block(doc: jsPDF, cursor: Cursor, title: string, text: string): void {
  cursor.ensure(4 + lineHeight(10) * 2);
  label(doc, title, MARGIN, cursor.y);
  cursor.y += 4;
  paragraph(doc, cursor, text, 10);
  cursor.y += 3;
}

/** One photo fitted (never cropped) into its box, centred, with its capture time below. */
function photoCell(doc: jsPDF, texts: SheetTexts, photo: SheetPhoto, x: number, y: number) {
  doc.setDrawColor(INK.rule);
  doc.setLineWidth(0.2);
  doc.rect(x, y, PHOTO_BOX.width, PHOTO_BOX.height, 'S');
  if (photo.image === null) {
    setText(doc, 9, 'normal', INK.muted);
    write(doc, texts.photoNotHere, x + PHOTO_BOX.width / 2, y + PHOTO_BOX.height / 2, {
      align: 'center',
      baseline: 'middle',
    });
  } else {
    const { width, height } = doc.getImageProperties(photo.image.jpeg);
    const scale = Math.min((PHOTO_BOX.width - 2) / width, (PHOTO_BOX.height - 2) / height);
    const w = width * scale;
    const h = height * scale;
    doc.addImage(
      photo.image.jpeg,
      'JPEG',
      x + (PHOTO_BOX.width - w) / 2,
      y + (PHOTO_BOX.height - h) / 2,
      w,
      h,
    );
  }
  setText(doc, 8, 'normal', INK.muted);
  const caption = wrap(doc, photo.caption, PHOTO_BOX.width);
  write(doc, caption.slice(0, 2), x, y + PHOTO_BOX.height + 1.5, { baseline: 'top' });
}

/** Before photos on the left, after photos on the right, row by row. */
function photos(doc: jsPDF, cursor: Cursor, texts: SheetTexts, sheet: ProofSheet): void {
  const columns = [sheet.before, sheet.after];
  const titles = () => {
    columns.forEach((column, index) => {
      label(doc, column.label, MARGIN + index * (COLUMN + GAP), cursor.y);
    });
    cursor.y += 5;
  };
  const rowHeight = PHOTO_BOX.height + 11;
  cursor.ensure(5 + rowHeight);
  titles();
  const rows = Math.max(1, sheet.before.photos.length, sheet.after.photos.length);
  for (let row = 0; row < rows; row += 1) {
    if (cursor.y + rowHeight > BOTTOM) {
      cursor.ensure(rowHeight + 5);
      titles();
    }
    columns.forEach((column, index) => {
      const x = MARGIN + index * (COLUMN + GAP);
      const photo = column.photos[row];
      if (photo !== undefined) photoCell(doc, texts, photo, x, cursor.y);
      else if (row === 0) {
        setText(doc, 9, 'normal', INK.muted);
        write(doc, texts.noPhoto, x, cursor.y + 2, { baseline: 'top' });
      }
    });
    cursor.y += rowHeight;
  }
}

function signatures(doc: jsPDF, cursor: Cursor, texts: SheetTexts, reporter: string): void {
  cursor.ensure(38);
  cursor.y += 4;
  const boxes = [
    { title: texts.signReporter, name: reporter },
    { title: texts.signChecked, name: texts.signName },
  ];
  boxes.forEach((box, index) => {
    const x = MARGIN + index * (COLUMN + GAP);
    label(doc, box.title, x, cursor.y);
    doc.setDrawColor(INK.text);
    doc.setLineWidth(0.3);
    doc.line(x, cursor.y + 24, x + COLUMN - 10, cursor.y + 24);
    setText(doc, 9, 'normal');
    write(doc, box.name, x, cursor.y + 26, { baseline: 'top' });
  });
  cursor.y += 34;
}

/** One report's sheet, starting on a new page unless the document is still empty. */
export function drawReportSheet(doc: jsPDF, texts: SheetTexts, sheet: ProofSheet, fresh: boolean) {
  if (!fresh) doc.addPage();
  const cursor: Cursor = new Cursor(doc, () => header(doc, cursor, texts, sheet.heading));
  header(doc, cursor, texts, sheet.heading);
  facts(doc, cursor, sheet.facts);
  block(doc, cursor, sheet.description.label, sheet.description.text);
  block(doc, cursor, sheet.adminNote.label, sheet.adminNote.text);
  cursor.y += 2;
  photos(doc, cursor, texts, sheet);
  signatures(doc, cursor, texts, sheet.reporterName);
}

/** A period's first page: the filters used and the counts by status and by work type. */
export function drawCover(doc: jsPDF, texts: SheetTexts, cover: PeriodCover): void {
  const cursor: Cursor = new Cursor(doc, () => undefined);
  setText(doc, 14, 'bold');
  write(doc, texts.school, MARGIN, cursor.y, { baseline: 'top' });
  cursor.y += 9;
  setText(doc, 18, 'bold');
  write(doc, cover.title, MARGIN, cursor.y, { baseline: 'top' });
  cursor.y += 12;
  facts(doc, cursor, cover.filters);
  cursor.y += 2;
  label(doc, cover.count.label, MARGIN, cursor.y);
  setText(doc, 22, 'bold');
  write(doc, String(cover.count.value), MARGIN, cursor.y + 4, { baseline: 'top' });
  cursor.y += 16;
  const tables = [cover.byStatus, cover.byWorkType];
  const top = cursor.y;
  let lowest = top;
  tables.forEach((table, index) => {
    const x = MARGIN + index * (COLUMN + GAP);
    let y = top;
    label(doc, table.label, x, y);
    y += 6;
    for (const row of table.rows) {
      setText(doc, 10, 'normal');
      write(doc, row.label, x, y, { baseline: 'top' });
      write(doc, String(row.value), x + COLUMN - 4, y, { baseline: 'top', align: 'right' });
      y += lineHeight(10) + 1.5;
      doc.setDrawColor(INK.rule);
      doc.setLineWidth(0.1);
      doc.line(x, y - 1, x + COLUMN - 4, y - 1);
    }
    lowest = Math.max(lowest, y);
  });
  cursor.y = lowest;
}

/** Page numbers and the print time on every page, once all pages exist. */
export function drawFooters(doc: jsPDF, texts: SheetTexts): void {
  const total = doc.getNumberOfPages();
  for (let n = 1; n <= total; n += 1) {
    doc.setPage(n);
    setText(doc, 8, 'normal', INK.muted);
    const y = PAGE.height - 10;
    write(doc, texts.printedAt, MARGIN, y, { baseline: 'top' });
    write(doc, texts.page(n, total), PAGE.width - MARGIN, y, { baseline: 'top', align: 'right' });
  }
}
