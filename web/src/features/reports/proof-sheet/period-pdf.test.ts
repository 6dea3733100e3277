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

/** The server's list answer, as GET /api/reports gives it, with `total` matches. */
function serverListing(total: number) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: Request | string | URL) => {
    asked.push(input instanceof Request ? input.url : String(input));
    const body = { data: [], meta: { page: 1, per_page: 100, total, last_page: 1 } };
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
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
});
