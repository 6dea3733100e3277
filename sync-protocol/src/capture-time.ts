import { z } from './zod.js';
import { code } from './error-codes.js';

/**
 * When a photo was taken, as its camera recorded it (EXIF `DateTimeOriginal`, with
 * `OffsetTimeOriginal` where the camera wrote one): `YYYY-MM-DDTHH:mm:ss` on the camera's wall
 * clock, followed by `±HH:MM` only when the offset is known. Without an offset the moment is not
 * known in UTC, so it is never given one: guessing the device's zone would put a wrong instant on
 * a record that is proof of work. null means the file carried no capture time.
 */
export const capturedAtSchema = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d([+-](0\d|1[0-4]):[0-5]\d)?$/,
    code('captured_at_invalid'),
  );
export type CapturedAt = z.infer<typeof capturedAtSchema>;

export interface CaptureParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC, or null when the camera did not record its offset. */
  offsetMinutes: number | null;
}

/** The wall-clock fields and offset of a capture time; null for anything not in the format. */
export function captureParts(value: string): CaptureParts | null {
  if (!capturedAtSchema.safeParse(value).success) return null;
  const [date = '', rest = ''] = value.split('T');
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const clock = rest.slice(0, 8);
  const [hour = 0, minute = 0, second = 0] = clock.split(':').map(Number);
  const offset = rest.slice(8);
  let offsetMinutes: number | null = null;
  if (offset !== '') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const [h = 0, m = 0] = offset.slice(1).split(':').map(Number);
    offsetMinutes = sign * (h * 60 + m);
  }
  return { year, month, day, hour, minute, second, offsetMinutes };
}

/** Milliseconds of the wall clock read as if it were UTC: comparable between wall times only. */
function wallMs(p: CaptureParts): number {
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/**
 * Whether capture time `a` is later than `b`. Two times with offsets compare as instants; when
 * either lacks one, their wall clocks are compared, since both photos of one job come from the
 * same phone in the same place. Unknown or malformed times never count as later.
 */
export function capturedLater(a: string | null | undefined, b: string | null | undefined): boolean {
  const pa = typeof a === 'string' ? captureParts(a) : null;
  const pb = typeof b === 'string' ? captureParts(b) : null;
  if (pa === null || pb === null) return false;
  if (pa.offsetMinutes !== null && pb.offsetMinutes !== null) {
    return wallMs(pa) - pa.offsetMinutes * 60_000 > wallMs(pb) - pb.offsetMinutes * 60_000;
  }
  return wallMs(pa) > wallMs(pb);
}

interface TimedPhoto {
  kind: 'before' | 'after';
  captured_at?: string | null | undefined;
}

/**
 * The before photos taken later than at least one after photo of the same report: the order
 * a reporter should look at again before filing (a warning, never a refusal, since a wrong
 * camera clock is common and the photos may still be right).
 */
export function beforePhotosTakenAfterAfter<P extends TimedPhoto>(photos: readonly P[]): P[] {
  const after = photos.filter((photo) => photo.kind === 'after');
  return photos.filter(
    (photo) =>
      photo.kind === 'before' &&
      after.some((other) => capturedLater(photo.captured_at, other.captured_at)),
  );
}
