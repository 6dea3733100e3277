// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import type * as PeriodPdf from './period-pdf.js';

let period: typeof PeriodPdf;
beforeAll(async () => {
  initI18n('id');
  // The texts register themselves on import, which needs an initialised i18next.
  period = await import('./period-pdf.js');
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server as the period PDF meets it: GET /api/reports lists `rows` of `total` matches, and
 * every GET /api/reports/:id answers 404 (each listed report deleted since).
 */
function serverListing(total: number, rows: { id: string }[] = []) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: Request | string | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    if (/\/api\/reports\/[^/?]+$/.test(new URL(url).pathname)) {
      return Promise.resolve(json({ message: 'Laporan tidak ditemukan.' }, 404));
    }
    const data = rows.map((row) => ({ ...row, reporter: {}, area: {} }));
    return Promise.resolve(json({ data, meta: { page: 1, per_page: 100, total, last_page: 1 } }));
  });
  return asked;
}

const run = () =>
  period.makePeriodPdf({
    filters: { status: 'completed', date_from: '2026-11-01' },
    order: 'asc',
    lng: 'id',
    now: new Date(),
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });

describe('a period PDF', () => {
  it('stops past the cap with the number that matched, before fetching any report', async () => {
    const asked = serverListing(250);
    const failure = await run().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(period.PeriodTooLargeError);
    expect(failure).toMatchObject({ count: 250 });
    expect(asked).toHaveLength(1);
    const query = new URL(asked[0] ?? '').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      status: 'completed',
      date_from: '2026-11-01',
      per_page: String(period.PERIOD_PDF_MAX_REPORTS),
      order: 'asc',
    });
  });

  it('says when nothing matches instead of making an empty file', async () => {
    serverListing(0);
    await expect(run()).rejects.toBeInstanceOf(period.PeriodEmptyError);
  });

  it('leaves out a report deleted after the list was read, and says so when none is left', async () => {
    const asked = serverListing(1, [{ id: '01a20000-0000-7000-8000-000000000009' }]);
    await expect(run()).rejects.toBeInstanceOf(period.PeriodEmptyError);
    expect(
      asked.some((url) => url.endsWith('/api/reports/01a20000-0000-7000-8000-000000000009')),
    ).toBe(true);
  });
});
