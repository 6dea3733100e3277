// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureText } from './admin-kit.js';
import { NetworkError } from './api-client.js';
import { downloadFile, fileNameFromDisposition } from './download.js';

describe('fileNameFromDisposition', () => {
  it('takes the download name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="laporan-2026.xlsx"', 'x.xlsx')).toBe(
      'laporan-2026.xlsx',
    );
    expect(
      fileNameFromDisposition("attachment; filename*=UTF-8''laporan%20hari%20ini.xlsx", 'x.xlsx'),
    ).toBe('laporan hari ini.xlsx');
  });

  it('falls back when the header is missing or names no file', () => {
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameFromDisposition('attachment', 'x.xlsx')).toBe('x.xlsx');
  });
});

/** An answer whose status and headers arrive, then its body breaks off after the first bytes. */
function cutOffAnswer(): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        // What the browser's fetch says when the connection is cut part-way (Chromium).
        controller.error(new TypeError('Failed to fetch'));
      } else {
        sent = true;
        controller.enqueue(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
      }
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/vnd.ms-excel', 'Content-Disposition': 'attachment' },
  });
}

describe('downloadFile, when the download fails', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = 'id';
  });

  const failure = (fetch: () => Promise<Response>) => {
    vi.stubGlobal('fetch', vi.fn(fetch));
    return downloadFile('api/reports/export', 'x.xlsx').catch((err: unknown) => err);
  };
  // The export button's toast, online: the offline text is 'Offline' here.
  const shown = (err: unknown) => failureText(err, 'Gagal mengekspor laporan', 'Offline', true);

  it('tells a body cut off after the answer began from a server never reached', async () => {
    const cut = await failure(() => Promise.resolve(cutOffAnswer()));
    expect(cut).not.toBeInstanceOf(NetworkError);
    expect(shown(cut)).toBe('Unduhan terputus sebelum selesai. Silakan coba lagi.');

    const unreached = await failure(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(unreached).toBeInstanceOf(NetworkError);
    expect(shown(unreached)).toBe('Offline');
  });

  it('says so in English too', async () => {
    document.documentElement.lang = 'en';
    expect(shown(await failure(() => Promise.resolve(cutOffAnswer())))).toBe(
      'The download was cut off before it finished. Please try again.',
    );
  });
});
