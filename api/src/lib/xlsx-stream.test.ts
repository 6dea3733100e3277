import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../test/harness.js';
import { streamXlsx } from './xlsx-stream.js';

const loadedModules = createRequire(import.meta.url).cache;
const excelLoaded = () => Object.keys(loadedModules).some((file) => file.includes('/exceljs/'));

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
});
