// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/api-client.js';
import { STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { downloadReportExport } from './report-list-api.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function stubDownloads() {
  const createObjectURL = vi.fn(() => 'blob:report');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicks: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push({ href: this.href, download: this.download });
  });
  return { createObjectURL, clicks };
}

describe('downloadReportExport', () => {
  it('fetches the export with the bearer token and saves it under the server file name', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    const fetchMock = vi.fn((_input: Request) =>
      Promise.resolve(
        new Response(new Uint8Array([0x50, 0x4b]), {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="laporan-minggu-ini.xlsx"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { createObjectURL, clicks } = stubDownloads();

    const name = await downloadReportExport('this_week', { status: 'pending' });

    expect(name).toBe('laporan-minggu-ini.xlsx');
    const [request] = fetchMock.mock.calls[0] ?? [];
    const url = new URL(request?.url ?? '');
    expect(`${url.pathname}${url.search}`).toBe(
      '/api/reports/export?scope=this_week&status=pending',
    );
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(clicks).toEqual([{ href: 'blob:report', download: 'laporan-minggu-ini.xlsx' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('turns a refusal into an ApiError carrying the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'Cakupan ekspor salah.' }), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    const { clicks } = stubDownloads();
    const failure = downloadReportExport('all', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Cakupan ekspor salah.');
    expect(clicks).toEqual([]);
  });
});
