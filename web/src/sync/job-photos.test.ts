import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type ReportStatus } from '@urs/sync-protocol';
import type { EntityRow, UrsDatabase } from '../db/database.js';
import { ApiError, NetworkError, type ApiClient, type BinaryAnswer } from '../client/api-client.js';
import { prefetchJobPhotos } from './job-photos.js';
import { releaseUploadedPhotos } from './photo-upload.js';
import { dropReportChildren } from './report-release.js';
import { sha256Hex } from './sha256.js';
import {
  FIXED_NOW,
  jpegBytes,
  openTestDatabase,
  photoRow,
  reportCreate,
  reportRow,
} from '../test/sync-fixtures.js';

/*
 * An assigned job is readable offline whole: its photos' bytes are fetched at sync time into
 * the device's photos table (on the app's Dexie schema over fake-indexeddb), checked against
 * the row's hash, kept while the job is open and this user's, and let go as decision 023 says
 * once it is not.
 */

let db: UrsDatabase;
const me = newId();
const admin = newId();

/** The server's photos by id; every GET is written down. */
let served: Map<string, Uint8Array<ArrayBuffer>>;
let asked: string[];
let failWith: Error | null;
const api: Pick<ApiClient, 'getPhoto'> = {
  getPhoto: (id: string): Promise<BinaryAnswer> => {
    asked.push(id);
    if (failWith !== null) return Promise.reject(failWith);
    const bytes = served.get(id);
    if (bytes === undefined)
      return Promise.reject(new ApiError(404, 'Foto tidak ditemukan.', null));
    return Promise.resolve({
      bytes: bytes.slice().buffer,
      mime_type: 'image/jpeg',
      disposition: null,
    });
  },
};

beforeEach(() => {
  db = openTestDatabase();
  served = new Map();
  asked = [];
  failWith = null;
});
afterEach(() => db.close());

async function job(
  assignee: string | null,
  overrides: Partial<EntityRow<'reports'>> = {},
): Promise<EntityRow<'reports'>> {
  const row = {
    ...reportRow(reportCreate(), admin, FIXED_NOW),
    assignee_id: assignee,
    ...overrides,
  };
  await db.reports.put(row);
  return row;
}

/** A photo of `reportId` on the server, its row pulled to the device, its bytes not. */
async function serverPhoto(
  reportId: string,
  seed: number,
  overrides: Partial<EntityRow<'report_photos'>> = {},
): Promise<EntityRow<'report_photos'>> {
  const bytes = jpegBytes(seed, 256);
  const row = photoRow(reportId, FIXED_NOW, {
    sha256: await sha256Hex(bytes.slice().buffer),
    size_bytes: bytes.byteLength,
    ...overrides,
  });
  served.set(row.id, bytes);
  await db.report_photos.put(row);
  return row;
}

const held = async () => new Set(await db.photos.toCollection().primaryKeys());

describe('the photos of a job assigned to me', () => {
  it('are fetched at sync time, checked by hash, and only for my open jobs', async () => {
    const mine = await job(me, { due_date: '2026-12-10' });
    const before = await serverPhoto(mine.id, 1);
    const after = await serverPhoto(mine.id, 2, { kind: 'after', position: 0 });
    const urgent = await job(me, { status: 'in_progress', due_date: '2026-12-01' });
    const urgentPhoto = await serverPhoto(urgent.id, 3);
    const done = await serverPhoto((await job(me, { status: 'completed' })).id, 4);
    const others = await serverPhoto((await job(admin)).id, 5);
    const queue = await serverPhoto((await job(null)).id, 6);

    const first = await prefetchJobPhotos(db, api, me);

    expect(first).toEqual({ fetched: 3, skipped: 0, stoppedBy: null });
    // The job due first, then before photos ahead of after ones.
    expect(asked).toEqual([urgentPhoto.id, before.id, after.id]);
    const stored = await db.photos.get(before.id);
    expect(stored).toMatchObject({ user_id: me, uploaded: 1, upload_error: null });
    expect(new Uint8Array(stored?.bytes ?? new ArrayBuffer(0))).toEqual(served.get(before.id));
    expect(stored?.sha256).toBe(before.sha256);
    for (const id of [done.id, others.id, queue.id]) expect(await held()).not.toContain(id);

    // Held now: the next sync asks for nothing.
    asked = [];
    expect(await prefetchJobPhotos(db, api, me)).toEqual({
      fetched: 0,
      skipped: 0,
      stoppedBy: null,
    });
    expect(asked).toEqual([]);
  });

  it('skips bytes that are not the photo and a photo the server refuses, and goes on', async () => {
    const mine = await job(me);
    const wrong = await serverPhoto(mine.id, 7);
    served.set(wrong.id, jpegBytes(99, 256));
    const gone = await serverPhoto(mine.id, 8, { position: 1 });
    served.delete(gone.id);
    const good = await serverPhoto(mine.id, 9, { position: 2 });

    expect(await prefetchJobPhotos(db, api, me)).toMatchObject({ fetched: 1, skipped: 2 });
    expect([...(await held())]).toEqual([good.id]);
  });

  it('stops without throwing when offline, and fetches at the next sync', async () => {
    const mine = await job(me);
    const photo = await serverPhoto(mine.id, 10);
    await serverPhoto(mine.id, 11, { position: 1 });
    failWith = new NetworkError(new TypeError('Failed to fetch'));

    const offline = await prefetchJobPhotos(db, api, me);
    expect(offline.fetched).toBe(0);
    expect(offline.stoppedBy).toBeInstanceOf(NetworkError);
    // One try, not one per photo: the rest would fail the same way.
    expect(asked).toEqual([photo.id]);

    failWith = null;
    expect((await prefetchJobPhotos(db, api, me)).fetched).toBe(2);
  });

  it('holds at most the limit, most pressing job first', async () => {
    const later = await job(me, { due_date: '2026-12-20' });
    const sooner = await job(me, { due_date: '2026-12-05', due_time: '09:00' });
    const laterPhoto = await serverPhoto(later.id, 12);
    const soonerPhotos = [
      await serverPhoto(sooner.id, 13),
      await serverPhoto(sooner.id, 14, { position: 1 }),
    ];

    expect((await prefetchJobPhotos(db, api, me, 2)).fetched).toBe(2);
    expect(await held()).toEqual(new Set(soonerPhotos.map((p) => p.id)));
    expect(await held()).not.toContain(laterPhoto.id);
  });
});

describe('keeping them (decision 023)', () => {
  async function fetchedJob(status: ReportStatus = 'pending') {
    const row = await job(me, { status });
    const photo = await serverPhoto(row.id, 20);
    await prefetchJobPhotos(db, api, me);
    expect(await held()).toContain(photo.id);
    return { row, photo };
  }

  it('are never freed while the job is open and mine, nor counted against my own', async () => {
    const { row, photo } = await fetchedJob();
    // Nothing of mine is kept (keep 0): the job's photo still stays.
    expect(await releaseUploadedPhotos(db, me, 0)).toBe(0);
    expect(await held()).toContain(photo.id);

    // Done: it is an uploaded photo on a report like any other, past the newest `keep`.
    await db.reports.update(row.id, { status: 'completed' });
    expect(await releaseUploadedPhotos(db, me, 0)).toBe(1);
    expect(await held()).not.toContain(photo.id);
  });

  it('leave with a job taken from me', async () => {
    const { row, photo } = await fetchedJob('in_progress');
    await db.transaction('rw', [db.report_photos, db.report_events, db.photos], () =>
      dropReportChildren(db, me, [row.id], new Set()),
    );
    expect(await held()).not.toContain(photo.id);
  });
});
