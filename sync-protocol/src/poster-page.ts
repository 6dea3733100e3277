/*
 * Where an area's QR poster sends a phone (docs/decisions/029-public-problem-form.md). No zod
 * here: the web app's entry reads the prefix to leave the service worker out of the public page.
 */

/** The page a poster's QR code opens: `<origin>/lapor/<token>`. */
export const POSTER_PAGE_PREFIX = '/lapor/';

/** A poster token as the server issues it: 16 URL-safe characters, 96 random bits. */
export const POSTER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function posterPageUrl(origin: string, token: string): string {
  return `${origin}${POSTER_PAGE_PREFIX}${encodeURIComponent(token)}`;
}
