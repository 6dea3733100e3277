import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@urs/sync-protocol';
import { PosterPhotoError, preparePosterPhoto } from './poster-photo.js';

const jpeg = (size: number, fill = 1) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Blob([bytes], { type: '' });
};
const webp = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
  return new Blob([bytes]);
};

async function refusal(file: Blob): Promise<string> {
  try {
    await preparePosterPhoto(file, null);
  } catch (err) {
    if (err instanceof PosterPhotoError) return err.code;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe("the poster form's photo", () => {
  it('refuses what every upload refuses: over 10 MB as picked, or not an image by its bytes', async () => {
    expect(await refusal(jpeg(MAX_IMAGE_BYTES + 1))).toBe('image_too_large');
    expect(await refusal(new Blob(['bukan gambar'], { type: 'image/jpeg' }))).toBe(
      'image_type_unsupported',
    );
  });

  it('sends the smaller image the compressor makes, typed by its bytes', async () => {
    const photo = await preparePosterPhoto(jpeg(50_000), () => Promise.resolve(webp(3_000)));
    expect(photo.size).toBe(3_000);
    expect(photo.type).toBe('image/webp');
  });

  it('keeps the original, typed by its bytes, when compression fails or gives no image', async () => {
    const original = jpeg(20_000, 9);
    const broken = await preparePosterPhoto(original, () => Promise.reject(new Error('canvas')));
    const garbage = await preparePosterPhoto(original, () => Promise.resolve(new Blob(['x'])));
    for (const photo of [broken, garbage]) {
      expect(photo.type).toBe('image/jpeg');
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(
        new Uint8Array(await original.arrayBuffer()),
      );
    }
    expect((await preparePosterPhoto(original, null)).size).toBe(20_000);
  });
});
