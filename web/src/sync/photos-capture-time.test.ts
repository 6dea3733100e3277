import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { jpegWithCaptureTime } from '../test/exif-fixture.js';
import { readCaptureTime } from './capture-time.js';
import { savePhoto } from './photos.js';
import { jpegBytes, openTestDatabase } from '../test/sync-fixtures.js';

let db: UrsDatabase;
afterEach(() => db.close());

describe('savePhoto and the capture time', () => {
  it('reads the capture time from the original even though compression drops the EXIF', async () => {
    db = openTestDatabase();
    const original = jpegWithCaptureTime(jpegBytes(3, 400), '2026:11:20 07:45:10', '+07:00');
    // A stand-in for the canvas re-encode: new bytes, no metadata.
    const stripExif = () => Promise.resolve(new Blob([jpegBytes(5, 200)], { type: 'image/jpeg' }));
    const saved = await savePhoto(db, newId(), original, 'image/jpeg', { compress: stripExif });
    expect(saved.size_bytes).toBe(200);
    expect(await readCaptureTime(saved.bytes)).toBeNull();
    expect(saved.captured_at).toBe('2026-11-20T07:45:10+07:00');
    expect((await db.photos.get(saved.id))?.captured_at).toBe('2026-11-20T07:45:10+07:00');
  });

  it('stores null for a photo without EXIF, and still stores the photo', async () => {
    db = openTestDatabase();
    const saved = await savePhoto(db, newId(), jpegBytes(4, 300), 'image/jpeg', { compress: null });
    expect(saved.captured_at).toBeNull();
    expect(await db.photos.get(saved.id)).toMatchObject({ size_bytes: 300, captured_at: null });
  });
});
