import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { reason, type ErrorReason } from '@urs/sync-protocol';
import { HttpError } from '../lib/http-error.js';

export const KB = 1024;
export const MB = 1024 * KB;

/**
 * A per-route ceiling on the request body; past it the answer is 413 (with the route's own
 * reason, e.g. the spec's image limit) before anything is read.
 */
export function limitBody(
  maxBytes: number,
  why: ErrorReason = reason('too_large'),
): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, why);
    },
  });
}

/** The JSON body, or a 400 that says so; never a parser stack trace. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, reason('json_required'));
  }
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, reason('json_invalid'));
  }
}
