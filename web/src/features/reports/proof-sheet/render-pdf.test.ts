import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.js';
import { initI18n } from '../../../lib/i18n.js';
import { readPdf } from '../../../test/pdf-reader.js';
import type * as BuildSheet from './build-sheet.js';
import type * as RenderPdf from './render-pdf.js';
import type { SheetSource } from './build-sheet.js';
import { ownJob } from '../../../test/report.js';

/** A valid 1x1 baseline JPEG (the smallest well-formed one), enough for a PDF to embed. */
const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  (c) => c.charCodeAt(0),
);

let build: typeof BuildSheet;
let render: typeof RenderPdf;
beforeAll(async () => {
  initI18n('id');
  // The texts register themselves on import, which needs an initialised i18next.
  build = await import('./build-sheet.js');
  render = await import('./render-pdf.js');
});

const AT = '2026-11-20T01:00:00.000Z';
/** The server received the report three days after it was filed offline. */
const RECEIVED = '2026-11-23T02:30:00.000Z';
function source(photoCount: number): SheetSource {
  return {
    report: {
      id: '01a20000-0000-7000-8000-000000000001',
      number: 'LAP-2026-000123',
      reporter_id: 'u1',
      area_id: 'a1',
      category_id: null,
      work_type: 'maintenance',
      description: 'Pengecatan ulang pagar depan. '.repeat(40).trim(),
      status: 'completed',
      admin_note: 'Sudah dicek.',
      reported_at: AT,
      created_at: RECEIVED,
      updated_at: RECEIVED,
      ...ownJob('u1', AT),
    },
    photos: Array.from({ length: photoCount }, (_, i) => ({
      id: `p${i}`,
      kind: i % 2 === 0 ? ('before' as const) : ('after' as const),
      captured_at: i === 0 ? '2026-11-20T07:00:00+07:00' : null,
    })),
    names: { area: 'Gerbang depan', reporter: 'Agus Setiawan' },
  };
}

async function sheetPdf(
  photoCount: number,
  missing: ReadonlySet<string> = new Set(),
  src: SheetSource = source(photoCount),
) {
  const images = new Map(
    src.photos.map((photo) => [photo.id, missing.has(photo.id) ? null : { jpeg: TINY_JPEG }]),
  );
  const blob = await render.renderProofPdf({
    texts: build.sheetTexts('id', new Date(AT)),
    language: 'id',
    title: 'x',
    sheets: [build.buildSheet(src, images, 'id')],
  });
  return readPdf(new Uint8Array(await blob.arrayBuffer()));
}

describe('the printed sheet', () => {
  it('flows a long report over pages, repeating the header and numbering every page', async () => {
    const read = await sheetPdf(12);
    expect(read.images).toBe(12);
    expect(read.pages).toBeGreaterThan(1);
    read.text.forEach((page, index) => {
      expect(page).toContain('SMA Harapan Nusantara');
      // The report's readable number heads every page, never its raw id.
      expect(page).toContain('LAP-2026-000123');
      expect(page).not.toContain('01a20000-0000-7000-8000-000000000001');
      expect(page).toContain(`Halaman ${index + 1} dari ${read.pages}`);
    });
    expect(read.text[0]).toContain('NOMOR LAPORAN LAP-2026-000123');
    const all = read.text.join(' ');
    expect(all).toContain('Gerbang depan');
    expect(all).toContain('Perawatan');
    expect(all).toContain('Selesai');
    expect(all).toContain('Sudah dicek.');
    expect(all).toContain('PELAPOR');
    expect(all).toContain('DIPERIKSA OLEH');
  });

  it('prints when the report was filed on the device, not when the server received it', async () => {
    const sheet = build.buildSheet(source(1), new Map(), 'id');
    const filed = sheet.facts.find((fact) => fact.label === 'Waktu pengajuan');
    expect(filed?.value).toBe(formatDateTime(AT, 'id'));
    expect(formatDateTime(AT, 'id')).not.toBe(formatDateTime(RECEIVED, 'id'));
    const all = (await sheetPdf(1)).text.join(' ');
    expect(all).toContain(`WAKTU PENGAJUAN ${formatDateTime(AT, 'id')}`);
    expect(all).not.toContain(formatDateTime(RECEIVED, 'id'));
  });

  it('prints the words for a number not yet given on a report not yet sent, in each language', () => {
    const unsent = { ...source(0), report: { ...source(0).report, number: null } };
    expect(build.buildSheet(unsent, new Map(), 'id').heading).toBe('Bernomor setelah terkirim');
    expect(build.buildSheet(unsent, new Map(), 'en').facts[0]).toEqual({
      label: 'Report number',
      value: 'Numbered once sent',
    });
  });

  it('prints a photo it cannot get as not available instead of failing the sheet', async () => {
    const read = await sheetPdf(3, new Set(['p1']));
    expect(read.images).toBe(2);
    expect(read.text.join(' ')).toContain('Foto tidak tersedia');
  });

  it('keeps a line readable when it holds an emoji or a letter Helvetica lacks', async () => {
    const typed = source(0);
    const src: SheetSource = {
      ...typed,
      report: {
        ...typed.report,
        description: 'Lampu kelas 7A mati 😢 tolong dicek. Biaya “kecil”: Rp 1.000 – café’s bill…',
        admin_note: 'Sudah diganti 👍🏽 oleh pak 王',
      },
      names: { area: 'Ruang Łódź', reporter: 'Nguyễn Văn An' },
    };
    const all = (await sheetPdf(0, new Set(), src)).text.join(' ');
    expect(all).toContain(
      'Lampu kelas 7A mati ? tolong dicek. Biaya “kecil”: Rp 1.000 – café’s bill…',
    );
    expect(all).toContain('Sudah diganti ? oleh pak ?');
    expect(all).toContain('Ruang Lódz');
    expect(all).toContain('Nguyen Van An');
  });
});
