import { api } from './api.js';

/** The file name of an `attachment; filename="x.xlsx"` header (RFC 5987 form too), or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  const name = plain?.[1]?.trim();
  return name === undefined || name === '' ? fallback : name;
}

/**
 * Downloads a server-made file (an Excel export) through the API client, which sends the bearer
 * token a plain link could not: bytes → object URL → a temporary `<a download>` named as the
 * server's Content-Disposition says. `path` is relative to the origin, without the leading
 * slash. Returns the file name used.
 *
 * @throws NetworkError when the request never reached the server
 * @throws InterruptedDownloadError when the answer began and broke off (nothing is saved)
 * @throws ApiError with the server's message on a non-2xx answer
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { bytes, mime_type, disposition } = await api.getBytes(path);
  const name = fileNameFromDisposition(disposition, fallbackName);
  saveBlobAs(new Blob([bytes], { type: mime_type }), name);
  return name;
}

/** Hands a file made or fetched by the app to the browser's download, named `name`. */
export function saveBlobAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
