// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import { ownJob } from '../../../test/report.js';
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
function serverListing(
  total: number,
  rows: { id: string }[] = [],
  detail: (id: string) => Response = () => json({ message: 'Laporan tidak ditemukan.' }, 404),
) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: Request | string | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    const path = new URL(url).pathname;
    if (/\/api\/reports\/[^/?]+$/.test(path)) {
      return Promise.resolve(detail(path.split('/').at(-1) ?? ''));
    }
    const data = rows.map((row) => ({ ...row, reporter: {}, area: {} }));
    return Promise.resolve(json({ data, meta: { page: 1, per_page: 100, total, last_page: 1 } }));
  });
  return asked;
}

const run = (maxPhotos?: number) =>
  period.makePeriodPdf({
    filters: { status: 'completed', date_from: '2026-11-01' },
    order: 'asc',
    lng: 'id',
    now: new Date(),
    onProgress: () => undefined,
    signal: new AbortController().signal,
    ...(maxPhotos !== undefined && { maxPhotos }),
  });

/** A report's detail as the server answers it, with `photos` photos before. */
const AT = '2026-11-20T08:00:00.000Z';
const detailWith = (id: string, photos: number) =>
  json({
    data: {
      id,
      reporter_id: '01a20000-0000-7000-8000-0000000000aa',
      area_id: '01a20000-0000-7000-8000-0000000000bb',
      category_id: null,
      work_type: 'cleaning',
      description: 'Lantai kelas dipel',
      status: 'completed',
      admin_note: null,
      reported_at: AT,
      created_at: AT,
      updated_at: AT,
      ...ownJob('01a20000-0000-7000-8000-0000000000aa', AT),
      area: { id: '01a20000-0000-7000-8000-0000000000bb', name: 'Kelas 7A' },
      category: null,
      reporter: { id: '01a20000-0000-7000-8000-0000000000aa', name: 'Siti', role: 'custodian' },
      photos: Array.from({ length: photos }, (_, position) => ({
        id: `01a20000-0000-7000-8000-${String(position).padStart(12, '0')}`,
        kind: 'before',
        position,
        mime_type: 'image/jpeg',
        size_bytes: 900,
      })),
    },
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

  it('stops once the reports hold more photos than one PDF can', async () => {
    const rows = [1, 2, 3].map((n) => ({ id: `01a20000-0000-7000-8000-00000000000${n}` }));
    const asked = serverListing(3, rows, (id) => detailWith(id, 3));
    const failure = await run(5).catch((err: unknown) => err);
    // Before, any number of photos went into one file, held whole in the browser's memory.
    expect(failure).toBeInstanceOf(period.PeriodTooManyPhotosError);
    expect(failure).toMatchObject({ max: 5 });
    // The second report passed the cap: the third was never asked for.
    expect(asked.filter((url) => url.includes('/api/reports/01a2'))).toHaveLength(2);
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
