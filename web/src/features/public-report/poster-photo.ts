import { MAX_IMAGE_BYTES } from '@urs/sync-protocol';
import { sniffImageType } from '../../lib/image-type.js';
// Not through sync/index.ts, which would bring the sync engine and Dexie to a visitor's page.
import {
  canCompressImages,
  compressImage,
  type ImageCompressor,
} from '../../sync/photo-compress.js';

/** Why a picked file cannot be sent, by the contract's codes (the server refuses the same). */
export class PosterPhotoError extends Error {
  override readonly name = 'PosterPhotoError';

  constructor(readonly code: 'image_too_large' | 'image_type_unsupported') {
    super(code);
  }
}

async function typeOf(blob: Blob) {
  return sniffImageType(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
}

/**
 * The photo as the app prepares its own (sync/photos.ts savePhoto): at most 10 MB as picked, a
 * JPG, PNG or WEBP by its bytes, then made smaller on the phone (long edge 1920 px, about a few
 * hundred KB), which a school's mobile signal sends in seconds instead of minutes. A compression
 * that fails or gives something unexpected sends the original, which the server checks again.
 */
export async function preparePosterPhoto(
  file: Blob,
  compress: ImageCompressor | null = canCompressImages() ? compressImage : null,
): Promise<Blob> {
  if (file.size > MAX_IMAGE_BYTES) throw new PosterPhotoError('image_too_large');
  const type = await typeOf(file);
  if (type === null) throw new PosterPhotoError('image_type_unsupported');
  const original = new Blob([file], { type });
  if (compress === null) return original;
  try {
    const smaller = await compress(original);
    const smallerType = await typeOf(smaller);
    if (smallerType !== null && smaller.size <= MAX_IMAGE_BYTES) {
      return new Blob([smaller], { type: smallerType });
    }
  } catch {
    // The canvas could not decode it here; the server judges the original.
  }
  return original;
}
