import { MAX_IMAGE_BYTES, newId, type AllowedImageType, type CapturedAt } from '@urs/sync-protocol';
import type { PhotoRecord, UrsDatabase } from '../db/database.js';
import { ApiError, type ApiClient } from '../lib/api-client.js';
import { lazyModule } from '../lib/lazy-module.js';
import { PhotoError, withStorageGuard } from './errors.js';
import { defaultCompressor, type ImageCompressor } from './photo-compress.js';

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

/** What the bytes are, by their magic numbers; the file name and the browser's type can lie. */
export function sniffImageType(bytes: Uint8Array): AllowedImageType | null {
  const startsWith = (sig: readonly number[], offset = 0) =>
    bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) {
    // crypto.subtle exists only in secure contexts (HTTPS or localhost).
    throw new PhotoError('unavailable');
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

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
