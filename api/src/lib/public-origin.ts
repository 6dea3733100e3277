import type { Context } from 'hono';

/** A host name or address, with a port or without: nothing that would change the path. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The last entry of a list header (`a, b`): the one the proxy in front of us wrote. */
function lastEntry(value: string | undefined): string | undefined {
  return value?.split(',').at(-1)?.trim();
}

/**
 * The origin the browser asked for. Behind the one trusted proxy (TRUST_PROXY) that is the
 * scheme and host the proxy forwards (the last entry of each, as for X-Forwarded-For), not
 * the plain-HTTP hop from the proxy to us, whose Host may be an upstream name. Without
 * TRUST_PROXY the headers are anyone's and are ignored. Where the proxy passes on a value the
 * client sent (it does not set the header itself), that changes only that client's own answer:
 * a browser sends no such header for a page, and CORS keeps other origins' scripts out.
 */
export function publicOrigin(c: Context, trustProxy: boolean): URL {
  const own = new URL(c.req.url);
  if (!trustProxy) return new URL(own.origin);
  const proto = lastEntry(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = lastEntry(c.req.header('x-forwarded-host'));
  const scheme = proto === 'http' || proto === 'https' ? `${proto}:` : own.protocol;
  return new URL(`${scheme}//${host !== undefined && HOST.test(host) ? host : own.host}`);
}
