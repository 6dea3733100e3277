import { MAX_IMAGE_BYTES, newId, type CapturedAt } from '@urs/sync-protocol';
import type { PhotoRecord, UrsDatabase } from '../db/database.js';
import { lazyModule } from '../lib/lazy-module.js';
import { PhotoError, withStorageGuard } from './errors.js';
import { defaultCompressor, type ImageCompressor } from './photo-compress.js';
import { sniffImageType } from '../lib/image-type.js';
import { sha256Hex } from './sha256.js';

/**
 * readCaptureTime, loaded with the first photo: its module builds the contract's capture-time
 * schema, which the shell's start would otherwise pay for. A chunk that fails to load leaves the
 * capture time unknown, as a file without one does; the photo is saved all the same.
 */
const captureTime = lazyModule(() => import('./capture-time.js'));

async function captureTimeOf(original: ArrayBuffer): Promise<CapturedAt | null> {
  let module: Awaited<ReturnType<typeof captureTime.load>>;
  try {
    module = await captureTime.load();
  } catch {
    return null;
  }
  return module.readCaptureTime(original);
}

export interface SavePhotoOptions {
  /** The photo id (the UUID later named by `photo.attach`); a new UUIDv7 by default. */
  id?: string;
  /** null stores the bytes as they are; the default compresses when a DOM canvas exists. */
  compress?: ImageCompressor | null;
  now?: () => Date;
}

export { sniffImageType, sha256Hex };

/**
 * Checks, compresses and stores a photo on the device so the form can reference it offline;
 * the sync engine uploads it later, before any mutation that names it.
 *
 * The limits are the spec's: JPG, PNG or WEBP, at most 10 MB as chosen by the user. The type
 * is judged by the bytes, as the server judges it; `_type` (File.type) is only the browser's
 * claim, and some pickers send '' or 'image/jpg' for a real JPEG.
 */
export async function savePhoto(
  db: UrsDatabase,
  userId: string,
  input: Blob | ArrayBuffer | Uint8Array,
  _type?: string,
  options: SavePhotoOptions = {},
): Promise<PhotoRecord> {
  const original = await toArrayBuffer(input);
  if (original.byteLength > MAX_IMAGE_BYTES) {
    throw new PhotoError('too_large');
  }
  const sniffed = sniffImageType(new Uint8Array(original));
  if (sniffed === null) {
    throw new PhotoError('unsupported_type');
  }

  // Before compression: the canvas re-encode drops the EXIF that holds it.
  const capturedAt = await captureTimeOf(original);
  const compress = options.compress === undefined ? defaultCompressor() : options.compress;
  let bytes = original;
  let mimeType = sniffed;
  if (compress !== null) {
    const compressed = await compress(new Blob([original], { type: sniffed }));
    const out = await compressed.arrayBuffer();
    const outType = sniffImageType(new Uint8Array(out));
    // A canvas that produced something unexpected keeps the original rather than losing it.
    if (outType !== null && out.byteLength <= MAX_IMAGE_BYTES) {
      bytes = out;
      mimeType = outType;
    }
  }

  const record: PhotoRecord = {
    id: options.id ?? newId(),
    user_id: userId,
    bytes,
    mime_type: mimeType,
    sha256: await sha256Hex(bytes),
    size_bytes: bytes.byteLength,
    captured_at: capturedAt,
    uploaded: 0,
    upload_error: null,
    created_at: (options.now ?? (() => new Date()))().toISOString(),
  };
  await withStorageGuard(() => db.photos.add(record));
  return record;
}

/**
 * Deletes a form's photo that nothing needs: not on a report on this device (its row is written
 * when its photo.attach is queued) and named by no outbox entry (a refused one kept for a
 * resend included). A form cancelled or a photo taken out of it frees the space, but a draft
 * restored after its report was saved (or open in a second tab) holds photos that are queued
 * for upload; deleting their bytes would lose them before they reach the server.
 */
export async function discardUnusedPhoto(db: UrsDatabase, photoId: string): Promise<void> {
  await db.transaction('rw', db.photos, db.report_photos, db.outbox, async () => {
    if ((await db.report_photos.get(photoId)) !== undefined) return;
    const named = await db.outbox.filter((entry) => entry.photo_ids.includes(photoId)).count();
    if (named === 0) await db.photos.delete(photoId);
  });
}

async function toArrayBuffer(input: Blob | ArrayBuffer | Uint8Array): Promise<ArrayBuffer> {
  if (input instanceof ArrayBuffer) return input;
  if (input instanceof Uint8Array) {
    // Copy: the view may cover part of a larger buffer, and IndexedDB stores whole buffers.
    const copy = new Uint8Array(input.byteLength);
    copy.set(input);
    return copy.buffer;
  }
  return input.arrayBuffer();
}
