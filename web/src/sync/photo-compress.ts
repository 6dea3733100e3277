import type { Options } from 'browser-image-compression';

/** Shrinks an image on the device before it is stored and uploaded. */
export type ImageCompressor = (image: Blob) => Promise<Blob>;

/**
 * A 12 MP phone photo lands at a few hundred KB: long edge 1920 px, JPEG/WEBP quality 0.8, and
 * further passes only if the result is still over 1 MB.
 *
 * - `preserveExif: false`: the canvas re-encode drops EXIF, including GPS. Orientation is not
 *   lost with it: the library reads the EXIF orientation and draws the pixels upright (or lets
 *   a browser that already auto-orients do so) before encoding.
 * - `useWebWorker: false`: the worker path runs a `blob:` worker that imports the library from
 *   a CDN; our CSP (`worker-src 'self'`, `connect-src 'self'`) forbids both, and the app must
 *   work offline anyway. The library would fall back to the main thread after that failure;
 *   we go there directly.
 */
export const COMPRESSION_OPTIONS = {
  maxWidthOrHeight: 1920,
  initialQuality: 0.8,
  maxSizeMB: 1,
  useWebWorker: false,
  preserveExif: false,
} satisfies Options;

/** Compression needs a DOM canvas; in Node (tests) and old workers there is none. */
export function canCompressImages(): boolean {
  return typeof document !== 'undefined' && typeof document.createElement === 'function';
}

export async function compressImage(image: Blob): Promise<Blob> {
  // Loaded on first use: the library is large and only the photo forms need it.
  const { default: imageCompression } = await import('browser-image-compression');
  const file = image instanceof File ? image : new File([image], 'photo', { type: image.type });
  return imageCompression(file, COMPRESSION_OPTIONS);
}

/** The compressor for this environment, or null to store the bytes as they are. */
export function defaultCompressor(): ImageCompressor | null {
  return canCompressImages() ? compressImage : null;
}
