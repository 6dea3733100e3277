import type { Context } from 'hono';
import { type ErrorReason } from '@urs/sync-protocol';
import { notFound } from '../../lib/http-error.js';
import type { PhotoStore } from '../../storage/photo-store.js';
import { peekImageType } from '../../storage/peek-image-type.js';

export interface PhotoAnswer {
  sha256: string;
  /** From the database when it knows it; otherwise sniffed from the first bytes. */
  mimeType?: string;
  /**
   * The size recorded when the bytes were uploaded, where the database knows it: stored bytes
   * of another size are damaged (a write cut short) and are answered as missing, never served
   * and cached for good under the hash.
   */
  sizeBytes?: number | undefined;
  /** `private` for photos behind a guard, `public` where the hash itself is the capability. */
  cacheScope: 'private' | 'public';
  missing: ErrorReason;
}

/**
 * Answers with photo bytes streamed from the store as they arrive, never held whole in memory.
 * A hash always names the same bytes, so the ETag is the hash and a device may keep the copy
 * for good; a device that already has it gets 304 without the store being asked.
 */
export async function streamPhoto(
  c: Context,
  photos: PhotoStore,
  answer: PhotoAnswer,
): Promise<Response> {
  const etag = `"${answer.sha256}"`;
  // Set only on a success: an error answer must not be cached for a year.
  const cacheable = () => {
    c.header('Cache-Control', `${answer.cacheScope}, max-age=31536000, immutable`);
    c.header('ETag', etag);
  };
  const known = c.req.header('if-none-match');
  if (
    known !== undefined &&
    known.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === etag)
  ) {
    cacheable();
    return c.body(null, 304);
  }
  const stored = await photos.open(answer.sha256);
  if (stored === null) throw notFound(answer.missing);
  let { body } = stored;
  if (answer.sizeBytes !== undefined && stored.sizeBytes !== answer.sizeBytes) {
    await body.cancel();
    console.error(
      `[api] photo ${answer.sha256} holds ${stored.sizeBytes} bytes in the store, ${answer.sizeBytes} recorded: answered as missing`,
    );
    throw notFound(answer.missing);
  }
  let mimeType = answer.mimeType;
  if (mimeType === undefined) {
    const peeked = await peekImageType(body);
    body = peeked.body;
    if (peeked.mimeType === null) {
      await body.cancel();
      throw notFound(answer.missing);
    }
    mimeType = peeked.mimeType;
  }
  cacheable();
  c.header('Content-Type', mimeType);
  c.header('Content-Length', String(stored.sizeBytes));
  if (c.req.method === 'HEAD') {
    // Hono answers HEAD from this GET handler and drops the body unread: release the file or
    // the store's connection now rather than when the stream is collected.
    await body.cancel();
    return c.body(null);
  }
  return c.body(body);
}
