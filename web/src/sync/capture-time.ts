import type { Tags } from 'exifreader';
import { capturedAtSchema, type CapturedAt } from '@urs/sync-protocol';

/**
 * When the photo in `original` was taken, from its EXIF `DateTimeOriginal` and, where the camera
 * wrote it, `OffsetTimeOriginal` (see sync-protocol capture-time.ts for the format); null when
 * the file says nothing usable.
 *
 * It must read the file as the user picked it: the compressor's canvas re-encode drops EXIF.
 * Only these two tags are parsed (`includeTags`), so nothing else in the metadata, GPS included,
 * is ever read: the app does not collect location. The reader is loaded on first use, with the
 * photo forms, never with the shell.
 */
export async function readCaptureTime(original: ArrayBuffer): Promise<CapturedAt | null> {
  let tags: Tags;
  try {
    const { load } = await import('exifreader');
    tags = load(original, {
      includeTags: { exif: ['DateTimeOriginal', 'OffsetTimeOriginal'] },
    });
  } catch {
    // No metadata at all (the reader throws MetadataMissingError), metadata it cannot parse, or
    // the reader's chunk failing to load: the photo itself is fine and must still be saved; only
    // its capture time is unknown.
    return null;
  }
  return captureTimeFromExif(
    firstString(tags.DateTimeOriginal?.value),
    firstString(tags.OffsetTimeOriginal?.value),
  );
}

/** EXIF ASCII tags come as a one-string array; the same names in XMP come as other shapes. */
function firstString(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * EXIF's `YYYY:MM:DD HH:MM:SS` (+ `±HH:MM`) as the contract's capture time. Cameras without a
 * clock write zeros or blanks, some add sub-seconds or padding; anything that is not a real
 * date and time gives null rather than a guess.
 */
export function captureTimeFromExif(
  dateTime: string | undefined,
  offset: string | undefined,
): CapturedAt | null {
  const match = /^\s*(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateTime ?? '');
  if (match === null) return null;
  const [, year, month, day, hour, minute, second] = match;
  const zone = /^\s*([+-]\d{2}:\d{2})\s*$/.exec(offset ?? '')?.[1] ?? '';
  const candidate = `${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`;
  if (!capturedAtSchema.safeParse(candidate).success) {
    // A valid wall clock with a malformed offset keeps the wall clock.
    const wall = candidate.slice(0, 19);
    return capturedAtSchema.safeParse(wall).success && isRealDate(wall) ? wall : null;
  }
  return isRealDate(candidate) ? candidate : null;
}

/** Rejects 31 February and the like, which the format alone lets through. */
function isRealDate(value: string): boolean {
  const [y = 0, m = 0, d = 0] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
