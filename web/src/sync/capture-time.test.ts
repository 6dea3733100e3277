import { describe, expect, it } from 'vitest';
import { jpegWithCaptureTime } from '../test/exif-fixture.js';
import { captureTimeFromExif, readCaptureTime } from './capture-time.js';

/** The smallest byte run that still starts and ends like a JPEG; enough for a metadata reader. */
const BARE_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]);
const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('reading a photo’s capture time', () => {
  it('reads DateTimeOriginal with its OffsetTimeOriginal from the original file', async () => {
    const photo = jpegWithCaptureTime(BARE_JPEG, '2026:11:20 08:15:30', '+07:00');
    expect(await readCaptureTime(buffer(photo))).toBe('2026-11-20T08:15:30+07:00');
  });

  it('keeps the wall clock without inventing an offset when the camera wrote none', async () => {
    const photo = jpegWithCaptureTime(BARE_JPEG, '2026:11:20 08:15:30');
    expect(await readCaptureTime(buffer(photo))).toBe('2026-11-20T08:15:30');
  });

  it('answers null for a file without metadata or with bytes it cannot read', async () => {
    expect(await readCaptureTime(buffer(BARE_JPEG))).toBeNull();
    expect(await readCaptureTime(buffer(new Uint8Array([1, 2, 3])))).toBeNull();
  });

  it('turns empty, zeroed or impossible camera dates into null, not a guess', () => {
    expect(captureTimeFromExif(undefined, undefined)).toBeNull();
    expect(captureTimeFromExif('0000:00:00 00:00:00', undefined)).toBeNull();
    expect(captureTimeFromExif('    :  :     :  :  ', undefined)).toBeNull();
    expect(captureTimeFromExif('2026:02:31 10:00:00', '+07:00')).toBeNull();
    expect(captureTimeFromExif('2026:11:20 25:00:00', undefined)).toBeNull();
  });

  it('keeps a good wall clock when only the offset is malformed', () => {
    expect(captureTimeFromExif('2026:11:20 08:15:30', '+7')).toBe('2026-11-20T08:15:30');
    expect(captureTimeFromExif('2026:11:20 08:15:30.123', ' -03:30 ')).toBe(
      '2026-11-20T08:15:30-03:30',
    );
  });
});
