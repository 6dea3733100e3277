import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { reason, type ErrorReason } from '@urs/sync-protocol';
import { HttpError } from '../lib/http-error.js';

export const KB = 1024;
export const MB = 1024 * KB;

/**
 * A per-route ceiling on the request body; past it the answer is 413 (with the route's own
 * reason, e.g. the spec's image limit) before anything is read.
 *
 * A request that declares its length (as every device's fetch of a JSON body or a photo does)
 * is judged on that header alone, as hono's bodyLimit judges it, but without asking for
 * `c.req.raw.body` first: on @hono/node-server that one property turns its lightweight request
 * into a full web Request whose body is Node's stream wrapped in a web stream, and the body is
 * then read through that instead of straight from Node's request (about a tenth of a push's
 * server time). Node's HTTP parser holds a declared length to the bytes that follow, so the
 * header is as good a bound as counting. A chunked body, or one with no declared length, is
 * counted as it streams by hono's bodyLimit.
 */
export function limitBody(
  maxBytes: number,
  why: ErrorReason = reason('too_large'),
): MiddlewareHandler {
  const tooLarge = (): never => {
    throw new HttpError(413, why);
  };
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    const declared = declaredLength(c);
    if (declared === undefined) return counted(c, next);
    return declared > maxBytes ? tooLarge() : next();
  };
}

/** The body's length from Content-Length, when that alone decides (no Transfer-Encoding). */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return parseInt(length, 10);
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
