import { PhotoError } from './errors.js';

/** A photo's SHA-256 in hex, as the server names its bytes (`X-Content-SHA256`). */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) {
    // crypto.subtle exists only in secure contexts (HTTPS or localhost).
    throw new PhotoError('unavailable');
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
