import { offThread } from '../lib/off-thread.js';
import { asFile, COMPRESSION_OPTIONS, type CompressOutcome } from './photo-compress-options.js';

export { COMPRESSION_OPTIONS } from './photo-compress-options.js';

/** Shrinks an image on the device before it is stored and uploaded. */
export type ImageCompressor = (image: Blob) => Promise<Blob>;

/** Compression needs a DOM canvas; in Node (tests) and old workers there is none. */
export function canCompressImages(): boolean {
  return typeof document !== 'undefined' && typeof document.createElement === 'function';
}

/** Compression on this thread, the library loaded on first use (only the photo forms need it). */
async function compressHere(image: Blob): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(asFile(image), COMPRESSION_OPTIONS);
}

/**
 * A compressor that works in `makeWorker`'s worker when there is one, and on this thread when
 * there is not, once the worker fails, and from the first image the worker could not compress:
 * a worker that cannot draw (Safari's library path needs the page's `Image`) would otherwise
 * read every photo for nothing before this thread did the work again.
 */
export function createImageCompressor(
  makeWorker: (() => Worker) | null,
  here: ImageCompressor = compressHere,
): ImageCompressor {
  const thread = offThread<Blob, CompressOutcome>(makeWorker, async (image) => ({
    ok: true,
    image: await here(image),
  }));
  return async (image) => {
    const outcome = await thread.run(image);
    if (outcome.ok) return outcome.image;
    thread.stop();
    return here(image);
  };
}

/**
 * The app's compressor: in a module worker where workers can draw (OffscreenCanvas), so a photo
 * being prepared does not hold up the screen or a sync running beside it; else on this thread.
 */
export const compressImage: ImageCompressor = createImageCompressor(
  typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
    ? () => new Worker(new URL('./photo-compress.worker.ts', import.meta.url), { type: 'module' })
    : null,
);

/** The compressor for this environment, or null to store the bytes as they are. */
export function defaultCompressor(): ImageCompressor | null {
  return canCompressImages() ? compressImage : null;
}
