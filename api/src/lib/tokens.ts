import { hash, randomBytes } from 'node:crypto';

/**
 * Opaque bearer tokens: 32 random bytes, prefixed so a leaked one is recognisable in logs or
 * secret scanners. Only their SHA-256 is stored: with 256 bits of entropy a fast hash is
 * enough, and a stolen database yields no usable token.
 */
export function newSessionToken(): string {
  return `urs_${randomBytes(32).toString('base64url')}`;
}

/** One-shot `hash`: a third of `createHash`'s cost, and every authenticated request pays it. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * An area's poster token (docs/decisions/029-public-problem-form.md): 12 random bytes, 16
 * URL-safe characters. Short enough for a QR code a phone reads from across a corridor and for
 * the address printed under it; 96 bits no one guesses, least of all at the form's throttled pace.
 */
export function newPosterToken(): string {
  return randomBytes(12).toString('base64url');
}
