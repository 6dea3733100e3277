import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import type { ApiClient, PhotoUpload } from '../lib/api-client.js';
import { uploadPendingPhotos, uploadTimeoutMs } from './photo-upload.js';
import { savePhoto } from './photos.js';
import { jpegBytes, openTestDatabase } from './test-fixtures.js';

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

  it("never waits for an upload past the server's own five minutes", () => {
    expect(uploadTimeoutMs(1024 * 1024)).toBe(30_000 + 256_000);
    expect(uploadTimeoutMs(10 * 1024 * 1024)).toBe(300_000);
    expect(uploadTimeoutMs(0)).toBe(30_000);
  });
});
