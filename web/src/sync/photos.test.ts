import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, newId } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { PhotoError, StorageFullError } from './errors.js';
import { savePhoto, sniffImageType } from './photos.js';
import { jpegBytes, openTestDatabase } from '../test/sync-fixtures.js';

let db: UrsDatabase;
const userId = newId();

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];

describe('sniffImageType', () => {
  it('knows JPG, PNG and WEBP by their magic bytes and nothing else', () => {
    expect(sniffImageType(jpegBytes(1))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([...PNG, 0]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([...WEBP, 0]))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('savePhoto', () => {
  afterEach(() => db.close());

  it('stores the bytes with their SHA-256, type and size, not yet uploaded', async () => {
    db = openTestDatabase();
    const bytes = jpegBytes(7, 300);
    const saved = await savePhoto(db, userId, bytes, 'image/jpeg', { compress: null });
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(saved).toMatchObject({
      user_id: userId,
      mime_type: 'image/jpeg',
      sha256: expected,
      size_bytes: 300,
      uploaded: 0,
      upload_error: null,
    });
    const stored = await db.photos.get(saved.id);
    expect(stored?.bytes).toBeInstanceOf(ArrayBuffer);
    expect(stored?.sha256).toBe(expected);
  });

  it('refuses a file that is not JPG, PNG or WEBP, whatever its declared type', async () => {
    db = openTestDatabase();
    const gif = new TextEncoder().encode('GIF89a not a photo');
    const error = await savePhoto(db, userId, gif, 'image/jpeg', { compress: null }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(PhotoError);
    expect(error).toMatchObject({
      problem: 'unsupported_type',
      message: 'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
    });
    expect(await db.photos.count()).toBe(0);
  });

  it('refuses a file over 10 MB with the spec message', async () => {
    db = openTestDatabase();
    const big = jpegBytes(1, MAX_IMAGE_BYTES + 1);
    const error = await savePhoto(db, userId, new Blob([big]), 'image/jpeg', {
      compress: null,
    }).catch((err: unknown) => err);
    expect(error).toMatchObject({
      problem: 'too_large',
      title: 'File terlalu besar',
      message: 'Ukuran gambar maksimal 10 MB.',
    });
    expect(await db.photos.count()).toBe(0);
  });

  it('stores what the compressor made, hashed as stored', async () => {
    db = openTestDatabase();
    const smaller = jpegBytes(9, 40);
    const saved = await savePhoto(db, userId, jpegBytes(8, 400), 'image/jpeg', {
      compress: (image) => {
        expect(image.type).toBe('image/jpeg');
        return Promise.resolve(new Blob([smaller], { type: 'image/jpeg' }));
      },
    });
    expect(saved.size_bytes).toBe(40);
    expect(saved.sha256).toBe(createHash('sha256').update(smaller).digest('hex'));
  });

  it('keeps the original when the compressor returns something that is not an image', async () => {
    db = openTestDatabase();
    const original = jpegBytes(10, 128);
    const saved = await savePhoto(db, userId, original, undefined, {
      compress: () => Promise.resolve(new Blob(['oops'])),
    });
    expect(saved.size_bytes).toBe(128);
  });

  it('copies a Uint8Array view instead of storing the whole underlying buffer', async () => {
    db = openTestDatabase();
    const backing = new Uint8Array(1000);
    backing.set(jpegBytes(11, 100), 200);
    const saved = await savePhoto(db, userId, backing.subarray(200, 300), undefined, {
      compress: null,
    });
    expect(saved.size_bytes).toBe(100);
  });

  // What Chromium (150) reported when the phone's disk itself was full, seen on a profile on an
  // 80 MB tmpfs filled to the last few KB: its quota was still 1 GB, so no QuotaExceededError.
  // The user saw the browser's English text under the photo field instead of the spec's message.
  it.each([
    ['DataError', 'Failed to write blobs (IOError)'],
    [
      'UnknownError',
      'Connection is closing because of: IO error: .../http_127.0.0.1_4661.indexeddb.leveldb/000003.log: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::WritableFileAppend::8)',
    ],
  ])('says the device storage is full when the disk is: %s', async (name, message) => {
    db = openTestDatabase();
    db.photos.hook('creating', () => {
      throw new DOMException(message, name);
    });
    const error = await savePhoto(db, userId, jpegBytes(3, 200), 'image/jpeg', {
      compress: null,
    }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StorageFullError);
    expect(error).toHaveProperty(
      'message',
      'Penyimpanan perangkat penuh. Hapus data lama atau foto, lalu coba lagi.',
    );
    expect(await db.photos.count()).toBe(0);
  });
});
