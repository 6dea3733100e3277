import { sniffImageType } from '../../../sync/index.js';
import { loadPhotoBytes } from '../data/photo-queries.js';
import type { SheetImage } from './sheet-model.js';

/**
 * PNG and WEBP photos become JPEG for the sheet, drawn on white (a PDF has no use for their
 * transparency, and jsPDF embeds a JPEG as it is, with no decoding of its own).
 */
async function asJpeg(bytes: ArrayBuffer, mime: string): Promise<Uint8Array> {
  if (sniffImageType(new Uint8Array(bytes)) === 'image/jpeg') return new Uint8Array(bytes);
  const bitmap = await createImageBitmap(new Blob([bytes], { type: mime }));
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', 0.9);
    });
    if (blob === null) throw new Error('The canvas made no JPEG');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    bitmap.close();
  }
}

/**
 * The photos' bytes for a sheet, by id: from the device, else the server or the service
 * worker's copy. A photo that cannot be had is null, and the sheet says so in its place.
 */
export async function loadSheetImages(
  photoIds: readonly string[],
): Promise<Map<string, SheetImage | null>> {
  const images = new Map<string, SheetImage | null>();
  for (const id of photoIds) {
    try {
      const { bytes, mime } = await loadPhotoBytes(id);
      images.set(id, { jpeg: await asJpeg(bytes, mime) });
    } catch {
      images.set(id, null);
    }
  }
  return images;
}
