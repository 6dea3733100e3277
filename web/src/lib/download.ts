import { ApiError, NetworkError } from './api-client.js';
import { STORAGE_KEYS } from './storage-keys.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
 * Downloads a server-made file (an Excel export) with the bearer token, which a plain link could
 * not send: fetch → blob → object URL → a temporary `<a download>` named as the server's
 * Content-Disposition says. `path` is relative to the origin, without the leading slash.
 * Returns the file name used.
 *
 * @throws NetworkError when the request never reached the server
 * @throws ApiError with the server's message on a non-2xx answer
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  accept = XLSX_MIME,
): Promise<string> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const headers = new Headers({ Accept: accept });
  if (token !== null && token !== '') headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/${path}`, { headers });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message: unknown =
      typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : undefined;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `HTTP ${response.status}`,
      body,
    );
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
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
  return name;
}
