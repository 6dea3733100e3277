import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { NetworkError, type ApiClient, type PhotoUpload } from '../client/api-client.js';
import { releaseUploadedPhotos, uploadPendingPhotos, uploadTimeoutMs } from './photo-upload.js';
import { savePhoto } from './photos.js';
import {
  FIXED_NOW,
  jpegBytes,
  openTestDatabase,
  photoRow,
  refusedPhotoAttach,
} from '../test/sync-fixtures.js';

let db: UrsDatabase;
afterEach(() => db.close());

describe('uploading the photos the server does not have yet', () => {
  it('gives each upload the time its size needs at the slowest uplink', async () => {
    db = openTestDatabase();
    const userId = newId();
    const photo = await savePhoto(db, userId, jpegBytes(7), 'image/jpeg', { compress: null });
    const asked: [string, number | undefined][] = [];
    const api = {
      putPhoto: (sent: PhotoUpload, timeoutMs?: number) => {
        asked.push([sent.id, timeoutMs]);
        return Promise.resolve({
          id: sent.id,
          sha256: sent.sha256,
          mime_type: sent.mime_type,
          size_bytes: sent.bytes.byteLength,
        });
      },
    } as unknown as ApiClient;

    expect(await uploadPendingPhotos(db, api, userId)).toMatchObject({ uploaded: 1, failed: 0 });
    expect(asked).toEqual([[photo.id, uploadTimeoutMs(photo.size_bytes)]]);
    expect(uploadTimeoutMs(photo.size_bytes)).toBeGreaterThan(30_000);
    expect((await db.photos.get(photo.id))?.uploaded).toBe(1);
  });

  it('goes on with smaller photos after one timed out on a weak signal', async () => {
    db = openTestDatabase();
    const userId = newId();
    const save = (seed: number, size: number) =>
      savePhoto(db, userId, jpegBytes(seed, size), 'image/jpeg', { compress: null });
    const large = await save(8, 4_000);
    const larger = await save(9, 5_000);
    const small = await save(10, 1_000);
    const tried: string[] = [];
    const api = {
      putPhoto: (sent: PhotoUpload) => {
        tried.push(sent.id);
        if (sent.bytes.byteLength > 2_000) {
          return Promise.reject(new NetworkError(new DOMException('timed out', 'TimeoutError')));
        }
        const { id, sha256, mime_type } = sent;
        return Promise.resolve({ id, sha256, mime_type, size_bytes: sent.bytes.byteLength });
      },
    } as unknown as ApiClient;

    const summary = await uploadPendingPhotos(db, api, userId);
    // Before, the first timeout ended the loop, and the small photo waited behind it for good.
    expect(summary).toMatchObject({ uploaded: 1, failed: 0 });
    expect(summary.transientError).toBeInstanceOf(NetworkError);
    expect(tried).toEqual([large.id, small.id]);
    expect((await db.photos.get(small.id))?.uploaded).toBe(1);
    expect((await db.photos.get(larger.id))?.uploaded).toBe(0);
  });

  it('stops at a second timeout: on a link that is down each photo would wait its own', async () => {
    db = openTestDatabase();
    const userId = newId();
    for (const [seed, size] of [
      [11, 4_000],
      [12, 3_000],
      [13, 1_000],
    ] as const) {
      await savePhoto(db, userId, jpegBytes(seed, size), 'image/jpeg', { compress: null });
    }
    let tried = 0;
    const api = {
      putPhoto: () => {
        tried += 1;
        return Promise.reject(new NetworkError(new DOMException('timed out', 'TimeoutError')));
      },
    } as unknown as ApiClient;
    const summary = await uploadPendingPhotos(db, api, userId);
    expect(summary.transientError).toBeInstanceOf(NetworkError);
    expect(tried).toBe(2);
  });

  it("never waits for an upload past the server's own five minutes", () => {
    expect(uploadTimeoutMs(1024 * 1024)).toBe(30_000 + 256_000);
    expect(uploadTimeoutMs(10 * 1024 * 1024)).toBe(300_000);
    expect(uploadTimeoutMs(0)).toBe(30_000);
  });
});

describe('the bytes of photos the server has', () => {
  it('are freed oldest first past the ones kept, unless an entry still names them', async () => {
    db = openTestDatabase();
    const userId = 'u';
    const reportId = newId();
    const photos = [];
    for (let seed = 40; seed < 44; seed += 1) {
      const photo = await savePhoto(db, userId, jpegBytes(seed), 'image/jpeg', { compress: null });
      await db.photos.update(photo.id, { uploaded: 1 });
      await db.report_photos.put(photoRow(reportId, FIXED_NOW, { id: photo.id }));
      photos.push(photo.id);
    }
    const [oldest = '', named = '', third = '', newest = ''] = photos;
    // The second's attach was refused and is kept for a resend: its bytes stay with it.
    await db.outbox.add({ ...refusedPhotoAttach(named, reportId), photo_ids: [named] });
    // One not uploaded yet, on no report: never a candidate.
    const waiting = await savePhoto(db, userId, jpegBytes(44), 'image/jpeg', { compress: null });

    expect(await releaseUploadedPhotos(db, userId, 1)).toBe(2);
    const left = await db.photos.toCollection().primaryKeys();
    expect(left.sort()).toEqual([named, newest, waiting.id].sort());
    expect(left).not.toContain(oldest);
    expect(left).not.toContain(third);
    // Within what is kept, nothing moves.
    expect(await releaseUploadedPhotos(db, userId, 1)).toBe(0);
  });
});
