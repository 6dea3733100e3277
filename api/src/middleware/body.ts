import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_MESSAGES } from '@urs/sync-protocol';
import { HttpError } from '../lib/http-error.js';

export const KB = 1024;
export const MB = 1024 * KB;

/**
 * A per-route ceiling on the request body; past it the answer is 413 (with the route's own
 * message, e.g. the spec's image limit) before anything is read.
 */
export function limitBody(
  maxBytes: number,
  message: string = ERROR_MESSAGES.tooLarge,
): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, message);
    },
  });
}

/** The JSON body, or a 400 that says so; never a parser stack trace. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'Kirim data sebagai application/json.');
  }
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'Body bukan JSON yang valid.');
  }
}
