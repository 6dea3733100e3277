import type { ReportPhoto } from '@urs/sync-protocol';
import type { PhotoRecord, UrsDatabase } from '../db/database.js';
import { ApiError, type ApiClient } from '../client/api-client.js';
import { sniffImageType } from '../lib/image-type.js';
import { isQuotaExceeded } from './errors.js';
import { sha256Hex } from './sha256.js';

/*
 * A job assigned to this user is readable offline whole (issue 40): its rows arrive by the pull,
 * and its photos' bytes, which the pull never carries, are fetched at sync time into the
 * device's photos table, as if this user had uploaded them (`uploaded: 1`), so every screen and
 * the proof sheet read them as they read the user's own. They stay while the job is open and
 * theirs (`releaseUploadedPhotos` never frees a photo of one), then fall under decision 023's
 * rule like any other uploaded photo, and leave at once with a job taken from the user
 * (report-release.ts).
 */

const OPEN = ['pending', 'in_progress'] as const;

/**
 * How many photos of a user's open jobs the device holds at most (0.2-1 MB each): the most
 * pressing jobs' first, before photos ahead of after ones. Past it, a photo is read from the
 * server as any other.
 */
export const JOB_PHOTOS_ON_DEVICE = 200;

/** This user's open jobs on the device (`[assignee_id+status]`). */
function openJobs(db: UrsDatabase, userId: string) {
  return db.reports.where('[assignee_id+status]').anyOf(OPEN.map((status) => [userId, status]));
}

/** The photos of this user's open jobs: the ones retention keeps and the prefetch fetches. */
export async function openJobPhotoIds(db: UrsDatabase, userId: string): Promise<Set<string>> {
  const jobs = await openJobs(db, userId).primaryKeys();
  if (jobs.length === 0) return new Set();
  return new Set(await db.report_photos.where('report_id').anyOf(jobs).primaryKeys());
}

export interface JobPhotoPrefetch {
  fetched: number;
  /** Answered but not stored: refused (403/404), or bytes that are not the photo's. */
  skipped: number;
  /** Why the loop stopped before the end (offline, a 5xx, a 401, the device full); null when it did not. */
  stoppedBy: Error | null;
}

/**
 * Fetches the bytes of the photos of this user's open jobs that the device does not hold, most
 * pressing job first (earliest due, then the job's order of arrival), before photos first, at
 * most `limit` held in all. Checked against the row's SHA-256 before they are stored. Never
 * throws: a failure stops the loop, and the next sync tries again from where it is.
 */
export async function prefetchJobPhotos(
  db: UrsDatabase,
  api: Pick<ApiClient, 'getPhoto'>,
  userId: string,
  limit = JOB_PHOTOS_ON_DEVICE,
  now: () => Date = () => new Date(),
): Promise<JobPhotoPrefetch> {
  const result: JobPhotoPrefetch = { fetched: 0, skipped: 0, stoppedBy: null };
  const jobs = await openJobs(db, userId).toArray();
  if (jobs.length === 0) return result;
  const rank = new Map(
    jobs
      .sort(
        (a, b) =>
          (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31') ||
          (a.due_time ?? '24:00').localeCompare(b.due_time ?? '24:00') ||
          a.id.localeCompare(b.id),
      )
      .map((job, index) => [job.id, index]),
  );
  const photos = (
    await db.report_photos
      .where('report_id')
      .anyOf([...rank.keys()])
      .toArray()
  )
    .sort(
      (a, b) =>
        (rank.get(a.report_id) ?? 0) - (rank.get(b.report_id) ?? 0) ||
        Number(a.kind !== 'before') - Number(b.kind !== 'before') ||
        a.position - b.position,
    )
    .slice(0, limit);
  const held = await db.photos.bulkGet(photos.map((photo) => photo.id));
  const missing = photos.filter((_, index) => held[index] === undefined);
  for (const photo of missing) {
    try {
      const record = await fetchedRecord(api, photo, userId, now());
      if (record === null) {
        result.skipped += 1;
        continue;
      }
      // Only while the job still holds it: a pull or a release may have run meanwhile.
      const stored = await db.transaction('rw', db.photos, db.report_photos, async () => {
        if ((await db.report_photos.get(photo.id)) === undefined) return false;
        if ((await db.photos.get(photo.id)) !== undefined) return false;
        await db.photos.add(record);
        return true;
      });
      if (stored) result.fetched += 1;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
        result.skipped += 1;
        continue;
      }
      // Offline, a server error, a session refused, or the device full: the rest would fail
      // the same way. Not the cycle's failure: what the user did went out before this.
      result.stoppedBy = err instanceof Error ? err : new Error(String(err));
      if (isQuotaExceeded(err)) console.warn('Penyimpanan penuh: foto tugas tidak disimpan');
      break;
    }
  }
  return result;
}

async function fetchedRecord(
  api: Pick<ApiClient, 'getPhoto'>,
  photo: ReportPhoto,
  userId: string,
  at: Date,
): Promise<PhotoRecord | null> {
  const { bytes } = await api.getPhoto(photo.id);
  const type = sniffImageType(new Uint8Array(bytes));
  if (type === null || (await sha256Hex(bytes)) !== photo.sha256) return null;
  return {
    id: photo.id,
    user_id: userId,
    bytes,
    mime_type: type,
    sha256: photo.sha256,
    size_bytes: bytes.byteLength,
    captured_at: photo.captured_at ?? null,
    uploaded: 1,
    upload_error: null,
    created_at: at.toISOString(),
  };
}
