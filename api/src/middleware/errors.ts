import type { ErrorHandler, NotFoundHandler } from 'hono';
import { ERROR_MESSAGES, type ApiErrorBody } from '@urs/sync-protocol';
import { HttpError } from '../lib/http-error.js';

/**
 * Every failure answers `{ message, errors? }`. Unknown errors are logged with their stack on
 * the server and answered with a generic message: no stack trace or SQL leaves the process.
 */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof HttpError) {
    const body: ApiErrorBody = { message: err.message };
    if (err.errors !== undefined) body.errors = err.errors;
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return c.json(body, err.status);
  }
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err);
  return c.json({ message: ERROR_MESSAGES.server } satisfies ApiErrorBody, 500);
};

export const onNotFound: NotFoundHandler = (c) =>
  c.json({ message: 'Alamat API tidak ditemukan.' } satisfies ApiErrorBody, 404);
