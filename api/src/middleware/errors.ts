import type { ErrorHandler, NotFoundHandler } from 'hono';
import { indonesianText, reason, type ApiErrorBody, type ErrorReason } from '@urs/sync-protocol';
import { HttpError } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { PhotoStoreUnavailableError } from '../storage/photo-store.js';

/**
 * Seconds a caller is asked to wait when the database cannot be reached: about what a
 * PostgreSQL restart takes, short enough that a device's retry finds it back soon.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Seconds a caller is asked to wait when the photo store cannot be reached. Its outages last
 * longer than a database restart (a network path, the store's own restart), and nothing else
 * waits on it: the device pushes its other work in the same cycle and keeps the photo queued,
 * so asking for half a minute spares the store's recovery a burst of retries every few
 * seconds, while a report saved meanwhile still leaves well within the phones' 60 s poll.
 */
export const PHOTO_STORE_RETRY_AFTER_SECONDS = 30;

/** The body of a refusal: its Indonesian text for old clients, its code for every client. */
export function errorBody(why: ErrorReason): ApiErrorBody {
  return {
    message: indonesianText(why),
    code: why.code,
    ...(why.params !== undefined && { params: why.params }),
  };
}

/** The whole body of an HttpError: its reason, and its fields' texts and reasons when it has them. */
export function httpErrorBody(err: HttpError): ApiErrorBody {
  const body = errorBody(err.reason);
  if (err.errors !== undefined) body.errors = err.errors;
  if (err.fields !== undefined) body.field_reasons = err.fields;
  return body;
}

/**
 * Every failure answers `{ message, code, params?, errors?, field_reasons? }`. Unknown errors
 * are logged with their stack on the server and answered with a generic reason: no stack trace
 * or SQL leaves the process.
 */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HttpError) {
    const body = httpErrorBody(err);
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json(body, err.status);
  }
  const request = `${c.req.method} ${new URL(c.req.url).pathname}`;
  // Its message names the store and what to fix; the SDK's stack would only bury that line.
  // A passing fault too: the device keeps the photo and retries after Retry-After.
  if (err instanceof PhotoStoreUnavailableError) {
    console.error(`[api] ${request} failed: ${err.message}`);
    c.header('Retry-After', String(PHOTO_STORE_RETRY_AFTER_SECONDS));
    return c.json(errorBody(reason('photo_store_unavailable')), 503);
  }
  // A passing fault, not a failed request: proxies and devices retry a 503 after Retry-After.
  if (isDatabaseUnavailable(err)) {
    console.error(`[api] ${request} failed: database unavailable: ${innermostMessage(err)}`);
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody(reason('database_unavailable')), 503);
  }
  console.error(`[api] ${request} failed:`, err);
  return c.json(errorBody(reason('server_error')), 500);
};

/** The driver's own words under drizzle's "Failed query: <the whole SQL>". */
function innermostMessage(err: Error): string {
  let e: unknown = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

export const onNotFound: NotFoundHandler = (c) => c.json(errorBody(reason('api_not_found')), 404);
