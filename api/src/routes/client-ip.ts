import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address throttling counts by (sign-in and the public poster form). Behind the one trusted
 * proxy (TRUST_PROXY), it is the last entry of X-Forwarded-For: the one that proxy appended
 * (nginx's `$proxy_add_x_forwarded_for`). Earlier entries are whatever the client sent: taken from
 * there, a guesser could name a fresh address for every guess, or the victim's to lock them out.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded !== undefined && forwarded !== '') return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}
