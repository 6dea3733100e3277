import type { Options } from 'browser-image-compression';

/**
 * A 12 MP phone photo lands at a few hundred KB: long edge 1920 px, JPEG/WEBP quality 0.8, and
 * further passes only if the result is still over 1 MB.
 *
 * - `preserveExif: false`: the canvas re-encode drops EXIF, including GPS. Orientation is not
 *   lost with it: the library reads the EXIF orientation and draws the pixels upright (or lets
 *   a browser that already auto-orients do so) before encoding.
 * - `useWebWorker: false`: the library's own worker is a `blob:` worker that imports the library
 *   from a CDN; our CSP (`worker-src 'self'`, `connect-src 'self'`) forbids both, and the app
 *   must work offline anyway. The app runs the library in a worker of its own instead
 *   (photo-compress.worker.ts), where it draws on an OffscreenCanvas.
 */
export const COMPRESSION_OPTIONS = {
  maxWidthOrHeight: 1920,
  initialQuality: 0.8,
  maxSizeMB: 1,
  useWebWorker: false,
  preserveExif: false,
} satisfies Options;

/** The worker's answer: the smaller image, or word that this thread should try. */
export type CompressOutcome = { ok: true; image: Blob } | { ok: false };

/** The library takes a File; a Blob from elsewhere (a test, a canvas) gets a name. */
export function asFile(image: Blob): File {
  return image instanceof File ? image : new File([image], 'photo', { type: image.type });
}
