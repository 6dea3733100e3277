import type { AllowedImageType } from '@urs/sync-protocol';

/**
 * The image type by its magic bytes, never by the name or the declared type:
 * JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WEBP "RIFF"....“WEBP”.
 */
export function sniffImageType(bytes: Uint8Array): AllowedImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
