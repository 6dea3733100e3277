import type { AllowedImageType } from '@urs/sync-protocol';
import { sniffImageType } from '../lib/images.js';

/** Enough leading bytes for every magic number `sniffImageType` knows (WEBP needs 12). */
const MAGIC_BYTES = 12;

/**
 * The image type of a stream from its first bytes, and the same stream whole again: lets a
 * route that knows no type from the database name it without reading the rest into memory.
 */
export async function peekImageType(
  body: ReadableStream<Uint8Array>,
): Promise<{ mimeType: AllowedImageType | null; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < MAGIC_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    length += value.byteLength;
  }
  const first = Buffer.concat(head);
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.byteLength > 0) controller.enqueue(first);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { mimeType: sniffImageType(first), body: replay };
}
