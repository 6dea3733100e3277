import { api } from '../../../../client/api.js';
import { downloadFile } from '../../../../client/download.js';
import { exportPath, type RequestsView } from '../list/requests-search.js';

/** The online-only reads of the requests tab. */

export const EXPORT_FALLBACK_NAME = 'permintaan-barang.xlsx';

/** Downloads the Excel export of the current filters; resolves with the file name. */
export function exportRequests(view: Pick<RequestsView, 'status' | 'q'>): Promise<string> {
  return downloadFile(exportPath(view), EXPORT_FALLBACK_NAME);
}

/**
 * The reference image of a request, from the server with the bearer token (an <img src> could
 * not send it).
 *
 * @throws NetworkError when offline; ApiError with the server's message otherwise
 */
export async function fetchRequestImage(requestId: string): Promise<Blob> {
  const { bytes, mime_type } = await api.getBytes(
    `api/inventory/requests/${encodeURIComponent(requestId)}/image`,
  );
  return new Blob([bytes], { type: mime_type });
}
