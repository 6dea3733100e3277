import type { AllowedImageType } from '@urs/sync-protocol';

/**
 * What the bytes are, by their magic numbers; the file name and the browser's type can lie.
 * JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WEBP "RIFF"...."WEBP", as the server judges them.
 */
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
