import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { makeTestApp } from '../test/harness.js';
import { streamXlsx } from './xlsx-stream.js';

const loadedModules = createRequire(import.meta.url).cache;
const excelLoaded = () => Object.keys(loadedModules).some((file) => file.includes('/exceljs/'));

const CREATED = new Date('2026-11-26T00:00:00Z');

/** A table of `total` rows read lazily, counting how many the export has asked for. */
function countedRows(total: number) {
  const read = { rows: 0, closed: false };
  function* rows() {
    try {
      for (let i = 1; i <= total; i += 1) {
        read.rows += 1;
        yield { a: i, b: `Sapu ijuk nomor ${i}, gudang belakang` };
      }
    } finally {
      // Reached at the end, or when the export calls return(): a query would stop here.
      read.closed = true;
    }
  }
  const spec = {
    sheetName: 'Uji',
    columns: [
      { header: 'A', key: 'a' },
      { header: 'B', key: 'b' },
    ],
    rows: rows(),
    toCells: (r: { a: number; b: string }) => r,
  };
  return { read, spec };
}

/** The value of `sample()` once it has stayed the same for `quietMs` (at most `maxMs` on). */
async function settled(sample: () => number, quietMs = 200, maxMs = 5000): Promise<number> {
  const start = Date.now();
  let last = sample();
  let since = start;
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = sample();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      break;
    }
  }
  return last;
}

/** A zip's last record, the end of its central directory: 'PK\x05\x06' then 18 bytes. */
const endsAsZip = (bytes: Uint8Array) =>
  [...bytes.subarray(bytes.length - 22, bytes.length - 18)].join() === '80,75,5,6';

describe('streamXlsx', () => {
  it('loads exceljs with the first export, not with the app', async () => {
    const app = await makeTestApp();
    try {
      expect((await app.request('/api/health')).status).toBe(200);
    } finally {
      await app.close();
    }
    expect(excelLoaded()).toBe(false);

    const body = streamXlsx(
      {
        sheetName: 'Uji',
        columns: [{ header: 'A', key: 'a' }],
        rows: [{ a: 1 }],
        toCells: (r) => r,
      },
      new Date('2026-11-26T00:00:00Z'),
    );
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    expect(excelLoaded()).toBe(true);
    // A zip (an .xlsx) whose first entry is there: 'PK\x03\x04'.
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('reads no further ahead of a reader that is not reading than the response buffers hold', async () => {
    const total = 60_000;
    const { read, spec } = countedRows(total);
    const body = streamXlsx(spec, CREATED);
    // Nobody reads: the rows asked for must stop at what fills the buffers, not the table.
    const aheadOfReader = await settled(() => read.rows);
    expect(aheadOfReader).toBeGreaterThan(0);
    expect(aheadOfReader).toBeLessThan(total / 4);

    // Once read, the rest follows, to a complete file.
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    expect(read.rows).toBe(total);
    expect(endsAsZip(bytes)).toBe(true);
  });

  it('stops reading the table, and closes its query, once the download is cancelled', async () => {
    const total = 200_000;
    const { read, spec } = countedRows(total);
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const reader = streamXlsx(spec, CREATED).getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel(); // what the server does when the client goes away
      const readInAll = await settled(() => read.rows);
      expect(read.closed).toBe(true);
      expect(readInAll).toBeLessThan(total / 4);
      // A download the user abandoned is not a failed export.
      expect(failures).not.toHaveBeenCalled();
    } finally {
      failures.mockRestore();
    }
  });

  it('drops the characters XML 1.0 forbids from every text cell, so the file still opens', async () => {
    const body = streamXlsx(
      {
        sheetName: 'Uji',
        columns: [
          { header: 'Teks', key: 'text' },
          { header: 'Tautan', key: 'link' },
        ],
        rows: [
          {
            // U+FFFE, U+FFFF, a lone high and a lone low surrogate; a paired one (🧹) is text.
            text: 'Sapu\uFFFE ijuk\uFFFF \uD800rusak\uDC00 🧹\tbaru\nlagi',
            link: { text: 'Buka\uFFFF', hyperlink: 'https://toko.example/sapu\uFFFE' },
          },
        ],
        toCells: (r) => r,
      },
      CREATED,
    );
    // Imported here: the first test needs exceljs not loaded by this file.
    const { Workbook } = (await import('exceljs')).default;
    const workbook = new Workbook();
    await workbook.xlsx.load(await new Response(body).arrayBuffer());
    const row = workbook.getWorksheet('Uji')?.getRow(2);
    expect(row?.getCell(1).value).toBe('Sapu ijuk rusak 🧹\tbaru\nlagi');
    expect(row?.getCell(2).value).toEqual({
      text: 'Buka',
      hyperlink: 'https://toko.example/sapu',
    });
  });
});
