/**
 * Reads a PDF back the way a reader program would (Mozilla's pdf.js): the text of every page
 * and how many images the pages paint, so a test can check a made sheet by its content.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js' own metrics for the 14 standard PDF fonts, which the sheets use. */
const STANDARD_FONTS = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export interface ReadPdf {
  pages: number;
  /** Each page's text, its runs joined by spaces. */
  text: string[];
  /** Image paints over all pages. */
  images: number;
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageXObjectRepeat,
]);

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocument({
    data: bytes,
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
  const text: string[] = [];
  let images = 0;
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    text.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((fn) => IMAGE_OPS.has(fn)).length;
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text, images };
}
