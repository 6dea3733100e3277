import type { UrsDatabase } from '../db/database.js';
import {
  ApiError,
  DEFAULT_TIMEOUT_MS,
  NetworkError,
  type ApiClient,
} from '../client/api-client.js';
import { openJobPhotoIds } from './job-photos.js';

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

/** The slowest uplink a photo's upload waits for: about a weak 2G/EDGE signal's. */
const SLOWEST_UPLINK_BYTES_PER_SECOND = 4 * 1024;

/**
 * Node's HTTP server ends a request that has not arrived whole after five minutes (its
 * `requestTimeout`, left at the default): waiting longer would be for nothing. A compressed
 * photo (at most 1 MB) fits within it at the slowest uplink; an original kept uncompressed
 * needs a faster one.
 */
const SERVER_REQUEST_LIMIT_MS = 300_000;

/**
 * How long an upload of `bytes` may take: the usual timeout plus the time its bytes need on the
 * slowest uplink. With one fixed timeout for everything, a photo of 1 MB from the edge of the
 * campus (about 35 KB/s or less) timed out on every cycle, and the report waiting for it, with
 * all queued after it, never went.
 */
export function uploadTimeoutMs(bytes: number, baseMs = DEFAULT_TIMEOUT_MS): number {
  const needed = baseMs + Math.ceil((bytes / SLOWEST_UPLINK_BYTES_PER_SECOND) * 1000);
  return Math.max(baseMs, Math.min(needed, SERVER_REQUEST_LIMIT_MS));
}

/**
 * Uploads this user's photos that the server does not have yet, oldest first.
 *
 * A refusal for good (4xx other than 401/408/429) marks that photo failed and moves on: one bad
 * photo must not stop the others. A 401 is thrown (the engine pauses the session). A network
 * error or 5xx stops the loop: the next photo would most likely fail the same way. After a
 * timeout, smaller photos are still tried, until a second timeout.
 */
export async function uploadPendingPhotos(
  db: UrsDatabase,
  api: ApiClient,
  userId: string,
  /** Runs after each photo the server now has, before the next one is tried. */
  afterUpload: () => Promise<void> = () => Promise.resolve(),
): Promise<PhotoUploadSummary> {
  const summary: PhotoUploadSummary = { uploaded: 0, failed: 0, transientError: null };
  // Keys first, bytes one at a time: a backlog of photos would not fit in memory at once.
  // Ids are UUIDv7, so key order is creation order.
  const ids = await db.photos.where('[user_id+uploaded]').equals([userId, 0]).primaryKeys();
  // After an upload that timed out, only smaller photos are tried: at the same signal they need
  // less time. Before, one photo too large for the signal held back every photo after it for
  // good (an entry still waits for the photos of the entries before it: the queue is ordered).
  let smallerThan = Infinity;
  // A second timeout in one run ends it: on a link that is down, every photo would wait its
  // own time out, for minutes, while the sync holds its lock.
  let timeouts = 0;
  for (const id of ids) {
    const photo = await db.photos.get(id);
    if (photo === undefined || photo.uploaded === 1 || photo.upload_error !== null) continue;
    if (photo.bytes.byteLength >= smallerThan) continue;
    try {
      const receipt = await api.putPhoto(photo, uploadTimeoutMs(photo.bytes.byteLength));
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
      if (err instanceof NetworkError && err.timedOut && ++timeouts < 2) {
        smallerThan = photo.bytes.byteLength;
        continue;
      }
      break;
    }
    await afterUpload();
  }
  return summary;
}

function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/**
 * How many uploaded photos of a user keep their bytes on the device, newest first: about three
 * weeks of a technician's photos (a compressed photo is 0.2-1 MB), viewed offline from here.
 * Older ones are shown from the server, or offline from the service worker's copy once viewed.
 */
export const KEPT_UPLOADED_PHOTOS = 100;

/**
 * Frees the bytes of this user's uploaded photos past the newest `keep`, when the server has
 * them on a report (a `report_photos` row) and no outbox entry names them (a refused one kept
 * for a resend included); never those of the user's open jobs. A photo in a form not saved yet is on no report, so a draft keeps
 * its photos. Without this every photo stayed on the phone for good, and a school year of them
 * filled its storage, after which nothing could be saved. Returns how many were freed.
 */
export async function releaseUploadedPhotos(
  db: UrsDatabase,
  userId: string,
  keep = KEPT_UPLOADED_PHOTOS,
): Promise<number> {
  return db.transaction('rw', [db.photos, db.report_photos, db.outbox, db.reports], async () => {
    // Ids are UUIDv7, so within the index's one key they come oldest first. The photos of the
    // user's open jobs (fetched for them, job-photos.ts) are neither freed nor counted.
    const needed = await openJobPhotoIds(db, userId);
    const uploaded = (
      await db.photos.where('[user_id+uploaded]').equals([userId, 1]).primaryKeys()
    ).filter((id) => !needed.has(id));
    if (uploaded.length <= keep) return 0;
    const older = uploaded.slice(0, uploaded.length - keep);
    const named = new Set<string>();
    await db.outbox.each((entry) => entry.photo_ids.forEach((id) => named.add(id)));
    const onReports = await db.report_photos.bulkGet(older);
    const freed = older.filter((id, index) => onReports[index] !== undefined && !named.has(id));
    await db.photos.bulkDelete(freed);
    return freed.length;
  });
}
