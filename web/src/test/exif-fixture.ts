/**
 * Puts an EXIF block with a known `DateTimeOriginal` (and, when given, `OffsetTimeOriginal`)
 * into a JPEG, right after its start-of-image marker, so tests can feed the app a photo whose
 * capture time they know. Only the two tags the app reads are written: a little-endian TIFF
 * header, IFD0 with one pointer to the Exif IFD, and the Exif IFD's ASCII values.
 */
export function jpegWithCaptureTime(
  jpeg: Uint8Array,
  dateTimeOriginal: string,
  offsetTimeOriginal?: string,
): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const ascii = (text: string) => [...new TextEncoder().encode(text), 0];
  const values = [
    { tag: 0x9003, bytes: ascii(dateTimeOriginal) },
    ...(offsetTimeOriginal === undefined
      ? []
      : [{ tag: 0x9011, bytes: ascii(offsetTimeOriginal) }]),
  ];
  const exifIfd = 8 + 18; // header, then IFD0 (count, one entry, next-IFD offset)
  let dataAt = exifIfd + 2 + values.length * 12 + 4;
  const tiff: number[] = [];
  const u16 = (n: number) => tiff.push(n & 0xff, (n >> 8) & 0xff);
  const u32 = (n: number) => tiff.push(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
  tiff.push(0x49, 0x49);
  u16(42);
  u32(8);
  u16(1);
  u16(0x8769);
  u16(4);
  u32(1);
  u32(exifIfd);
  u32(0);
  u16(values.length);
  for (const value of values) {
    u16(value.tag);
    u16(2);
    u32(value.bytes.length);
    if (value.bytes.length <= 4) {
      tiff.push(...value.bytes, ...new Array<number>(4 - value.bytes.length).fill(0));
    } else {
      u32(dataAt);
      dataAt += value.bytes.length;
    }
  }
  u32(0);
  for (const value of values) if (value.bytes.length > 4) tiff.push(...value.bytes);

  const body = [...new TextEncoder().encode('Exif'), 0, 0, ...tiff];
  const length = body.length + 2;
  const segment = [0xff, 0xe1, length >> 8, length & 0xff, ...body];
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}
