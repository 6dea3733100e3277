import type { UrsDatabase } from '../db/database.js';
import { ApiError, type ApiClient } from '../lib/api-client.js';

/*
 * The upload half of the device's photos, apart from savePhoto (photos.ts): the sync engine runs
 * it in the service worker too, whose bundle then carries none of the picking side (the image
 * compressor and its worker, the capture-time reader).
 */

export interface PhotoUploadSummary {
  uploaded: number;
  failed: number;
  /** A network error or 5xx: later photos were not tried; the engine backs off and retries. */
  transientError: Error | null;
}

/**
 * Uploads this user's photos that the server does not have yet, oldest first.
 *
 * A refusal for good (4xx other than 401/408/429) marks that photo failed and moves on: one bad
 * photo must not stop the others. A 401 is thrown (the engine pauses the session). A network
 * error or 5xx stops the loop: the next photo would most likely fail the same way.
 */
export async function uploadPendingPhotos(
  db: UrsDatabase,
  api: ApiClient,
  userId: string,
): Promise<PhotoUploadSummary> {
  const summary: PhotoUploadSummary = { uploaded: 0, failed: 0, transientError: null };
  // Keys first, bytes one at a time: a backlog of photos would not fit in memory at once.
  // Ids are UUIDv7, so key order is creation order.
  const ids = await db.photos.where('[user_id+uploaded]').equals([userId, 0]).primaryKeys();
  for (const id of ids) {
    const photo = await db.photos.get(id);
    if (photo === undefined || photo.uploaded === 1 || photo.upload_error !== null) continue;
    try {
      const receipt = await api.putPhoto(photo);
      if (receipt.sha256 !== photo.sha256) {
        await db.photos.update(id, {
          upload_error: { status: 200, message: 'Server menyimpan isi foto yang berbeda.' },
        });
        summary.failed += 1;
        continue;
      }
      await db.photos.update(id, { uploaded: 1 });
      summary.uploaded += 1;
    } catch (err) {
      if (err instanceof ApiError && isPermanentRefusal(err.status)) {
        await db.photos.update(id, {
          upload_error: {
            status: err.status,
            message: err.message,
            ...(err.code !== undefined && { code: err.code }),
          },
        });
        summary.failed += 1;
        continue;
      }
      if (err instanceof ApiError && err.status === 401) throw err;
      summary.transientError = err instanceof Error ? err : new Error(String(err));
      break;
    }
  }
  return summary;
}

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}
